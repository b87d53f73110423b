import Foundation
import GtkKit
import LibraryCore

// MARK: - CoverIntake

/// Turns an image the user gave (a file chosen or dropped, image data dropped) into a cover
/// kept in the app's own storage: read and checked off the GTK thread as a download is
/// (a regular file, at most 20 MB, an image's signature, whole), decoded at the size the
/// strip shows it (so it shows at once, and an image that cannot be decoded is refused
/// before anything changes), then stored.
@MainActor
struct CoverIntake {
    let library: LibraryAPI
    let textures: CoverTextures

    /// The reference to give the album, or why the image cannot be its cover.
    ///
    /// - Parameter scale: the screen's scale, so the texture kept is the one the strip shows.
    func take(_ item: DroppedItem, scale: Int) async throws(CoverFileError) -> String {
        let data: Data
        let name: String
        switch item {
        case .file, .files:
            // Of several files, the first: an album has one cover.
            guard let file = item.files.first else { throw .notAnImage(name: "") }
            name = file.lastPathComponent
            data = try await library.readCoverImage(at: file)
        case .texture(let texture):
            name = ""
            data = await texture.pngData()
            try OwnCovers.check(data, name: name)
        }
        guard let reference = OwnCovers.reference(for: data) else { throw .notAnImage(name: name) }
        let key = CoverTextures.Key(address: reference, pixelSize: AlbumView.coverSize * max(1, scale))
        do {
            _ = try await textures.decode(data, for: key)
        } catch {
            Log.ui.info("\(name) could not be decoded: \(error)")
            throw .notDecodable(name: name)
        }
        return try await library.storeCover(data)
    }
}
