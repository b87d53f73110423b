import Foundation
import Testing
import TestSupport
@testable import LibraryCore

// MARK: - A WAL from another computer

extension YearOfUseTests {
    /// A sync tool (Syncthing syncing the data folder) brings `library.sqlite3-wal` from
    /// another computer where BlueLibrary is open, beside a library this computer closed
    /// cleanly. SQLite alone would replay the other copy's pages into this library; the app
    /// sets the file aside, says so, and opens the library as this computer last saved it.
    @Test func aWALFromAnotherComputerIsSetAsideAndTold() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let app = try await Self.launchAndDeleteOneAlbum(folders)
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)

            // The other computer's copy of the same library: three albums deleted there, and
            // still open (its WAL holds the deletions).
            let other = TestFolders()
            let elsewhere = try AppProcess(folders: other)
            _ = try await elsewhere.report { $0.stripHasFocus && $0.albumCount == 5 }
            try await elsewhere.press("Delete", "Delete", "Delete")
            _ = try await elsewhere.report { $0.albumCount == 2 }
            let foreignWAL = URL(fileURLWithPath: other.locations.databaseFile.path + "-wal")
            let committed = ContinuousClock.now
            while (try? other.database().albums.count) != 2 {
                try #require(ContinuousClock.now - committed < MainLoopDriver.hangGuard, "the deletions were not committed")
                try await Task.sleep(for: .milliseconds(25))  // another process writes the file
            }
            kill(elsewhere.process.processIdentifier, SIGKILL)
            _ = try await elsewhere.waitForExit()
            // As a sync tool writes it: beside, then renamed over the (empty) WAL quitting left.
            let journal = URL(fileURLWithPath: folders.locations.databaseFile.path + "-wal")
            let leftByQuit = try? FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int
            #expect(leftByQuit ?? 0 == 0, "quitting left no change in the WAL")
            let incoming = folders.libraryFolder.appendingPathComponent(".syncthing.library.sqlite3-wal.tmp")
            try FileManager.default.copyItem(at: foreignWAL, to: incoming)
            try #require(rename(incoming.path, journal.path) == 0)
            let journalSize = try #require(try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int)

            let relaunched = try AppProcess(folders: folders)
            let opened = try await relaunched.report { $0.stripHasFocus && $0.problem != nil }
            let told = opened.problem ?? ""
            let kept = folders.files(in: folders.libraryFolder).filter { $0.hasPrefix("library.sqlite3-wal.foreign-") && !$0.hasSuffix("-shm") }
            let keptSize = try kept.first.map {
                try FileManager.default.attributesOfItem(atPath: folders.libraryFolder.appendingPathComponent($0).path)[.size] as? Int
            } ?? nil
            #expect(opened.albumCount == 4, "this computer's library, not the other copy's")
            #expect(told.contains("not left by BlueLibrary on this computer") && told.contains(kept.first ?? "no kept file"), "\(told)")
            #expect(keptSize == journalSize, "the other computer's changes are kept whole")
            try await relaunched.press("ctrl+q")
            let status = try await relaunched.waitForExit()
            #expect(status == 0)
            let stored = try folders.database()
            #expect(stored.albums.count == 4 && stored.isSound && stored.historyAgrees)

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area,
                attempt: "a sync tool bringing library.sqlite3-wal from another computer (3 deletions there, still open) beside this computer’s library (1 deletion, quit cleanly)",
                outcome: "the window shows this computer’s \(opened.albumCount) albums and says the WAL was not left by BlueLibrary on this computer, naming where it was kept (\(keptSize.map { "\($0) bytes, whole" } ?? "not kept")); after quitting, the file holds \(stored.albums.count) albums, \(stored.isSound ? "sound" : "damaged")",
                held: opened.albumCount == 4 && told.contains("not left by BlueLibrary on this computer") && keptSize == journalSize
                    && stored.albums.count == 4 && stored.isSound && stored.historyAgrees && status == 0)])
        }
    }
}
