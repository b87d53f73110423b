import Foundation
import LibraryCore

// MARK: - ScratchFolders

/// A fresh set of XDG folders (data, state, cache) under a temporary directory, removed when
/// released: where a test or a bench run keeps a library of its own, never the user's.
public final class ScratchFolders: @unchecked Sendable {
    public let root: URL
    public let locations: StorageLocations

    /// - Parameters:
    ///   - prefix: the temporary directory's name before its unique part.
    ///   - defaultLibrary: the `albums.json` a first run fills the library from; `nil` for none.
    public init(prefix: String, defaultLibrary: URL?) {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        locations = StorageLocations(
            dataHome: root.appendingPathComponent("data"),
            stateHome: root.appendingPathComponent("state"),
            cacheHome: root.appendingPathComponent("cache"),
            defaultLibrary: defaultLibrary
        )
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes `data` as the `albums.json` of a version before the database: the next start
    /// imports it into the library.
    public func writeLegacyLibrary(_ data: Data) throws {
        let file = locations.legacyLibraryFile
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }
}
