import Fixtures
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

/// A fresh set of XDG folders under a temporary directory (`ScratchFolders`), removed when
/// released, with what tests write into them and read from them.
public final class TestFolders: @unchecked Sendable {
    private let scratch: ScratchFolders
    public var root: URL { scratch.root }
    public var locations: StorageLocations { scratch.locations }

    public init(defaultLibrary: URL? = Repository.defaultLibrary) {
        scratch = ScratchFolders(prefix: "bluelibrary-tests", defaultLibrary: defaultLibrary)
    }

    public var libraryFolder: URL { locations.dataFolder }
    public var stateFolder: URL { locations.stateFile.deletingLastPathComponent() }

    /// The names of the files in `folder`, sorted.
    public func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Puts a file where the state folder goes, so `state.json` can be neither written nor its
    /// folder created (as root too); returns how to put the folder back as it was.
    @discardableResult
    public func blockStateFolder() throws -> () throws -> Void {
        let manager = FileManager.default
        let folder = stateFolder
        let moved = folder.deletingLastPathComponent().appendingPathComponent("moved-aside")
        let existed = manager.fileExists(atPath: folder.path)
        if existed { try manager.moveItem(at: folder, to: moved) }
        try manager.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: folder)
        return {
            try manager.removeItem(at: folder)
            if existed { try manager.moveItem(at: moved, to: folder) }
        }
    }

    /// Writes `text` as the `albums.json` of a version before the database, as if left by an
    /// earlier run: the next start imports it.
    public func writeLibrary(_ text: String) throws {
        try scratch.writeLegacyLibrary(Data(text.utf8))
    }

    /// Writes `albums` as the `albums.json` of a version before the database.
    public func writeLibrary(_ albums: [Album]) throws {
        try writeLibrary(String(decoding: try AlbumList.encode(albums), as: UTF8.self))
    }

    /// What the library database holds: what a relaunch would find.
    public func database() throws -> StoredLibrary {
        // Read-only: a read-write pool would write to the WAL on opening (GRDB makes sure a
        // WAL exists for its readers), after the app's clean close.
        let database = try LibraryDatabase(readingOnly: locations.databaseFile, immutable: false)
        defer { database.close() }
        return StoredLibrary(entries: try database.allEntries(), history: try database.history(), isSound: database.damage() == nil)
    }

    /// The listens the library's history holds, oldest first (read while the app runs, too).
    public func listens() throws -> [Listen] {
        let database = try LibraryDatabase(readingOnly: locations.databaseFile, immutable: false)
        defer { database.close() }
        return try database.listens()
    }

    /// The state of a user who turned on Preferences ▸ Keep Notices Until Closed: a test that
    /// reads a notice in a launched app finds it however long a loaded machine takes.
    public static let stateKeepingNotices = #"{"preferences":{"keepsNoticesUntilClosed":true}}"#

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

/// The content of a library database, read by a test.
public struct StoredLibrary {
    /// In the user's order.
    public let entries: [LibraryEntry]
    /// To undo, oldest first; to redo, the next one last.
    public let history: UndoStack
    /// `PRAGMA quick_check` found nothing wrong.
    public let isSound: Bool

    public var albums: [Album] { entries.map(\.album) }

    /// Whether the history and the albums agree: undoing the commands one by one from the
    /// newest, each finds its albums where it left them (in, if it put them in); redoing
    /// from the next one, each finds them where undo left them.
    public var historyAgrees: Bool {
        let present = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0.album) })
        var state = present
        for recorded in history.undoCommands.reversed() {
            guard Self.apply(recorded.command, forward: false, to: &state) else { return false }
        }
        state = present
        for recorded in history.redoCommands.reversed() {
            guard Self.apply(recorded.command, forward: true, to: &state) else { return false }
        }
        return true
    }

    /// Carries `command` out (or undoes it) on `state`, if the albums it expects are there.
    private static func apply(_ command: LibraryCommand, forward: Bool, to state: inout [AlbumID: Album]) -> Bool {
        for change in command.changes(forward: forward) {
            switch change {
            case .insert(let entries):
                guard entries.allSatisfy({ state[$0.id] == nil }) else { return false }
                for entry in entries { state[entry.id] = entry.album }
            case .remove(let entries):
                guard entries.allSatisfy({ state[$0.id] == $0.album }) else { return false }
                for entry in entries { state[entry.id] = nil }
            case .replace(let entries):
                // What the other direction wrote must be there now.
                let written = command.changes(forward: !forward).compactMap { change -> [LibraryEntry]? in
                    if case .replace(let entries) = change { entries } else { nil }
                }
                guard written.joined().allSatisfy({ state[$0.id] == $0.album }) else { return false }
                for entry in entries { state[entry.id] = entry.album }
            }
        }
        return true
    }
}
