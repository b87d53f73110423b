import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real binary on a library whose tracks' table is damaged (a part its first frame does
/// not read): the window opens with every album, then a dialog says what the check after the
/// launch found and what the next launch does; the next launch repairs it from the backup.
@Suite(.serialized)
struct DamageAfterLaunchAppTests {
    @Test func damageFoundAfterTheFirstFrameIsToldThenRepairedAtTheNextLaunch() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            try folders.writeLibrary(BrowsingWindowTests.albums)
            try await SharedLibraryTests.makeLibrary(in: folders)  // imports, backs up
            try folders.damageTracks()

            let app = try AppProcess(folders: folders)
            let told = try await app.report { $0.problem != nil }
            #expect(told.albumCount == 6, "the window shows the library")
            #expect(told.problem?.hasPrefix("Part of your library database is damaged") == true, "\(told.problem ?? "")")
            #expect(told.problem?.hasSuffix("restores your library from its latest backup.") == true, "\(told.problem ?? "")")
            let dialog = try await app.window(titled: "Your Library Needs Repair")
            try await app.press("Escape", inWindow: dialog)
            _ = try await app.report { $0.problem == nil }
            try await app.press("ctrl+q", inWindow: try await app.windowID())
            #expect(try await app.waitForExit() == 0)

            let relaunched = try AppProcess(folders: folders)
            let repaired = try await relaunched.report { $0.problem != nil }
            #expect(repaired.problem?.hasPrefix("Your library database is damaged") == true, "\(repaired.problem ?? "")")
            #expect(repaired.problem?.contains("The backup was loaded.") == true)
            #expect(repaired.albumCount == 6)
            _ = try await relaunched.window(titled: "Your Library Needed Repair")
            relaunched.process.terminate()
            #expect(try await relaunched.waitForExit() == 0)
        }
    }
}
