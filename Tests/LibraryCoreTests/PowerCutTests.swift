import Foundation
import GRDB
import Testing
import TestSupport
@testable import LibraryCore

/// A power cut right after a change: what SQLite promises then depends on the writer's
/// `synchronous` level. With FULL, a commit is synced to the disk (the WAL `fdatasync`ed)
/// before it counts as done, so every change committed survives; with NORMAL, which GRDB
/// sets on a pool's writer, the last commits may be lost. A row of the fault suite (area "A
/// year of use"); the cost is measured in CONTRIBUTING.md ("Where your data lives").
@MainActor
struct PowerCutTests {
    @Test("a change is synced to the disk when it is committed (synchronous = FULL on the writer)")
    func committedChangesAreSynced() throws {
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        library.deleteAlbum(at: 0)
        library.flush()  // committed
        // The level of the connection that wrote the commit (a pool has one writer).
        let level = try library.persistency.database.writer.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA synchronous")
        }
        #expect(level == 2, "FULL is 2, NORMAL 1")
        #expect(try folders.database().albums.count == 4)

        ReliabilityLog.record([ReliabilityRow(
            area: "A year of use", attempt: "a power cut right after a change (what is synced when a deletion is committed)",
            outcome: "the writer's synchronous level is \(level.map(String.init) ?? "unknown") (\(level == 2 ? "FULL: the WAL is fdatasynced at each commit, so a committed change survives" : "not FULL: the last commits may be lost")); 1 fdatasync per deletion measured with strace",
            held: level == 2)])
    }
}
