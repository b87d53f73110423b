import Fixtures
import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import GtkKit
@testable import LibraryCore

/// The Add Album and Edit Album dialog, driven as a user would: keys typed into it, its
/// buttons, Escape and Enter, and files dropped onto its cover and onto the strip.
@MainActor
@Suite(.serialized)
struct AlbumEditorTests {
    @Test func addAnAlbumWithTheKeyboardAfterTheSelectedOne() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            harness.window.horizontalScrollerView(harness.window.scroller, didSelectViewAt: 2)
            try await harness.press("ctrl+n")
            let editor = try await openEditor(harness, titled: "Add Album")
            #expect(!editor.report().canSave, "Add waits for a title")
            #expect(editor.report().messages.isEmpty, "no message before the user typed anything")

            try await type(in: editor, harness, "  Blue  ", "Tab", "Joni Mitchell", "Tab", "Folk", "Tab", "19x2")
            var report = editor.report()
            #expect(report.messages == [AlbumForm.message(for: .yearInvalid)])
            #expect(!report.canSave)
            try await type(in: editor, harness, "BackSpace", "BackSpace", "BackSpace", "BackSpace", "1971")
            report = editor.report()
            #expect(report.messages.isEmpty && report.canSave, "\(report)")

            try await type(in: editor, harness, "Return")  // Enter adds
            await harness.wait(for: "the dialog to close") { harness.window.editing.editor == nil }
            await harness.wait(for: "the new album") { harness.library.count == 6 }
            #expect(harness.library.selectedIndex == 3, "after the selected album, and selected")
            #expect(harness.library.album(at: 3) == Album(title: "Blue", artist: "Joni Mitchell", genre: "Folk", coverUrl: "", year: "1971"))
            #expect(harness.report.properties == ["Artist: Joni Mitchell", "Album: Blue", "Genre: Folk", "Year: 1971"])
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "“\u{2068}Blue\u{2069}” added" })
            #expect(harness.window.headerBar.undoTooltip == "\u{200E}Undo Add “\u{2068}Blue\u{2069}” (Ctrl+Z)")
            #expect(await harness.isCentred(3))
            await harness.wait(for: "the focus back in the strip") { harness.window.scroller.hasFocus }

            harness.activate("win.undo")
            await harness.wait(for: "the undo") { harness.library.count == 5 }
            await harness.close()
            #expect(try harness.folders.database().albums.count == 5)
        }
    }

    @Test func editWithF2EscapeCancelsAndSaveChangesTheAlbumInPlace() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            try await harness.press("F2")
            var editor = try await openEditor(harness, titled: "Edit Album")
            #expect(editor.report().canSave, "an album as it is can be saved")
            #expect(editor.report().fields == ["Title: Best of Bowie", "Artist: David Bowie", "Genre: Pop", "Year: 1992",
                                               "Cover address: \(try #require(harness.library.album(at: 0)).coverUrl)"])
            try await type(in: editor, harness, "Escape")
            await harness.wait(for: "Escape to close the dialog") { harness.window.editing.editor == nil }
            #expect(!harness.library.canUndo, "cancelled: nothing recorded")

            // Enter on the selected cover opens it too.
            try await harness.press("Return")
            editor = try await openEditor(harness, titled: "Edit Album")
            editor.cancelButton.click()
            await harness.wait(for: "Cancel to close the dialog") { harness.window.editing.editor == nil }

            // So does a double click on the selected cover; saving without a change records nothing.
            let view = try #require(harness.window.scroller.view(at: 0) as? AlbumView)
            let point = try #require(view.surfacePoint(x: Double(view.allocatedSize.width) / 2, y: 40))
            try await harness.deliver(harness.input.doubleClick(x: point.x, y: point.y))
            editor = try await openEditor(harness, titled: "Edit Album")
            editor.saveButton.click()
            await harness.wait(for: "the dialog to close") { harness.window.editing.editor == nil }
            #expect(!harness.library.canUndo, "an edit that changes nothing records nothing")

            harness.activate("win.edit")
            editor = try await openEditor(harness, titled: "Edit Album")
            editor.genreField.text = "  Glam Rock "
            editor.coverField.text = "ftp://example.com/cover.png"
            #expect(editor.report().messages == [AlbumForm.message(for: .coverAddressInvalid)])
            #expect(!editor.report().canSave)
            editor.coverField.text = ""
            editor.saveButton.click()
            await harness.wait(for: "the edit") { harness.library.canUndo }
            #expect(harness.library.count == 5)
            #expect(harness.library.album(at: 0)?.genre == "Glam Rock")
            #expect(harness.library.album(at: 0)?.coverUrl == "")
            #expect(harness.report.properties.contains("Genre: Glam Rock"))
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "“\u{2068}Best of Bowie\u{2069}” changed" })
            #expect(harness.window.headerBar.undoTooltip == "\u{200E}Undo Edit “\u{2068}Best of Bowie\u{2069}” (Ctrl+Z)")
            await harness.wait(for: "the placeholder of an album without a cover") {
                (harness.window.scroller.view(at: 0) as? AlbumView)?.showsPlaceholder == true
            }

            try await harness.press("ctrl+z")
            await harness.wait(for: "the undo") { harness.library.album(at: 0)?.genre == "Pop" }
            #expect(harness.report.properties.contains("Genre: Pop"))
            try await harness.press("shift+ctrl+z")
            await harness.wait(for: "the redo") { harness.library.album(at: 0)?.genre == "Glam Rock" }
            await harness.close()
            let stored = try harness.folders.database()
            #expect(stored.albums[0].genre == "Glam Rock")
            #expect(stored.historyAgrees)
        }
    }

    @Test func imagesDroppedOntoTheDialogAndTheStripBecomeCovers() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            let folders = harness.folders
            try FileManager.default.createDirectory(at: folders.root, withIntermediateDirectories: true)
            let image = folders.root.appendingPathComponent("front.png")
            try FixtureImages.body(of: "/cover/front").write(to: image)
            let other = folders.root.appendingPathComponent("other.png")
            try FixtureImages.body(of: "/photo-cover/other").write(to: other)
            let text = folders.root.appendingPathComponent("liner notes.png")
            try folders.write("not an image at all", to: text)

            harness.activate("win.add")
            let editor = try await openEditor(harness, titled: "Add Album")
            #expect(editor.coverDropTarget.drop(file: text))
            await harness.wait(for: "the refusal") { !editor.report().messages.isEmpty }
            #expect(editor.report().messages == [CoverFileError.notAnImage(name: "liner notes.png").message])
            #expect(!editor.report().showsCover)

            #expect(editor.coverDropTarget.drop(file: image))
            await harness.wait(for: "the dropped cover in the dialog") { editor.report().showsCover }
            #expect(editor.report().messages.isEmpty)
            try FileManager.default.removeItem(at: image)  // the app keeps its own copy
            editor.titleField.text = "Dropped"
            editor.saveButton.click()
            await harness.wait(for: "the new album") { harness.library.count == 6 }
            let reference = try #require(harness.library.album(at: 1)?.coverUrl)
            #expect(OwnCovers.isReference(reference))
            await harness.wait(for: "its cover in the strip") { (harness.window.scroller.view(at: 1) as? AlbumView)?.showsCover == true }

            // Onto the strip: a file that is no image changes nothing and says why.
            let strip = harness.window.scroller
            #expect(strip.dropTarget.drop(file: text, x: try centre(of: 3, in: strip), y: 40))
            await harness.wait(for: "the problem dialog") { harness.report.problem != nil }
            #expect(harness.report.problem == CoverFileError.notAnImage(name: "liner notes.png").message)
            #expect(harness.library.commandToUndo?.kind == .add)

            // An image file onto the cover of album 3 selects it and sets its cover.
            #expect(strip.dropTarget.drop(file: other, x: try centre(of: 3, in: strip), y: 40))
            await harness.wait(for: "the new cover") { harness.library.commandToUndo?.kind == .setCover }
            #expect(harness.library.selectedIndex == 3)
            let title = try #require(harness.library.album(at: 3)?.title)
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "New cover for “\u{2068}\(title)\u{2069}”" })
            #expect(harness.window.headerBar.undoTooltip == "\u{200E}Undo New Cover for “\u{2068}\(title)\u{2069}” (Ctrl+Z)")
            await harness.wait(for: "the cover shown") { (harness.window.scroller.view(at: 3) as? AlbumView)?.shownCoverAddress == harness.library.album(at: 3)?.coverUrl }

            // Image data (as from a browser) onto the selected cover: another stored image.
            let fromFile = try #require(harness.library.album(at: 3)?.coverUrl)
            #expect(strip.dropTarget.drop(imageDataOf: other, x: try centre(of: 3, in: strip), y: 40))
            await harness.wait(for: "the image data as the cover") {
                harness.library.album(at: 3).map { OwnCovers.isReference($0.coverUrl) && $0.coverUrl != fromFile } == true
            }
            #expect(folders.files(in: folders.locations.ownCoverDirectory).count == 3)

            harness.activate("win.undo")
            await harness.wait(for: "the undo") { harness.library.album(at: 3)?.coverUrl == fromFile }
            harness.activate("win.undo")
            await harness.wait(for: "the second undo") { harness.library.album(at: 3)?.coverUrl.hasPrefix("http") == true }
            await harness.close()
            #expect(try folders.database().historyAgrees)
        }
    }

    // MARK: Helpers

    /// Waits for the dialog to be on screen with the focus in its first field.
    private func openEditor(_ harness: WindowHarness, titled title: String) async throws -> AlbumEditor {
        await harness.wait(for: "the \(title) dialog") {
            guard let editor = harness.window.editing.editor else { return false }
            return editor.window.isMapped && editor.titleField.containsFocus
        }
        let editor = try #require(harness.window.editing.editor)
        #expect(editor.window.title == title)
        return editor
    }

    /// Types into the dialog with real key presses: words as text, key names as keys.
    private func type(in editor: AlbumEditor, _ harness: WindowHarness, _ inputs: String...) async throws {
        let driver = InputDriver(windowID: editor.window.x11WindowID)
        let keys: Set = ["Tab", "BackSpace", "Return", "Escape"]
        for input in inputs {
            try await harness.deliver(keys.contains(input) ? driver.press(input) : driver.type(input))
        }
    }

    /// The middle of view `index` in the strip's list, as the drop target measures it.
    private func centre(of index: Int, in strip: HorizontalScrollerView) throws -> Double {
        let view = try #require(strip.view(at: index))
        let bounds = try #require(view.bounds(in: strip.gridView))
        return bounds.x + bounds.width / 2
    }
}
