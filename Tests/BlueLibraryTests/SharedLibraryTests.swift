import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Two programs, one library, with the real binary: `--export` is a pure read (it never stops
/// the window from opening, never creates, migrates or repairs anything), `--import` while the
/// app runs is done in the running window, and a launch whose library another BlueLibrary
/// keeps says so in a window instead of quitting without a word. Each case is a row of the
/// fault suite (area "Two programs, one library").
@Suite(.serialized)
struct SharedLibraryTests {
    static let area = "Two programs, one library"

    /// (A tenth of the albums under a sanitizer: `CollectionScale`.)
    @Test func anExportOf100000AlbumsNeverStopsTheWindowFromOpening() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let albums = (0..<CollectionScale.albums(100_000)).map(sampleAlbum)
            try folders.writeLibrary(albums)
            // A large library under a sanitizer on a slow machine takes minutes: the deadlines
            // below only guard against a hang.
            let patience: Duration = .seconds(900)
            try await Self.makeLibrary(in: folders, timeout: patience)

            let exported = folders.root.appendingPathComponent("backup.json")
            let export = try AppProcess(folders: folders, arguments: ["--export", exported.path])
            let app = try AppProcess(folders: folders)
            let exportWasRunning = export.process.isRunning
            let report = try await app.report(where: { $0.stripHasFocus && $0.albumCount == albums.count }, timeout: patience)
            let exportStatus = try await export.waitForExit(timeout: patience)
            let written = try AlbumList.decode(Data(contentsOf: exported))
            #expect(exportStatus == 0, "\(export.output)")
            #expect(written == albums, "the exported file is complete")
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area,
                attempt: "`--export` of 100,000 albums, and the app launched during it\(exportWasRunning ? "" : " (the export had ended first)")",
                outcome: "the window opened with its \(report.albumCount) albums; the export ended with status \(exportStatus) and wrote all \(written.count) albums",
                held: report.albumCount == albums.count && exportStatus == 0 && written == albums)])
        }
    }

    @Test func anExportWithNoLibraryCreatesNothing() async throws {
        let folders = TestFolders()
        let exported = folders.root.appendingPathComponent("backup.json")
        let export = try AppProcess(folders: folders, arguments: ["--export", exported.path])
        let status = try await export.waitForExit()
        let dataFolderExists = FileManager.default.fileExists(atPath: folders.root.appendingPathComponent("data").path)
        let saysSo = export.output.contains("There is no library to export") && export.output.contains(folders.libraryFolder.path)
        #expect(status == 1)
        #expect(saysSo, "\(export.output)")
        #expect(!dataFolderExists, "no data folder was made")
        #expect(!FileManager.default.fileExists(atPath: exported.path))

        ReliabilityLog.record([ReliabilityRow(
            area: Self.area, attempt: "`--export` with no library",
            outcome: "status \(status), “There is no library to export” naming the folder; \(dataFolderExists ? "a data folder was made" : "the data folder is still absent"), no file written",
            held: status == 1 && saysSo && !dataFolderExists)])
    }

    @Test func anExportOfALibraryFromANewerVersionChangesNothing() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            try await Self.makeLibrary(in: folders)
            try Self.sqlite(folders.locations.databaseFile, "INSERT INTO grdb_migrations VALUES ('v99: made by a later BlueLibrary')")
            let before = try Self.contents(of: folders.libraryFolder)

            let exported = folders.root.appendingPathComponent("backup.json")
            let export = try AppProcess(folders: folders, arguments: ["--export", exported.path])
            let status = try await export.waitForExit()
            let after = try Self.contents(of: folders.libraryFolder)
            let saysSo = export.output.contains("made by a newer version of BlueLibrary")
            #expect(status == 1)
            #expect(saysSo, "\(export.output)")
            #expect(after == before, "nothing changed on disk")
            #expect(!FileManager.default.fileExists(atPath: exported.path))

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "`--export` of a library a newer BlueLibrary migrated (a migration this version does not know)",
                outcome: "status \(status), “made by a newer version of BlueLibrary”; the data folder \(after == before ? "unchanged byte for byte (\(after.count) files)" : "changed"), no file written",
                held: status == 1 && saysSo && after == before)])
        }
    }

    @Test func anExportOfADamagedLibraryRepairsNothing() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            try folders.write("not a database, but a text file of that name", to: folders.locations.databaseFile)
            let before = try Self.contents(of: folders.libraryFolder)

            let exported = folders.root.appendingPathComponent("backup.json")
            let export = try AppProcess(folders: folders, arguments: ["--export", exported.path])
            let status = try await export.waitForExit()
            let after = try Self.contents(of: folders.libraryFolder)
            let saysSo = export.output.contains("cannot be read") && export.output.contains("Opening BlueLibrary repairs it")
            #expect(status == 1)
            #expect(saysSo, "\(export.output)")
            #expect(after == before, "nothing kept aside, restored or made")

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "`--export` of a damaged library (not a database)",
                outcome: "status \(status), “cannot be read … Opening BlueLibrary repairs it”; the data folder \(after == before ? "unchanged (nothing renamed or made)" : "changed")",
                held: status == 1 && saysSo && after == before)])
        }
    }

    @Test func aLibraryHeldByAStoppedInstanceIsToldInAWindow() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let first = try AppProcess(folders: folders)  // DBUS_SESSION_BUS_ADDRESS=disabled:
            _ = try await first.report { $0.stripHasFocus }
            kill(first.process.processIdentifier, SIGSTOP)
            defer { kill(first.process.processIdentifier, SIGCONT) }

            // A session bus the first one is not on: the launch cannot be handed to it.
            let bus = try SessionBus()
            defer { bus.stop() }
            let launched = ContinuousClock.now
            let second = try AppProcess(folders: folders, bus: bus.address, accessible: true)
            var tree: [AccessibleNode] = []
            let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
            // The title and the description reach the accessible tree one after the other.
            while !(tree.contains { $0.name == "Library Already Open" } && tree.contains { $0.name.hasPrefix("Another BlueLibrary has") }) {
                try #require(second.process.isRunning, "the second launch quit: \(second.output)")
                try #require(ContinuousClock.now < deadline, "no “Library Already Open”; last read: \(tree.map(\.name))")
                tree = try await AccessibleNode.read(second, bus: bus)
            }
            let shownAfter = (ContinuousClock.now - launched) / .seconds(1)
            let message = tree.first { $0.name.hasPrefix("Another BlueLibrary has the library in") }?.name ?? ""
            #expect(message.contains(folders.libraryFolder.path), "names the library: \(message)")
            #expect(tree.contains { $0.role == "push button" && $0.name == "Close" })
            #expect(!FileManager.default.fileExists(atPath: second.reportFile.path), "no library window")
            try await second.press("Return")  // the focused Close button
            let status = try await second.waitForExit()
            #expect(status == 1, "status 1 once the window is closed")

            kill(first.process.processIdentifier, SIGCONT)
            try await first.press("Delete")
            _ = try await first.report { $0.albumCount == 4 }
            try await first.press("ctrl+q")
            #expect(try await first.waitForExit() == 0)
            let albums = try folders.database().albums.count
            #expect(albums == 4, "only the first one wrote the library")

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "a launch while a stopped BlueLibrary (SIGSTOP) holds the library's lock, on a session bus it cannot reach",
                outcome: String(format: "a window “Library Already Open” naming the library %.1f s after the launch (waiting %d s first); status %d once closed; the library untouched by it",
                                shownAfter, Int(StorageLock.contentionWait.components.seconds), status),
                held: message.contains(folders.libraryFolder.path) && status == 1 && albums == 4)])
        }
    }

    @Test func anImportHandedToALaunchWithNoLibraryIsRefusedInWords() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let first = try AppProcess(folders: folders)  // DBUS_SESSION_BUS_ADDRESS=disabled:
            _ = try await first.report { $0.stripHasFocus }
            // On a session bus the first one is not on, a second launch finds the library
            // held, waits, and says "Library Already Open".
            let bus = try SessionBus()
            defer { bus.stop() }
            let second = try AppProcess(folders: folders, bus: bus.address)
            try await second.waitForOutput("is already running with the library")

            let file = folders.root.appendingPathComponent("more.json")
            try folders.write(String(decoding: try AlbumList.encode((1...3).map(sampleAlbum)), as: UTF8.self), to: file)
            let importing = try AppProcess(folders: folders, bus: bus.address, arguments: ["--import", file.path])
            let status = try await importing.waitForExit()
            let saysWhy = importing.output.contains("has no library open") && importing.output.contains(folders.libraryFolder.path)
            #expect(status == 1, "\(importing.output)")
            #expect(saysWhy, "\(importing.output)")
            #expect(!importing.output.contains("is being imported"), "\(importing.output)")

            second.process.terminate()
            _ = try await second.waitForExit()
            let kept = try await first.report()
            try await first.press("ctrl+q")
            #expect(try await first.waitForExit() == 0)
            let albums = try folders.database().albums.count
            #expect(kept.albumCount == 5 && albums == 5, "nothing imported, nothing lost")

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "`--import FILE` handed to a BlueLibrary that shows “Library Already Open” (another one has the library)",
                outcome: "status \(status), “… has no library open: another BlueLibrary has the library in … open. Nothing was imported.”; the library kept its \(albums) albums, and the file is untouched",
                held: status == 1 && saysWhy && albums == 5)])
        }
    }

    @Test func foldersGivenWhileALaunchWaitsForTheLibraryAreImportedOnceItOpens() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            try await Self.makeLibrary(in: folders)
            let music = folders.root.appendingPathComponent("Music", isDirectory: true)
            let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
            try maker.track(music.appendingPathComponent("Late/1.ogg"), tags: TrackTags(title: "One", artist: "Band", album: "Late", year: 2020))
            // Another program holds the library's lock until its standard input closes.
            let holder = Process()
            let input = Pipe()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            holder.arguments = [folders.locations.lockFile.path, "cat"]
            holder.standardInput = input
            holder.standardOutput = FileHandle.nullDevice
            try holder.runWithSignalsUnblocked()
            defer { holder.waitUntilExit() }
            while try Self.lockIsFree(folders.locations.lockFile) {
                try #require(holder.isRunning, "flock ended before the app started")
                try await Task.sleep(for: .milliseconds(10))  // another process takes the lock
            }
            let bus = try SessionBus()
            defer { bus.stop() }
            let app = try AppProcess(folders: folders, bus: bus.address, arguments: [music.path])
            // The window says it waits; on a machine so loaded that the wait (3 s from the
            // launch) was over before the window came, it says the folder was not imported.
            let waiting = "the window opens once the library is free"
            let refused = "not imported, as another BlueLibrary has the library open: \(music.path)"
            let said = try await app.waitForOutput(waiting, refused)
            try input.fileHandleForWriting.close()  // the other program lets go
            let outcome: String
            let held: Bool
            if said == waiting {
                let opened = try await app.report { $0.albumCount == 6 && $0.importProgress == nil }
                try await app.press("ctrl+q")
                let status = try await app.waitForExit()
                #expect(status == 0)
                outcome = "the launch waited, then the library opened and imported the folder (\(opened.albumCount) albums, 1 new); status \(status) at quit"
                held = opened.albumCount == 6 && status == 0
            } else {
                app.process.terminate()
                _ = try await app.waitForExit()
                outcome = "the wait ended before the window came (a loaded machine): the folder was named as not imported"
                held = true
            }

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "`bluelibrary FOLDER` while another program holds the library's lock",
                outcome: outcome, held: held)])
        }
    }

    @Test func aLockHeldForAMomentIsWaitedFor() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            try await Self.makeLibrary(in: folders)
            // Another program holds the library's lock for a second (util-linux's flock).
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            holder.arguments = [folders.locations.lockFile.path, "sleep", "1"]
            try holder.runWithSignalsUnblocked()
            defer { holder.waitUntilExit() }
            while try Self.lockIsFree(folders.locations.lockFile) {  // flock has it, before the app starts
                try #require(holder.isRunning, "flock ended before the app started")
                try await Task.sleep(for: .milliseconds(10))
            }
            let app = try AppProcess(folders: folders)
            let opened = try await app.report { $0.stripHasFocus }
            #expect(opened.albumCount == 5)
            try await app.press("ctrl+q")
            let status = try await app.waitForExit()
            #expect(status == 0)

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "a launch while another program holds the library's lock for a second",
                outcome: "a window says it waits for the library, then the library's window opens (\(opened.albumCount) albums); status \(status) at quit",
                held: opened.albumCount == 5 && status == 0)])
        }
    }

    @Test func importWhileTheAppRunsIsDoneInItsWindow() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let bus = try SessionBus()
            defer { bus.stop() }
            let app = try AppProcess(folders: folders, bus: bus.address)
            _ = try await app.report { $0.stripHasFocus && $0.albumCount == 5 }
            let file = folders.root.appendingPathComponent("more.json")
            try folders.write(String(decoding: try AlbumList.encode((1...3).map(sampleAlbum)), as: UTF8.self), to: file)

            let importing = try AppProcess(folders: folders, bus: bus.address, arguments: ["--import", file.path])
            let status = try await importing.waitForExit()
            #expect(status == 0, "\(importing.output)")
            let imported = try await app.report { $0.albumCount == 8 }
            #expect(imported.canUndo)
            try await app.press("ctrl+z")
            let undone = try await app.report { $0.albumCount == 5 }
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)

            ReliabilityLog.record([ReliabilityRow(
                area: Self.area, attempt: "`--import FILE` (3 albums) while the app runs",
                outcome: "the second process ended with status \(status); the running window showed \(imported.albumCount) albums, and Ctrl+Z took them back (\(undone.albumCount))",
                held: status == 0 && imported.albumCount == 8 && undone.albumCount == 5)])
        }
    }
}

// MARK: - Helpers

extension SharedLibraryTests {
    /// Has the real binary make the library at `folders` (importing its `albums.json`, or
    /// the default library), as a first launch does, and exit after its first frame.
    static func makeLibrary(in folders: TestFolders, timeout: Duration = MainLoopDriver.hangGuard) async throws {
        let app = try AppProcess(folders: folders, environment: ["BLUELIBRARY_EXIT_AFTER_FIRST_FRAME": "1"])
        #expect(try await app.waitForExit(timeout: timeout) == 0, "\(app.output)")
        try #require(FileManager.default.fileExists(atPath: folders.locations.databaseFile.path))
    }

    /// Whether no process holds `lockFile` (`flock -n` takes it and lets go at once).
    static func lockIsFree(_ lockFile: URL) throws -> Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        probe.arguments = ["-n", lockFile.path, "true"]
        try probe.run()
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// Runs `statement` on the database with Python's sqlite3 (another program, as a newer
    /// version would be).
    static func sqlite(_ database: URL, _ statement: String) throws {
        try PythonScript.run("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit(); c.close()",
                             database.path, statement)
    }

    /// Every file of `folder` with its bytes, but SQLite's WAL index (`-shm`): shared memory
    /// that every reader writes its marks to, not data.
    static func contents(of folder: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where !name.hasSuffix("-shm") && name != StorageLocations.separateLibraryFolder {
            contents[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return contents
    }
}
