import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// What a year of use brings, with the real binary: a library that a newer BlueLibrary
/// migrated, opened again by this one (a Flatpak rollback, a distribution downgrade). Each
/// case is a row of the fault suite (area "A year of use").
@Suite(.serialized)
struct YearOfUseTests {
    static let area = "A year of use"

    @Test func aLibraryFromANewerVersionIsShownAndNeverWritten() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let before = try await Self.makeNewerVersionsLibrary(in: folders)

            let app = try AppProcess(folders: folders)
            let opened = try await app.report { $0.stripHasFocus && $0.problem != nil }
            let told = opened.problem ?? ""
            #expect(opened.albumCount == 5, "the library is shown")
            #expect(told.contains("made by a newer version of BlueLibrary") && told.contains("update BlueLibrary"), "\(told)")
            #expect(!opened.canUndo)

            try await app.press("Delete")  // the dialog (not modal) shows the refusal instead
            let refused = try await app.report { $0.problem?.contains("the change was not made") == true }
            let refusal = refused.problem ?? ""
            #expect(refusal.contains("the change was not made"), "\(refusal)")
            #expect(refused.albumCount == 5, "nothing deleted")
            try await app.press("ctrl+q")
            let status = try await app.waitForExit()
            #expect(status == 0)

            let after = try Self.newerVersionsFiles(in: folders)
            #expect(after.library == before.library, "the data folder is as the newer version left it: \(after.library.keys.sorted()) after \(before.library.keys.sorted())")
            #expect(after.state == before.state, "state.json is as the newer version left it")

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area,
                attempt: "a library a newer BlueLibrary migrated (an unknown migration and table, an unknown key in state.json), opened by this version",
                outcome: "the window shows its \(opened.albumCount) albums and says “made by a newer version … update BlueLibrary”; Delete is refused with the same advice (\(refused.albumCount) albums); the data folder and state.json \(after == before ? "unchanged byte for byte, nothing renamed" : "changed")",
                held: opened.albumCount == 5 && refused.albumCount == 5 && refusal.contains("the change was not made")
                    && after == before && status == 0)])
        }
    }
}

// MARK: - A backup or sync tool

extension YearOfUseTests {
    /// A backup or sync tool that copies `library.sqlite3` alone (not its WAL) once the app has
    /// quit finds every change in it: quitting moves the WAL into the file.
    @Test func theLibraryFileAloneHoldsEveryChangeOnceTheAppQuits() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let app = try await Self.launchAndDeleteOneAlbum(folders)
            try await app.press("ctrl+q")
            let status = try await app.waitForExit()
            #expect(status == 0)

            let copied = try Self.storedLibrary(copying: folders.locations.databaseFile)
            #expect(copied.albums.count == 4, "the deletion is in the file itself")
            #expect(copied.isSound && copied.historyAgrees)

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "a backup or sync tool copying library.sqlite3 alone (without its WAL) after the app quit",
                outcome: "the copy holds \(copied.albums.count) albums after 1 deletion of 5, \(copied.isSound ? "sound" : "damaged"), its undo history \(copied.historyAgrees ? "agreeing" : "disagreeing")",
                held: status == 0 && copied.albums.count == 4 && copied.isSound && copied.historyAgrees)])
        }
    }
}

// MARK: - Replaced while the app runs

extension YearOfUseTests {
    /// A sync tool (Syncthing, Nextcloud) puts another `library.sqlite3` in place (a rename
    /// over it) while the app runs: the window says so at the next change and keeps its own
    /// library beside it; nothing more is written to either, and the next launch opens the
    /// file that replaced it, sound.
    @Test func aLibraryReplacedWhileTheAppRunsIsKeptAndTold() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let app = try await Self.launchAndDeleteOneAlbum(folders)

            // Another machine's library (3 albums), self-contained, renamed over this one.
            let other = TestFolders()
            try other.writeLibrary((1...3).map(sampleAlbum))
            try await SharedLibraryTests.makeLibrary(in: other)
            try SharedLibraryTests.sqlite(other.locations.databaseFile, "PRAGMA wal_checkpoint(TRUNCATE)")
            let incoming = folders.libraryFolder.appendingPathComponent(".syncthing.library.sqlite3.tmp")
            try FileManager.default.copyItem(at: other.locations.databaseFile, to: incoming)
            try #require(rename(incoming.path, folders.locations.databaseFile.path) == 0)

            try await app.press("Delete")
            let told = try await app.report { $0.problem?.contains("replaced your library") == true }
            let kept = folders.files(in: folders.libraryFolder).filter { $0.hasPrefix("library.sqlite3.replaced-") }
            let keptAlbums = try kept.first.map { try Self.storedLibrary(copying: folders.libraryFolder.appendingPathComponent($0)).albums.count }
            #expect(told.problem?.contains(kept.first ?? "no copy") == true, "the message names the copy: \(told.problem ?? "")")
            #expect(keptAlbums == 4, "this window's library, as committed before the replacement")
            app.process.terminate()  // SIGTERM: quits without asking
            let status = try await app.waitForExit()
            #expect(status == 0)

            let relaunched = try AppProcess(folders: folders)
            let opened = try await relaunched.report { $0.stripHasFocus }
            #expect(opened.albumCount == 3, "the file that replaced it")
            #expect(opened.problem == nil, "sound: no repair needed")
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "a sync tool renaming another library.sqlite3 (3 albums) over the one the app has open (4 albums), then a deletion",
                outcome: "the deletion is not saved and the window says the library was replaced, naming the copy it kept (\(keptAlbums.map(String.init) ?? "none") albums); the next launch opens the file that replaced it (\(opened.albumCount) albums, \(opened.problem == nil ? "sound" : "repaired"))",
                held: keptAlbums == 4 && opened.albumCount == 3 && opened.problem == nil && status == 0)])
        }
    }
}

// MARK: - Helpers

extension YearOfUseTests {
    /// The real app on the default library, with its first album deleted.
    static func launchAndDeleteOneAlbum(_ folders: TestFolders) async throws -> AppProcess {
        let app = try AppProcess(folders: folders)
        _ = try await app.report { $0.stripHasFocus && $0.albumCount == 5 }
        try await app.press("Delete")
        _ = try await app.report { $0.albumCount == 4 }
        return app
    }

    /// The files of a newer version's library: the data folder's and `state.json`.
    struct NewerVersionsFiles: Equatable {
        var library: [String: Data]
        var state: Data
    }

    /// The default library as a newer version would have left it: a migration and a table
    /// this one does not know, and a state.json with a key it does not know. Returns its files.
    static func makeNewerVersionsLibrary(in folders: TestFolders) async throws -> NewerVersionsFiles {
        try await SharedLibraryTests.makeLibrary(in: folders)
        try SharedLibraryTests.sqlite(folders.locations.databaseFile,
                                      "INSERT INTO grdb_migrations VALUES ('v99: made by a later BlueLibrary')")
        try SharedLibraryTests.sqlite(folders.locations.databaseFile, "CREATE TABLE future (x)")
        try folders.writeState(#"{"selectedIndex": 2, "fromALaterVersion": true}"#)
        return try newerVersionsFiles(in: folders)
    }

    /// The newer version's files as they are now.
    static func newerVersionsFiles(in folders: TestFolders) throws -> NewerVersionsFiles {
        NewerVersionsFiles(library: try SharedLibraryTests.contents(of: folders.libraryFolder),
                           state: try Data(contentsOf: folders.locations.stateFile))
    }

    /// What the database file `file` holds, read from a copy of it alone (as a backup tool
    /// would have it, without a WAL beside it).
    static func storedLibrary(copying file: URL) throws -> StoredLibrary {
        let copy = TestFolders(defaultLibrary: nil)
        try FileManager.default.createDirectory(at: copy.libraryFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: file, to: copy.locations.databaseFile)
        return try copy.database()
    }
}

// MARK: - A large collection

extension YearOfUseTests {
    /// A large real collection: 1,000,000 tracks in 100,000 albums (the `track` rows written
    /// as an import would have left them). It opens, an album lists its tracks, and SIGKILLs
    /// while deletions commit leave it sound, with its undo history agreeing. (A tenth of it
    /// under a sanitizer: `CollectionScale`.)
    @Test func aMillionTracksInAHundredThousandAlbumsOpenAndSurviveKills() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let count = CollectionScale.albums(100_000)
            try folders.writeLibrary((0..<count).map(sampleAlbum))
            // A large library under a sanitizer on a slow machine takes minutes: the deadlines
            // below only guard against a hang.
            let patience: Duration = .seconds(900)
            try await SharedLibraryTests.makeLibrary(in: folders, timeout: patience)
            try Self.addTracks(perAlbum: 10, to: folders.locations.databaseFile)

            var kills: [String] = []
            for round in 1...3 {
                let app = try AppProcess(folders: folders)
                let opened = try await app.report(where: { $0.stripHasFocus && $0.albumCount > count - 100 }, timeout: patience)
                if round == 1 {
                    try await app.press("Right")
                    let selected = try await app.report(where: { $0.selectedIndex == 1 && $0.tracks.count == 10 }, timeout: patience)
                    #expect(selected.tracks.first?.hasPrefix("1 Track 1") == true, "\(selected.tracks)")
                }
                try await app.press("Delete", "Delete")
                _ = try await app.report(where: { $0.albumCount <= opened.albumCount - 2 }, timeout: patience)
                kill(app.process.processIdentifier, SIGKILL)
                _ = try await app.waitForExit(timeout: patience)
                let stored = try folders.database()
                #expect(stored.isSound && stored.historyAgrees, "round \(round)")
                kills.append("\(stored.albums.count) albums, \(stored.history.undoCommands.count) to undo, \(stored.isSound && stored.historyAgrees ? "sound and agreeing" : "NOT sound or agreeing")")
            }
            let app = try AppProcess(folders: folders)
            let last = try await app.report(where: { $0.stripHasFocus }, timeout: patience)
            try await app.press("ctrl+q")
            let status = try await app.waitForExit(timeout: patience)
            let stored = try folders.database()
            let held = status == 0 && stored.isSound && stored.historyAgrees && last.albumCount == stored.albums.count
                && kills.allSatisfy { $0.hasSuffix("sound and agreeing") }
            #expect(held)

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "a library of 1,000,000 tracks in 100,000 albums: opened, an album's tracks listed, 3 SIGKILLs while deletions commit",
                outcome: "it opens (an album lists its 10 tracks); after each SIGKILL: \(kills.joined(separator: "; ")); then it opens and quits with status \(status)",
                held: held)])
        }
    }

    /// Writes `perAlbum` track rows for every album of the database at `file` (as an import
    /// of that many files per album would have), with Python's sqlite3.
    static func addTracks(perAlbum: Int, to file: URL) throws {
        let script = """
            import json, sqlite3, sys
            c = sqlite3.connect(sys.argv[1]); n = int(sys.argv[2])
            ids = [row[0] for row in c.execute("SELECT id FROM album")]
            def rows():
                for album in ids:
                    for number in range(1, n + 1):
                        tags = {"genre": "Rock", "duration": 241.5, "hasFrontCover": False, "title": f"Track {number}",
                                "musicBrainzAlbumID": "", "artist": f"Artist {album}", "trackNumber": number,
                                "albumArtist": "", "album": f"Album {album}"}
                        yield (f"/music/{album}/{number:02d}.flac".encode(), album, 30000000, 1795609763415456232, json.dumps(tags))
            c.executemany("INSERT INTO track VALUES (?, ?, ?, ?, ?)", rows())
            c.execute("UPDATE album SET folder = 'file:///music/' || id, trackCount = ?, duration = ?", (n, n * 241.5))
            c.commit(); c.execute("PRAGMA wal_checkpoint(TRUNCATE)"); c.close()
            """
        try PythonScript.run(script, file.path, "\(perAlbum)")
    }
}
