// Why this file exists: choosing a file to open or save with the desktop's own dialog
// (`GtkFileChooserNative`, the GTK 4.8 API; `GtkFileDialog` is 4.10), answered in Swift.

import CGtk

/// The desktop's file chooser, opened over a window; it answers once with a path or `nil`.
@MainActor
public final class FileChooser: ObjectHandle {
    /// Whether the user picks an existing file or names one to write.
    public enum Purpose {
        case open
        case openFolder
        case save(suggestedName: String)
    }

    /// Which files the chooser lists: by name pattern (`*.json`) or by type (`image/png`).
    public struct Filter {
        public var name: String
        public var patterns: [String] = []
        public var mimeTypes: [String] = []

        public init(name: String, patterns: [String] = [], mimeTypes: [String] = []) {
            self.name = name
            self.patterns = patterns
            self.mimeTypes = mimeTypes
        }
    }

    /// Choosers waiting for their answer (GTK does not keep a native dialog alive).
    private static var open: [ObjectIdentifier: FileChooser] = [:]

    private init(purpose: Purpose, title: String, acceptLabel: String, cancelLabel: String, filter: Filter?, parent: Widget) {
        let action: GtkFileChooserAction
        switch purpose {
        case .open: action = GTK_FILE_CHOOSER_ACTION_OPEN
        case .openFolder: action = GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        case .save: action = GTK_FILE_CHOOSER_ACTION_SAVE
        }
        super.init(owning: UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, bl_window(parent.gObject), action, acceptLabel, cancelLabel)))
        gtk_native_dialog_set_modal(bl_native_dialog(gObject), 1)
        if case .save(let name) = purpose { gtk_file_chooser_set_current_name(OpaquePointer(gObject), name) }
        if let filter {
            let fileFilter = gtk_file_filter_new()
            gtk_file_filter_set_name(fileFilter, filter.name)
            filter.patterns.forEach { gtk_file_filter_add_pattern(fileFilter, $0) }
            filter.mimeTypes.forEach { gtk_file_filter_add_mime_type(fileFilter, $0) }
            gtk_file_chooser_add_filter(OpaquePointer(gObject), fileFilter)  // takes the reference
        }
    }

    /// Shows a chooser over `parent` (a window); `answer` gets the chosen path, or `nil` if cancelled.
    public static func present(
        _ purpose: Purpose,
        title: String,
        acceptLabel: String,
        cancelLabel: String,
        filter: Filter? = nil,
        over parent: Widget,
        answer: @escaping @MainActor (String?) -> Void
    ) {
        let chooser = FileChooser(purpose: purpose, title: title, acceptLabel: acceptLabel, cancelLabel: cancelLabel, filter: filter, parent: parent)
        let id = ObjectIdentifier(chooser)
        open[id] = chooser
        chooser.connectInt("response") { [weak chooser] response in
            let path = response == GTK_RESPONSE_ACCEPT.rawValue ? chooser?.chosenPath : nil
            open[id] = nil
            answer(path)
        }
        gtk_native_dialog_show(bl_native_dialog(chooser.gObject))
    }

    private var chosenPath: String? {
        guard let file = gtk_file_chooser_get_file(OpaquePointer(gObject)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}
