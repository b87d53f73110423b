import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import GtkKit
@testable import LibraryCore

/// What a keyboard user meets (Tab, F10, Escape, the toast's buttons) and how the window
/// lays out few, no, and very long albums: real key presses and clicks through the X server.
@MainActor
@Suite(.serialized)
struct KeyboardAndLayoutTests {
    // MARK: Focus

    @Test(arguments: [10, 1000])
    func tabLeavesTheStripInOneStepAndKeepsTheSelection(albumCount: Int) async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<albumCount).map(sampleAlbum))
            for _ in 0..<4 { try await harness.press("Right") }
            #expect(harness.report.selectedIndex == 4)
            try await harness.press("Down")
            try await harness.press("Up")
            try await harness.press("Down")
            #expect(harness.report.selectedIndex == 4, "Up and Down leave the selection where it is")
            #expect(harness.report.selectedCoverHasFocus)

            try await harness.press("Tab")
            #expect(!harness.window.scroller.hasFocus, "one Tab leaves the strip")
            try await harness.press("shift+Tab")
            #expect(harness.report.selectedCoverHasFocus, "Shift+Tab comes back to the selected cover")
            for _ in 0..<3 { try await harness.press("Tab") }  // out, and on through the window
            await harness.wait(for: "any snap to settle") { !harness.window.scroller.isAnimating && harness.window.scroller.snapTimer?.isPending != true }
            #expect(harness.report.selectedIndex == 4, "moving the focus never changes the selection")
            #expect(harness.library.selectedIndex == 4)
            await harness.close()
        }
    }

    /// The selection can change while the focus is elsewhere (an undo, a search, the media
    /// keys): coming back into the strip lands on the album selected now.
    @Test func comingBackIntoTheStripFocusesTheAlbumSelectedMeanwhile() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<10).map(sampleAlbum))
            for _ in 0..<2 { try await harness.press("Right") }
            try await harness.press("Tab")
            #expect(!harness.window.scroller.hasFocus, "one Tab leaves the strip")
            harness.library.selectAlbum(at: 6)
            await harness.wait(for: "the strip to show the new selection") { harness.report.selectedIndex == 6 }
            try await harness.press("shift+Tab")
            // The focus lands on GTK's row first, then goes on to the selected one.
            #expect(await harness.wait(for: "the focus on the album selected meanwhile") { harness.report.selectedCoverHasFocus },
                    "Shift+Tab comes back to the album selected meanwhile")
            await harness.close()
        }
    }

    @Test func f10OpensTheMainMenu() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            let menu = harness.window.headerBar.menuButton
            try await harness.press("F10")
            await harness.wait(for: "the main menu to open") { menu.isMenuOpen }
            #expect(harness.report.albumCount == 5, "F10 then Enter must not reach the Delete button")
            try await harness.press("Escape")
            await harness.wait(for: "the main menu to close") { !menu.isMenuOpen }
            await harness.close()
        }
    }

    @Test func escapeDismissesTheToastAndItsButtonsLeaveTheFocusInTheStrip() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<8).map(sampleAlbum))
            try await harness.press("Delete")
            #expect(harness.report.toast != nil)
            try await harness.press("Escape")
            await harness.wait(for: "the toast to go") { harness.report.toast == nil }
            #expect(harness.report.albumCount == 7, "Escape only dismisses the notice")

            try await harness.press("Delete")
            let undo = try #require(harness.window.toast.undoButton, "the toast offers Undo")
            await harness.wait(for: "the toast to slide in") { undo.isMapped && undo.allocatedSize.width > 0 }
            // The toast slides up: the button is clicked where it comes to rest.
            @MainActor func middle() -> (x: Double, y: Double)? {
                let size = undo.allocatedSize
                return undo.surfacePoint(x: Double(size.width) / 2, y: Double(size.height) / 2)
            }
            var point = try #require(middle())
            for _ in 0..<200 {
                await harness.nextFrames(2)
                let next = try #require(middle())
                if next == point { break }
                point = next
            }
            try await harness.deliver(harness.input.click(x: point.x, y: point.y))
            await harness.wait(for: "the undo") { harness.report.albumCount == 7 }
            #expect(harness.window.scroller.hasFocus, "clicking Undo leaves the focus in the strip")
            let selected = try #require(harness.report.selectedIndex)
            try await harness.press("Right")
            #expect(harness.report.selectedIndex == selected + 1, "the next Right still moves in the strip")
            await harness.close()
        }
    }

    /// Deletions in quick succession (the keys in one burst, while the first notice still
    /// slides in) change the one notice in place: libadwaita 1.2.2 crashed when a sliding toast
    /// was dismissed for the next. Escape then leaves no notice queued behind it.
    @Test func quickDeletionsShowOneNoticeOfTheLastAndEscapeLeavesNone() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<8).map(sampleAlbum))
            try await harness.deliver(harness.input.press("Delete", "Delete", "Delete", "Delete"))
            await harness.wait(for: "the four deletions") { harness.report.albumCount == 4 }
            let last = try #require(harness.library.commandToUndo?.album?.title)
            #expect(await harness.wait(for: "the notice of the last deletion") { harness.report.toast == "“\u{2068}\(last)\u{2069}” deleted" })
            #expect(harness.window.toast.undoButton != nil)
            try await harness.press("Escape")
            await harness.wait(for: "the notice to go") { harness.report.toast == nil }
            await harness.nextFrames(10)
            #expect(harness.report.toast == nil, "no earlier notice comes back")
            #expect(harness.report.albumCount == 4)
            await harness.close()
        }
    }

    /// An arrow pressed right after Delete, before the next frame, moves on from the album
    /// that took the deleted one's place: the focus goes to that album's row as the row of
    /// the deleted one leaves, so the key still reaches the strip.
    @Test func anArrowRightAfterDeleteMovesOnFromTheNextAlbum() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<12).map(sampleAlbum))
            try await harness.press("Right")
            try await harness.deliver(harness.input.press("Right", "Delete", "Right"))
            await harness.wait(for: "the deletion") { harness.report.albumCount == 11 }
            await harness.wait(for: "the selection to move on") { harness.report.selectedIndex == 3 }
            #expect(harness.library.album(at: 3)?.title == "Album 4", "Album 2 deleted, Album 3 passed")
            #expect(harness.report.selectedCoverHasFocus)
            await harness.close()
        }
    }

    /// Undo right after a deletion, again and again (the benchmark's pace): each undo hides a
    /// notice that is still sliding in. libadwaita 1.2.2 corrupted memory that way after a
    /// few hundred; the notice now waits for its slide to end before it goes. The last one
    /// goes by itself, after its 5 seconds.
    @Test func deletingAndUndoingAtOnceManyTimesLeavesTheWindowWhole() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<8).map(sampleAlbum), keepsNoticesUntilClosed: false)
            for _ in 0..<300 {
                harness.activate("win.delete")
                await harness.nextFrames(1)
                harness.activate("win.undo")
                await harness.nextFrames(1)
            }
            await harness.wait(for: "the last notice to go") { harness.report.toast == nil }
            #expect(harness.report.albumCount == 8)
            harness.library.preferences.keepsNoticesUntilClosed = true
            try await harness.press("Delete")
            #expect(harness.report.toast != nil, "a notice still shows after them")
            await harness.close()
        }
    }

    // MARK: Layout

    @Test func aSmallLibrarySitsInTheMiddleOfTheStrip() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<2).map(sampleAlbum))
            let strip = harness.window.scroller
            let first = try #require(harness.window.scroller.view(at: 0))
            let last = try #require(harness.window.scroller.view(at: 1))
            let stripLeft = try #require(strip.surfacePoint(x: 0, y: 0)).x
            let stripRight = stripLeft + Double(strip.allocatedSize.width)
            let left = try #require(first.surfacePoint(x: 0, y: 0)).x - stripLeft
            let right = stripRight - (try #require(last.surfacePoint(x: Double(last.allocatedSize.width), y: 0)).x)
            #expect(abs(left - right) < 24, "space on the left \(left) and on the right \(right) should match")
            await harness.close()
        }
    }

    @Test func anEmptyLibraryShowsOneEmptyStateAndUndoBringsTheStripBack() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: [sampleAlbum(1)])
            try await harness.press("Delete")
            await harness.wait(for: "the deletion") { harness.report.albumCount == 0 }
            await harness.nextFrames()
            #expect(!harness.window.scroller.isMapped, "no blank band where the strip was")
            #expect(harness.report.properties == ["Your library is empty"])
            try await harness.press("ctrl+z")
            await harness.wait(for: "the strip to come back with the focus") { harness.report.selectedCoverHasFocus }
            #expect(harness.window.scroller.isMapped)
            #expect(harness.report.properties.contains("Album: Album 1"))
            await harness.close()
        }
    }

    @Test func theWindowFitsAPhonesWidth() async throws {
        try await DisplayLock.exclusive {
            // An imported album: its details have every button (Open Folder too).
            var imported = sampleAlbum(1)
            imported.folder = "file:///tmp/Music/Album"
            let harness = try await WindowHarness(albums: [imported, sampleAlbum(2), sampleAlbum(3)])
            #expect(harness.window.properties.findCoverButton.isMapped && harness.window.properties.openFolderButton.isMapped)
            try await harness.deliver(harness.input.resize(width: 360, height: 500))
            await harness.wait(for: "the new size") { harness.report.height == 500 }
            #expect(harness.report.width == 360, "the content fits 360 pixels (a phone's width)")
            let headerBar = harness.window.headerBar
            #expect(!headerBar.addButton.isMapped && !headerBar.trashButton.isMapped, "Add and Trash move into the main menu")
            #expect(headerBar.undoButton.isMapped && headerBar.searchButton.isMapped && headerBar.menuButton.isMapped)
            let cover = try #require(harness.window.scroller.view(at: 0))
            let left = try #require(cover.bounds(in: harness.window.scroller))
            #expect(left.x >= 0 && left.x + left.width <= Double(harness.window.scroller.allocatedSize.width),
                    "at least one whole cover shows: \(left) in \(harness.window.scroller.allocatedSize)")

            // Side by side from 760 pixels: the details take half of it.
            try await harness.deliver(harness.input.resize(width: 760, height: 600))
            await harness.wait(for: "the side-by-side size") { harness.report.height == 600 }
            #expect(harness.report.width == 760, "the details fit half of a 760-pixel window")
            try await harness.deliver(harness.input.resize(width: 900, height: 600))
            await harness.wait(for: "the wide size") { harness.report.width == 900 }
            #expect(headerBar.addButton.isMapped && headerBar.trashButton.isMapped, "a wide window shows them again")
            await harness.close()
        }
    }

    /// 500-word values used to grow the window to 3965 pixels, and that size was remembered.
    @Test func longDetailsScrollInsteadOfGrowingTheWindow() async throws {
        try await DisplayLock.exclusive {
            let words = (0..<500).map { "word\($0)" }.joined(separator: " ")
            let album = Album(title: words, artist: String(repeating: "x", count: 200), genre: words, coverUrl: "", year: "1999")
            let folders = TestFolders()
            try folders.writeState(#"{"selectedIndex": 0, "windowSize": {"width": 700, "height": 3965}}"#)
            let harness = try await WindowHarness(albums: [album, sampleAlbum(1)], folders: folders)
            let screen = try #require(ApplicationWindow.largestMonitorSize)
            #expect(harness.report.height <= screen.height, "a remembered size larger than the screen is clamped")
            #expect(harness.report.width == 700)

            try await harness.deliver(harness.input.resize(width: 600, height: 450))
            await harness.wait(for: "the new size") { harness.report.width == 600 }
            await harness.nextFrames()
            #expect(harness.report.height == 450, "the details scroll; they do not make the window taller")
            await harness.close()
        }
    }
}
