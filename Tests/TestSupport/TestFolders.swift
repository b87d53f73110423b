import Foundation
import LibraryCore

/// The source tree, found from this file's path.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The bundled default library, `data/albums.json`.
    public static let defaultLibrary = root.appendingPathComponent("data/albums.json")
}

/// A fresh set of XDG folders under a temporary directory, removed when released.
public final class TestFolders: @unchecked Sendable {
    public let root: URL
    public let locations: StorageLocations

    public init(defaultLibrary: URL? = Repository.defaultLibrary) {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("bluelibrary-tests-\(UUID().uuidString)", isDirectory: true)
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

    public var libraryFolder: URL { locations.libraryFile.deletingLastPathComponent() }
    public var stateFolder: URL { locations.stateFile.deletingLastPathComponent() }

    /// The names of the files in `folder`, sorted.
    public func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Writes `text` as the library file, as if left by an earlier run.
    public func writeLibrary(_ text: String) throws {
        try write(text, to: locations.libraryFile)
    }

    public func writeState(_ text: String) throws {
        try write(text, to: locations.stateFile)
    }

    public func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// Albums for tests, distinct by number.
public func sampleAlbum(_ number: Int) -> Album {
    Album(
        title: "Album \(number)",
        artist: "Artist \(number)",
        genre: "Genre",
        coverUrl: "https://example.org/covers/\(number).png",
        year: "\(1950 + number % 70)"
    )
}
