import Foundation
import Testing
import TestSupport
@testable import LibraryCore

// MARK: - A new library beside a newer version's

extension YearOfUseTests {
    /// In a newer version's library, shown read-only, the user starts a new library: the app
    /// starts again on a separate one (the first run's), where changes are saved, and the
    /// newer version's files stay as they were. The next launch opens the new library.
    @Test func aNewLibraryStartsBesideANewerVersionsOne() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let before = try await Self.makeNewerVersionsLibrary(in: folders)

            // On a session bus, as in a desktop session: the app holds its name there, and the
            // start after the restart must find it free, not hand itself to the closed connection.
            let bus = try SessionBus()
            defer { bus.stop() }
            let app = try AppProcess(folders: folders, bus: bus.address)
            _ = try await app.report { $0.stripHasFocus && $0.problem?.contains("start a new library") == true }
            try await app.answer(windowTitled: "Read-Only Library", pressing: "alt+s")  // Start a New Library
            // The same process, started again on the new library. Only its reports select the
            // first album (a first run's); the newer version's state.json selected the third,
            // and the last report before the restart (the dialog closed) says so.
            let restarted = try await app.report { $0.stripHasFocus && $0.problem == nil && $0.selectedIndex == 0 }
            #expect(restarted.albumCount == 5, "a first run's library")
            try await app.press("Delete")
            let changed = try await app.report { $0.albumCount == 4 && $0.canUndo }
            try await app.press("ctrl+q")
            let status = try await app.waitForExit()
            #expect(status == 0)

            let separate = folders.locations.separateLibrary
            let after = try Self.newerVersionsFiles(in: folders)
            let saved = try? Self.storedLibrary(copying: separate.databaseFile)
            #expect(after == before, "the newer version's files and state.json are as it left them: \(after.library.keys.sorted())")
            #expect(saved?.albums.count == 4, "the change is saved in the new library")

            let relaunched = try AppProcess(folders: folders, bus: bus.address)
            let opened = try await relaunched.report { $0.stripHasFocus }
            #expect(opened.albumCount == 4 && opened.problem == nil, "the next launch opens the new library")
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area,
                attempt: "Start a New Library, in a library a newer BlueLibrary migrated (shown read-only), then a deletion and two launches",
                outcome: "the app starts again on a separate library (\(restarted.albumCount) albums, a first run’s); the deletion is saved there (\(saved.map { "\($0.albums.count)" } ?? "no") albums) and the next launch opens it (\(opened.albumCount)); the newer version’s files and state.json \(after == before ? "unchanged byte for byte" : "changed")",
                held: restarted.albumCount == 5 && changed.albumCount == 4 && saved?.albums.count == 4 && opened.albumCount == 4
                    && opened.problem == nil && after == before && status == 0)])
        }
    }
}
