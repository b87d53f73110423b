import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real binary's command line: `--export` (also while the app runs), `--import` (one
/// undoable command, kept after a relaunch; a damaged file refused). A second instance that
/// finds the library in use, and both options beside a running app, are `SharedLibraryTests`.
@Suite(.serialized)
struct CommandLineTests {
    @Test func exportWhileRunningThenImportAsOneCommandUndoneAfterARelaunch() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let first = try AppProcess(folders: folders)
            _ = try await first.report { $0.stripHasFocus }
            try await first.press("Delete")
            _ = try await first.report { $0.albumCount == 4 }

            let exported = folders.root.appendingPathComponent("exported.json")
            let export = try AppProcess(folders: folders, arguments: ["--export", exported.path])
            #expect(try await export.waitForExit() == 0, "export while running: \(export.output)")
            let albums = try AlbumList.decode(Data(contentsOf: exported))
            #expect(albums.count == 4)
            #expect(first.process.isRunning)
            try await first.press("ctrl+q")
            #expect(try await first.waitForExit() == 0)

            let damaged = folders.root.appendingPathComponent("damaged.json")
            try folders.write(#"[{"title": "T", "artist": "A", "genre": "G", "coverUrl": "c", "year": 1992}]"#, to: damaged)
            let refused = try AppProcess(folders: folders, arguments: ["--import", damaged.path])
            #expect(try await refused.waitForExit() == 1)
            #expect(refused.output.contains("“damaged.json” was not imported, and your library is unchanged"), "\(refused.output)")
            #expect(refused.output.contains("“year”"), "names the key: \(refused.output)")
            #expect(try folders.database().albums.count == 4, "nothing changed")

            let importing = try AppProcess(folders: folders, arguments: ["--import", exported.path])
            var report = try await importing.report { $0.stripHasFocus && $0.albumCount == 8 }
            #expect(report.selectedIndex == 4, "the first imported album is selected")
            try await importing.press("ctrl+q")
            #expect(try await importing.waitForExit() == 0)

            let relaunched = try AppProcess(folders: folders)
            _ = try await relaunched.report { $0.stripHasFocus && $0.albumCount == 8 }
            try await relaunched.press("ctrl+z")  // the whole import, at once
            report = try await relaunched.report { $0.albumCount == 4 }
            try await relaunched.press("ctrl+z")  // then the deletion
            report = try await relaunched.report { $0.albumCount == 5 }
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
            #expect(try folders.database().albums.count == 5)
        }
    }
}
