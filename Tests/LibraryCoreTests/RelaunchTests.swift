import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// A "relaunch" is a new `LibraryAPI` over the same folders, as the next start of the app.
@MainActor
@Suite("Relaunch")
struct RelaunchTests {
    @Test("a relaunch restores the list, the selection, the window size and the undo history")
    func restoresEverything() throws {
        let folders = TestFolders()
        do {
            let first = LibraryAPI(locations: folders.locations)
            #expect(first.albums.count == 5)
            #expect(first.selectedIndex == 0)
            first.deleteAlbum(at: 1)  // "It's My Life"
            first.selectAlbum(at: 2)  // U2
            first.windowSize = WindowSize(width: 1024, height: 700)
            first.close()  // what quitting does
        }

        let second = LibraryAPI(locations: folders.locations)
        #expect(second.loadProblems.isEmpty)
        #expect(second.albums.map(\.artist) == ["David Bowie", "Sting", "U2", "Madonna"])
        #expect(second.selectedAlbum?.artist == "U2")
        #expect(second.windowSize == WindowSize(width: 1024, height: 700))
        #expect(second.canUndo)

        second.undo()
        #expect(second.albums.map(\.artist) == ["David Bowie", "No Doubt", "Sting", "U2", "Madonna"])
        #expect(second.selectedAlbum?.title == "It's My Life")
        second.close()

        let third = LibraryAPI(locations: folders.locations)
        #expect(third.canRedo && !third.canUndo)
        #expect(third.selectedIndex == 1)
    }

    @Test("changes are committed without an explicit save")
    func savesByThemselves() async throws {
        let folders = TestFolders()
        let first = LibraryAPI(locations: folders.locations, saveDelay: .milliseconds(20))
        first.deleteAlbum(at: 0)
        // No flush: wait until the commit lands, as a killed app would leave it.
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard  // a guard against a hang
        while (try? folders.database().albums.count) != 4 {
            try #require(ContinuousClock.now < deadline, "the deletion was not committed")
            try await Task.sleep(for: .milliseconds(10))
        }
        first.close()
        #expect(LibraryAPI(locations: folders.locations).count == 4)
    }

    @Test("a saved selection outside a shorter list is clamped; an empty list has none")
    func selectionIsClamped() throws {
        let folders = TestFolders()
        try folders.writeLibrary([sampleAlbum(1), sampleAlbum(2)])
        try folders.writeState(#"{"selectedIndex": 7}"#)
        #expect(LibraryAPI(locations: folders.locations).selectedIndex == 1)

        try folders.writeState(#"{"selectedIndex": -3}"#)
        #expect(LibraryAPI(locations: folders.locations).selectedIndex == 0)

        let emptyFolders = TestFolders()
        try emptyFolders.writeLibrary("[]")
        let empty = LibraryAPI(locations: emptyFolders.locations)
        #expect(empty.selectedIndex == nil)
        #expect(empty.selectedAlbum == nil)
    }

    @Test("a damaged library is reported to the window and the app still starts")
    func reportsLoadProblems() throws {
        let folders = TestFolders()
        try folders.write("\u{0}\u{1}binary garbage", to: folders.locations.databaseFile)
        let library = LibraryAPI(locations: folders.locations)
        #expect(library.count == 5)
        #expect(library.loadProblems.count == 1)
        #expect(library.loadProblems.first?.message.hasPrefix("Your library database is damaged") == true)
        #expect(library.loadProblems.first?.message.hasSuffix("The default library was loaded.") == true)
    }

    @Test("a failed commit is told once, the change stays, and the next change commits both")
    func saveFailureIsAnnounced() async throws {
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        library.flush()
        let log = EventLog(library)
        // Another connection takes the history table away: every commit fails.
        let other = try LibraryDatabase(url: folders.locations.databaseFile)
        try Self.execute("ALTER TABLE command RENAME TO command_away", in: other)

        library.deleteAlbum(at: 0)
        library.flush()
        library.deleteAlbum(at: 0)
        library.flush()
        try await waitFor { log.events.contains { $0.hasPrefix("save failed") } }
        #expect(library.count == 3, "the changes stay in the window")
        #expect(library.hasUnsavedChanges)
        #expect(try other.allEntries().count == 5, "the database is unchanged")

        try Self.execute("ALTER TABLE command_away RENAME TO command", in: other)
        library.deleteAlbum(at: 0)
        library.flush()
        try await waitFor { log.events.contains("save recovered") }
        #expect(log.events.filter { $0.hasPrefix("save failed") }.count == 1)
        #expect(!library.hasUnsavedChanges)
        let stored = try folders.database()
        #expect(stored.albums.count == 2)
        #expect(stored.history.undoCommands.count == 3)
    }

    private static func execute(_ sql: String, in database: LibraryDatabase) throws {
        try database.writer.write { try $0.execute(sql: sql) }
    }

    private func waitFor(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard  // a guard against a hang
        while !condition() {
            try #require(ContinuousClock.now < deadline, "timed out")
            await Task.yield()
        }
    }
}
