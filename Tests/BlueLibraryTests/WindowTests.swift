import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The window as a user meets it: what it shows, and what the headerBar actions do.
@MainActor
@Suite(.serialized)
struct WindowTests {
    @Test func opensOnTheBundledLibraryWithTheFirstAlbumSelected() async throws {
        try await DisplayLock.exclusive {
            let started = ContinuousClock.now
            let harness = try await WindowHarness()
            print("5 albums: window shown in \(ContinuousClock.now - started)")
            let report = harness.report
            #expect(report.title == "BlueLibrary")
            #expect((report.width, report.height) == (900, 600))
            #expect(report.albumCount == 5)
            #expect(report.selectedIndex == 0)
            #expect(report.properties == ["Artist: David Bowie", "Album: Best of Bowie", "Genre: Pop", "Year: 1992"])
            #expect(!report.canUndo)
            #expect(report.canDelete)
            #expect(report.stripHasFocus)
            #expect(report.materializedViews == 5)
            #expect(harness.window.headerBar.undoButton.isSensitive == false)
            #expect(harness.window.headerBar.trashButton.isSensitive)
            let shortcuts = harness.app.application
            #expect(shortcuts.accelerators(for: "win.undo") == ["<Control>z"])
            #expect(shortcuts.accelerators(for: "win.redo") == ["<Shift><Control>z"])
            #expect(shortcuts.accelerators(for: "win.delete") == ["Delete", "KP_Delete"])
            #expect(shortcuts.accelerators(for: "app.quit") == ["<Control>q"])
            #expect(shortcuts.accelerators(for: "win.show-help-overlay") == ["<Control>question"])
            // Built when first opened, from the resource bundle; the key opens it.
            #expect(!harness.window.window.isHelpOverlayShown)
            try await harness.press("ctrl+question")
            await harness.wait(for: "the Keyboard Shortcuts window") { harness.window.window.isHelpOverlayShown }
            await harness.close()
        }
    }

    @Test func deleteSelectsTheNextAlbumAndUndoRestoresAndCentresIt() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<30).map(sampleAlbum))
            harness.window.scroller.selectView(at: 12, animated: false)
            harness.window.horizontalScrollerView(harness.window.scroller, didSelectViewAt: 12)  // the delegate path
            #expect(harness.library.selectedIndex == 12)
            await harness.nextFrames()  // the keyboard focus follows the selection
            #expect(harness.report.selectedCoverHasFocus)

            harness.activate("win.delete")
            // A key pressed before the next frame still reaches the strip.
            #expect(harness.window.scroller.hasFocus, "the focus stays in the strip while the deleted cover goes")
            await harness.wait(for: "the deletion") { harness.report.albumCount == 29 }
            var report = harness.report
            #expect(report.selectedIndex == 12)  // the album that took its place
            #expect(report.properties.contains("Album: Album 13"))
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "“\u{2068}Album 12\u{2069}” deleted" })
            #expect(report.canUndo)
            #expect(harness.window.headerBar.undoButton.isSensitive)
            #expect(await harness.isCentred(12))

            harness.activate("win.undo")
            await harness.wait(for: "the undo") { harness.report.albumCount == 30 }
            report = harness.report
            #expect(report.selectedIndex == 12)
            #expect(report.properties.contains("Album: Album 12"))
            #expect(report.toast == nil)
            #expect(!report.canUndo)
            #expect(await harness.isCentred(12))

            harness.activate("win.redo")
            await harness.wait(for: "the redo") { harness.report.albumCount == 29 }
            await harness.close()
        }
    }

    @Test func deletingTheLastAlbumLeavesAnEmptyStripAndADisabledTrash() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: [sampleAlbum(1), sampleAlbum(2)])
            harness.window.horizontalScrollerView(harness.window.scroller, didSelectViewAt: 1)
            harness.activate("win.delete")
            #expect(harness.report.selectedIndex == 0)  // the new last one
            harness.activate("win.delete")
            await harness.nextFrames()
            let report = harness.report
            #expect(report.albumCount == 0)
            #expect(report.selectedIndex == nil)
            #expect(report.materializedViews == 0)
            #expect(report.properties == ["Your library is empty"])
            #expect(!report.canDelete)
            #expect(!harness.window.headerBar.trashButton.isSensitive)
            harness.activate("win.delete")  // disabled: nothing happens
            harness.activate("win.undo")
            await harness.nextFrames()
            #expect(harness.report.albumCount == 1)
            #expect(harness.report.properties.contains("Album: Album 1"))
            await harness.close()
        }
    }

    /// (A tenth of the albums under a sanitizer: `CollectionScale`.)
    @Test func aHundredThousandAlbumsMaterialiseOnlyTheVisibleCovers() async throws {
        try await DisplayLock.exclusive {
            let count = CollectionScale.albums(100_000)
            let albums = (0..<count).map(sampleAlbum)
            let restored = count * 54_321 / 100_000  // album 54,321 of 100,000
            let folders = TestFolders()
            try folders.writeState(#"{"selectedIndex": \#(restored), "undoHistory": []}"#)
            let started = ContinuousClock.now
            let harness = try await WindowHarness(albums: albums, folders: folders)
            print("\(count) albums: window shown in \(ContinuousClock.now - started)")
            let report = harness.report
            #expect(report.albumCount == count)
            #expect(report.selectedIndex == restored)
            #expect(report.properties.contains("Album: Album \(restored)"))
            #expect(report.materializedViews > 0)
            // GTK 4.8's list view keeps at most about 200 rows around the visible range.
            #expect(report.materializedViews <= 250, "only the covers near the visible range should exist")
            #expect(await harness.isCentred(restored))
            let scroller = harness.window.scroller
            #expect(scroller.visibleIndexes.contains(restored - 1) && scroller.visibleIndexes.contains(restored + 1))
            for index in scroller.visibleIndexes {
                #expect(scroller.view(at: index) != nil, "the cover of album \(index) is on screen, not a blank")
            }
            // Frames come at most 60 times a second, so 15 of them outlast the strip's 150 ms
            // snap delay: the restored album stays selected, however slowly the list settled.
            await harness.nextFrames(15)
            #expect(harness.report.selectedIndex == restored)
            #expect(harness.library.selectedIndex == restored)

            try await harness.press("End")
            #expect(harness.report.selectedIndex == count - 1)
            #expect(harness.report.materializedViews <= 250)
            await harness.close()
        }
    }

    @Test func aFailedSaveIsReportedInADialogAndTheChangeIsKept() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            harness.library.flush()
            // The state folder's name taken by a file: the selection cannot be saved.
            let stateFolder = harness.folders.stateFolder
            try harness.folders.blockStateFolder()
            harness.activate("win.delete")
            await harness.wait(for: "the save error") { harness.report.problem != nil }
            let problem = try #require(harness.report.problem)
            #expect(problem.contains("Your window settings could not be saved in “\(stateFolder.path)”"), "names the folder: \(problem)")
            #expect(problem.contains("make it a folder you can write to"), "says what to do: \(problem)")
            #expect(!problem.contains(".tmp") && !problem.contains("NSCocoaErrorDomain"))
            #expect(harness.report.albumCount == 4)  // the deletion stands in the window
            #expect(try harness.folders.database().albums.count == 4)  // and the library was saved
            await harness.close()
        }
    }

    @Test func aDamagedLibraryFileIsReportedInADialog() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            try folders.writeLibrary("{ not json")  // an earlier version's, being imported
            let harness = try await WindowHarness(folders: folders)
            let problem = try #require(harness.report.problem)
            #expect(problem.contains("could not be read"))
            #expect(harness.report.albumCount == 5)  // the default library was loaded
            await harness.close()
        }
    }
}

/// Quitting while some changes could not be saved: the window stays, once, and says so.
@MainActor
@Suite(.serialized)
struct UnsavedChangesAtQuitTests {
    @Test func quittingWithUnsavedChangesWarnsOnceThenQuits() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            try harness.folders.blockStateFolder()
            harness.activate("win.delete")
            await harness.wait(for: "the save error") { harness.report.problem != nil }

            harness.app.quit()  // Ctrl+Q
            await harness.nextFrames()
            #expect(harness.window.window.isMapped, "the window stays open")
            let question = harness.report.quitConfirmation ?? ""
            #expect(question.contains("quitting now loses them"), "asks: \(question)")

            harness.app.quit()  // the user quits anyway
            await harness.wait(for: "the second quit to close the window") { !harness.window.window.isMapped }
        }
    }

    @Test func keepOpenKeepsTheWindowAndAsksAgainThenQuitAnywayQuits() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            try harness.folders.blockStateFolder()
            harness.activate("win.delete")
            await harness.wait(for: "the save error") { harness.report.problem != nil }

            harness.app.quit()
            try #require(harness.window.quitConfirmation).respond("keep")
            await harness.nextFrames()
            #expect(harness.window.window.isMapped, "Keep Open keeps the window")
            #expect(harness.report.quitConfirmation == nil)
            #expect(harness.report.albumCount == 4, "with the change in it")

            harness.app.quit()
            let question = try #require(harness.window.quitConfirmation, "the next quit asks again")
            question.respond("quit")
            await harness.wait(for: "Quit Anyway to close the window") { !harness.window.window.isMapped }
        }
    }
}
