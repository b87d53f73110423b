import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// A damaged database, `albums.json` (an earlier version's, being imported) and `state.json`:
/// the library still opens, says what happened, keeps the damaged file aside, and loads the
/// backup or the default; it crashes on none of them.
@MainActor
@Suite("Damaged files")
struct DamagedFileTests {
    /// One kind of damage, as the bytes of a file.
    struct Damage: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: @Sendable () -> Data
        var testDescription: String { name }
    }

    nonisolated static let damages: [Damage] = [
        Damage(name: "empty") { Data() },
        Damage(name: "truncated") { Data(#"[{"title": "Blue", "artist": "Joni Mitch"#.utf8) },
        Damage(name: "binary garbage") { Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }) },
        Damage(name: "invalid UTF-8") { Data([0x5B, 0x22, 0xC3, 0x28, 0xFF, 0xFE, 0x22, 0x5D]) },
        Damage(name: "wrong types") { Data(#"[{"title": 1, "artist": true, "genre": null, "coverUrl": [], "year": {}}]"#.utf8) },
        Damage(name: "missing keys") { Data(#"[{"title": "Blue"}]"#.utf8) },
        Damage(name: "a 50 MB string") { Data(("[{\"title\": \"" + String(repeating: "x", count: 50_000_000) + "\"").utf8) },
        Damage(name: "10,000-deep nesting") { Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8) },
        Damage(name: "an object instead of an array") { Data(#"{"albums": []}"#.utf8) },
    ]

    /// What can happen to the database file: each is a distinct case (the JSON damages above
    /// are all one case for SQLite, "not a database"), with `pageDamage` below.
    nonisolated static let databaseDamages: [Damage] = [
        Damage(name: "empty") { Data() },
        Damage(name: "text instead of a database (an albums.json written over it)") { Data(#"[{"title": "Blue", "artist": "Joni Mitchell"}]"#.utf8) },
        Damage(name: "binary garbage") { Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }) },
    ]

    /// The same damage for the state file, whose top level is an object.
    nonisolated static let stateDamages: [Damage] = damages.map { damage in
        switch damage.name {
        case "wrong types": Damage(name: "wrong types") { Data(#"{"selectedIndex": "three", "windowSize": true}"#.utf8) }
        case "missing keys": Damage(name: "missing keys") { Data(#"{"windowSize": {"width": 800}}"#.utf8) }
        case "an object instead of an array": Damage(name: "an array instead of an object") { Data("[1, 2, 3]".utf8) }
        default: damage
        }
    }

    @Test("a damaged album list is kept aside and the backup is loaded", arguments: damages)
    func damagedLibrary(_ damage: Damage) throws {
        let folders = TestFolders()
        let backup = [sampleAlbum(1), sampleAlbum(2)]
        try folders.write(String(decoding: try AlbumList.encode(backup), as: UTF8.self),
                          to: folders.locations.legacyLibraryFile.appendingPathExtension("bak"))
        let library = try open(folders, damaging: folders.locations.legacyLibraryFile, with: damage)
        #expect(library.albums == backup)
        let problem = try #require(library.loadProblems.first)
        #expect(problem.document == .library && problem.recovery == .backup)
        let keptAside = folders.files(in: folders.libraryFolder).filter { $0.hasPrefix("albums.json.corrupt-") }
        #expect(keptAside.count == 1, "the damaged file is kept, never deleted")
        record("albums.json: \(damage.name)", "told in a dialog; kept aside; the backup (2 albums) loaded",
               held: library.albums == backup && keptAside.count == 1)
    }

    @Test("a damaged album list without a backup falls back to the default library", arguments: damages)
    func damagedLibraryWithoutBackup(_ damage: Damage) throws {
        let folders = TestFolders()
        let library = try open(folders, damaging: folders.locations.legacyLibraryFile, with: damage)
        #expect(library.albums.count == 5)
        #expect(library.loadProblems.first?.recovery == .defaultLibrary)
        record("albums.json without backup: \(damage.name)", "told in a dialog; kept aside; the default library (5 albums) loaded",
               held: library.albums.count == 5)
    }

    @Test("a damaged state file is kept aside and the defaults are used", arguments: stateDamages)
    func damagedState(_ damage: Damage) throws {
        let folders = TestFolders()
        let library = try open(folders, damaging: folders.locations.stateFile, with: damage)
        #expect(library.albums.count == 5)
        #expect(library.selectedIndex == 0)
        let problem = try #require(library.loadProblems.first)
        #expect(problem.document == .state && problem.recovery == .defaultState)
        let keptAside = folders.files(in: folders.stateFolder).filter { $0.hasPrefix("state.json.corrupt-") }
        #expect(keptAside.count == 1)
        record("state.json: \(damage.name)", "told in a dialog; kept aside; default selection and window size (the undo history is in the database)",
               held: keptAside.count == 1 && library.selectedIndex == 0)
    }

    @Test("a damaged database is kept aside and the latest backup is restored", arguments: databaseDamages + [pageDamage])
    func damagedDatabase(_ damage: Damage) throws {
        let folders = TestFolders()
        try folders.writeLibrary((0..<300).map(sampleAlbum))
        do {
            let first = LibraryAPI(locations: folders.locations, saveDelay: .zero)  // imports, backs up
            first.deleteAlbum(at: 0)  // after the backup: lost with the database
            // Closed, as quitting does: a read of its own still running aside (the genres, after
            // the import) would otherwise hold the file open and write its WAL into the file
            // damaged below once it ends (a loaded machine kept aside a changed file).
            first.close()
        }
        let database = folders.locations.databaseFile
        let damaged = damage.name == Self.pageDamage.name ? try Self.overwriteMiddle(of: database) : damage.bytes()
        try damaged.write(to: database)
        try? FileManager.default.removeItem(atPath: database.path + "-wal")
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.count == 300, "the backup, made at the first start")
        let problem = try #require(library.loadProblems.first)
        #expect(problem.recovery == .backup)
        #expect(problem.message.hasPrefix("Your library database is damaged"))
        let keptAside = folders.files(in: folders.libraryFolder)
            .filter { $0.hasPrefix("library.sqlite3.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(keptAside.count == 1, "the damaged database is kept, never deleted")
        #expect(try Data(contentsOf: folders.libraryFolder.appendingPathComponent(keptAside.first ?? "")) == damaged)
        record("library.sqlite3: \(damage.name)", "told in a dialog; kept aside; the latest backup (300 albums) restored",
               held: library.count == 300 && keptAside.count == 1)
    }

    @Test("a damaged database without a backup falls back to the default library")
    func damagedDatabaseWithoutBackup() throws {
        let folders = TestFolders()
        try folders.write("SQLite format 3\u{0}but not really", to: folders.locations.databaseFile)
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.count == 5)
        #expect(library.loadProblems.first?.recovery == .defaultLibrary)
        #expect(folders.files(in: folders.libraryFolder).contains { $0.hasPrefix("library.sqlite3.corrupt-") })
        record("library.sqlite3 without backup: a fake header", "told in a dialog; kept aside; the default library (5 albums) loaded",
               held: library.count == 5)
    }

    /// A real database with pages in its middle overwritten (fails `PRAGMA quick_check`).
    nonisolated static let pageDamage = Damage(name: "pages overwritten in the middle") { Data() }

    private static func overwriteMiddle(of file: URL) throws -> Data {
        var data = try Data(contentsOf: file)
        let start = data.count / 2
        data.replaceSubrange(start..<min(start + 8192, data.count), with: Data(repeating: 0xA5, count: min(8192, data.count - start)))
        return data
    }

    /// Writes `damage` over `file`, then opens the library as a launch would.
    private func open(_ folders: TestFolders, damaging file: URL, with damage: Damage) throws -> LibraryAPI {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try damage.bytes().write(to: file)
        return LibraryAPI(locations: folders.locations, saveDelay: .zero)
    }

    private func record(_ attempt: String, _ outcome: String, held: Bool) {
        ReliabilityLog.record([ReliabilityRow(area: "Damaged files", attempt: attempt, outcome: outcome, held: held)])
    }
}
