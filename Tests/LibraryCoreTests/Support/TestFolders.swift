import Foundation
@testable import LibraryCore

/// The source tree, found from this file's path.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // LibraryCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The bundled default library, `data/albums.json`.
    static let defaultLibrary = root.appendingPathComponent("data/albums.json")
}

/// A fresh set of XDG folders under a temporary directory, removed when released.
final class TestFolders: @unchecked Sendable {
    let root: URL
    let locations: StorageLocations

    init(defaultLibrary: URL? = Repository.defaultLibrary) {
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

    var libraryFolder: URL { locations.libraryFile.deletingLastPathComponent() }
    var stateFolder: URL { locations.stateFile.deletingLastPathComponent() }

    /// The names of the files in `folder`, sorted.
    func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Writes `text` as the library file, as if left by an earlier run.
    func writeLibrary(_ text: String) throws {
        try write(text, to: locations.libraryFile)
    }

    func writeState(_ text: String) throws {
        try write(text, to: locations.stateFile)
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// Albums for tests, distinct by number.
func sampleAlbum(_ number: Int) -> Album {
    Album(
        title: "Album \(number)",
        artist: "Artist \(number)",
        genre: "Genre",
        coverUrl: "https://example.org/covers/\(number).png",
        year: "\(1950 + number % 70)"
    )
}
