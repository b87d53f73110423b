// Why this file exists: what the user drops onto a widget (a file from the file manager, or
// image data from a browser or an image viewer) reaches GTK as a `GValue` holding a `GFile`
// or a `GdkTexture`; this turns it into a Swift value.

import CGtk
import Foundation

// MARK: - DroppedItem

/// What was dropped: local files, or image data.
@MainActor
public enum DroppedItem {
    /// A file, by its local path.
    case file(URL)
    /// Several files at once (a selection dragged from the file manager), by their local
    /// paths.
    case files([URL])
    /// Image data (pixels), e.g. dragged out of a web browser.
    case texture(Texture)

    /// The item a drop's value holds; `nil` for files with no local path (remote ones).
    init?(value: UnsafePointer<GValue>) {
        if let file = bl_value_file(value) {
            guard let url = Self.localURL(of: file) else { return nil }
            self = .file(url)
        } else if let list = bl_value_files(value) {
            var urls: [URL] = []
            var node: UnsafeMutablePointer<GSList>? = list
            while let element = node {
                if let file = element.pointee.data, let url = Self.localURL(of: OpaquePointer(file)) { urls.append(url) }
                node = element.pointee.next
            }
            guard let first = urls.first else { return nil }
            self = urls.count == 1 ? .file(first) : .files(urls)
        } else if let texture = bl_value_texture(value) {
            self = .texture(Texture(borrowingTexture: texture))
        } else {
            return nil
        }
    }

    /// The URL of a local file; nil for a remote one. By URI, which keeps the bytes of a name
    /// that is not UTF-8.
    private static func localURL(of file: OpaquePointer) -> URL? {
        guard g_file_is_native(file) != 0, let uri = g_file_get_uri(file) else { return nil }
        defer { g_free(uri) }
        return URL(string: String(cString: uri))
    }

    /// The files dropped (none for image data).
    public var files: [URL] {
        switch self {
        case .file(let url): [url]
        case .files(let urls): urls
        case .texture: []
        }
    }
}

// MARK: - DropTarget

/// Accepts files and image data dropped onto its widget, as a copy (`GtkDropTarget`).
@MainActor
public final class DropTarget: EventController {
    public init() {
        super.init(owning: UnsafeMutableRawPointer(bl_drop_target_new_for_files_and_textures()))
    }

    /// Called with what was dropped and where (in the widget's coordinates); return true when
    /// it was taken.
    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor (DroppedItem, _ x: Double, _ y: Double) -> Bool) -> SignalConnection {
        connectDrop(handler)
    }
}
