import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real binary importing music: `bluelibrary FOLDER`, a second launch with a folder that
/// reaches the running instance (as "Open With BlueLibrary" does), the folder chooser (Ctrl+O),
/// Open Folder through the desktop's default handler, and each import undone after a relaunch.
@Suite(.serialized)
struct MusicImportAppTests {
    @Test func fromTheCommandLineAnotherLaunchAndTheChooserThenUndoneAfterARelaunch() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let first = folders.root.appendingPathComponent("First Music", isDirectory: true)
            let second = folders.root.appendingPathComponent("Second Music", isDirectory: true)
            let third = folders.root.appendingPathComponent("Third Music", isDirectory: true)
            let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
            for (folder, album) in [(first, "Alpha"), (first, "Beta"), (second, "Gamma"), (third, "Delta")] {
                try maker.track(folder.appendingPathComponent("\(album)/1.ogg"), tags: TrackTags(title: "One", artist: "Band", album: album, year: 2020))
            }
            // The desktop's default handler for folders: a stand-in that records what it opened.
            let opened = folders.root.appendingPathComponent("opened")
            try installFolderHandler(recordingTo: opened, in: folders)

            let bus = try SessionBus()
            defer { bus.stop() }
            // What the window keeps is waited for, not the notice: a busy machine may keep the
            // test from looking during the five seconds the notice shows.
            let app = try AppProcess(folders: folders, bus: bus.address, arguments: [first.path])
            var report = try await app.report { $0.albumCount == 7 && $0.selectedIndex == 5 && $0.importProgress == nil }
            #expect(report.properties.contains("Album: Alpha"), "the first new album is shown")

            let another = try AppProcess(folders: folders, bus: bus.address, arguments: [second.path])
            #expect(try await another.waitForExit() == 0, "the folder went to the running app")
            report = try await app.report { $0.albumCount == 8 && $0.selectedIndex == 7 && $0.importProgress == nil }
            #expect(report.properties.contains("Album: Gamma"))

            try await app.press("alt+f")  // Open Folder
            let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
            while (try? FileManager.default.destinationOfSymbolicLink(atPath: opened.path)) == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: opened.path) == second.appendingPathComponent("Gamma").path)

            try await app.press("ctrl+o")
            let chooser = try await app.window(titled: "Import Music Folder")
            try await app.press("ctrl+l", inWindow: chooser)
            try await app.type(third.path, inWindow: chooser)
            try await app.accept(fileChooserTitled: "Import Music Folder")
            report = try await app.report { $0.albumCount == 9 && $0.selectedIndex == 8 && $0.importProgress == nil }
            #expect(report.properties.contains("Album: Delta"))
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
            #expect(try folders.database().historyAgrees)

            let relaunched = try AppProcess(folders: folders)
            _ = try await relaunched.report { $0.stripHasFocus && $0.albumCount == 9 }
            try await relaunched.press("ctrl+z")
            _ = try await relaunched.report { $0.albumCount == 8 }
            try await relaunched.press("ctrl+z")
            _ = try await relaunched.report { $0.albumCount == 7 }
            try await relaunched.press("ctrl+z")
            report = try await relaunched.report { $0.albumCount == 5 }
            #expect(!report.canUndo)
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
            #expect(try folders.database().albums.count == 5)
        }
    }

    /// Makes a desktop entry the default application for folders in the app's XDG data folder:
    /// it links `file` to the folder it is asked to open.
    private func installFolderHandler(recordingTo file: URL, in folders: TestFolders) throws {
        let applications = folders.root.appendingPathComponent("data/applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try """
            [Desktop Entry]
            Type=Application
            Name=Folder Recorder
            Exec=/usr/bin/ln -s %f \(file.path)
            MimeType=inode/directory;
            NoDisplay=true
            """.write(to: applications.appendingPathComponent("folder-recorder.desktop"), atomically: true, encoding: .utf8)
        try """
            [Default Applications]
            inode/directory=folder-recorder.desktop
            """.write(to: applications.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
    }
}
