import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real binary, driven with real keys through xdotool: typing in the strip searches,
/// Escape leaves the search with the album found still selected, Ctrl+F searches again, the
/// main menu sorts, and a relaunch restores the search, the sort and the selection, and
/// typing in the strip goes on with that search.
@Suite(.serialized)
struct BrowsingAppTests {
    @Test func typeToSearchEscapeCtrlFSortQuitAndRelaunch() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            try folders.writeLibrary(BrowsingWindowTests.albums)
            let app = try AppProcess(folders: folders)
            _ = try await app.report { $0.stripHasFocus }
            let window = try await app.windowID()

            try await app.type("blue", inWindow: window)  // typing in the strip starts a search
            var report = try await app.report { $0.search?.text == "blue" && $0.albumCount == 2 }
            #expect(report.search?.hasFocus == true)
            #expect(report.subtitle == "2 of 6 albums")
            #expect(report.properties.contains("Album: Blue"))
            try await app.press("Escape")
            report = try await app.report { $0.search == nil && $0.albumCount == 6 && $0.stripHasFocus }
            #expect(report.properties.contains("Album: Blue"), "the album found stays selected")
            #expect(report.selectedIndex == 3)

            try await app.press("ctrl+f")
            _ = try await app.report { $0.search?.hasFocus == true }
            try await app.type("bowie 9", inWindow: window)
            report = try await app.report { $0.search?.text == "bowie 9" && $0.albumCount == 1 }
            #expect(report.properties.contains("Album: Best of Bowie"))
            try await app.type("x", inWindow: window)
            report = try await app.report { $0.albumCount == 0 }
            #expect(report.properties == ["No albums match “\u{2068}bowie 9x\u{2069}”"])
            try await app.press("BackSpace")
            _ = try await app.report { $0.albumCount == 1 }

            // Main menu (F10) › Sort By › Artist.
            try await app.press("F10")
            _ = try await app.report { $0.mainMenuOpen }  // keys sent before it opens go to the strip
            try await app.press("Up", "Up", "Up", "Up", "Up", "Right", "Down", "Down", "Down", "Return")  // above Preferences…Quit
            report = try await app.report { $0.sort == "artist" }
            #expect(report.search?.text == "bowie 9")
            // Without a window manager, GTK takes keys again after a menu only once clicked
            // (here on the one cover shown, in the middle of the strip).
            _ = try await AppProcess.run(["xdotool"] + InputDriver(windowID: window).click(x: 450, y: 150))
            _ = try await app.report { $0.stripHasFocus }
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)

            let relaunched = try AppProcess(folders: folders)
            report = try await relaunched.report { $0.search?.text == "bowie 9" && $0.albumCount == 1 }
            #expect(report.sort == "artist")
            #expect(report.properties.contains("Album: Best of Bowie"))
            _ = try await relaunched.report { $0.stripHasFocus }
            // Typing in the strip goes on with the search restored, in its field.
            try await relaunched.type("x", inWindow: try await relaunched.windowID())
            report = try await relaunched.report { $0.search?.text == "bowie 9x" && $0.albumCount == 0 }
            #expect(report.search?.hasFocus == true)
            try await relaunched.press("BackSpace", "Return")  // Enter takes the focus back to the strip
            _ = try await relaunched.report { $0.albumCount == 1 && $0.stripHasFocus }
            try await relaunched.press("Escape")  // leaves the search from the strip too
            report = try await relaunched.report { $0.search == nil && $0.albumCount == 6 }
            #expect(report.sort == "artist")
            #expect(report.properties.contains("Album: Best of Bowie"))
            // By artist: Beyoncé, Björk, David Bowie (1977, 1992), Joni Mitchell, Miles Davis.
            #expect(report.selectedIndex == 3)
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
        }
    }
}
