import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The play queue in the window, with real key presses and clicks: Play Next and Add to Queue
/// say what they did, and their Undo is the queue's own (the library's undo history is left
/// as it was); the queue view moves a track with Alt+Down and takes one out with Delete (not
/// an album out of the library). Nothing is played in this process (`TrackListWindowTests`):
/// queued with nothing playing, the queue is loaded, paused.
@MainActor
@Suite(.serialized)
struct QueueWindowTests {
    @Test func queuedAlbumsAreUndoneByTheirNoticeAndReorderedFromTheKeyboard() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let alpha = folders.root.appendingPathComponent("Music/Alpha", isDirectory: true)
            let beta = folders.root.appendingPathComponent("Music/Beta", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: alpha, album: "Alpha", artist: "Sine", trackFrames: [4_410, 4_410, 4_410])
            try ToneAlbumMaker.makeContinuousToneAlbum(in: beta, album: "Beta", artist: "Sine", trackFrames: [4_410, 4_410])
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window, library = harness.library, player = window.player
            window.musicImport.importMusic([alpha, beta])
            #expect(await harness.wait(for: "both albums") { library.count == 7 && !window.musicImport.progress.isShown })
            let index = { (title: String) in (0..<library.count).first { library.album(at: $0)?.title == title } }
            let order = { player.queue.map { queue in (0..<queue.count).compactMap { queue.entry(at: $0) }.map { entry in
                "\(library.album(withID: entry.albumID)?.title ?? "?") \(entry.trackIndex + 1)" } } ?? [] }

            library.selectAlbum(at: try #require(index("Alpha")))
            #expect(await harness.wait(for: "Alpha's tracks") { harness.report.tracks.count == 3 && harness.report.canPlay })
            let undoBefore = library.commandToUndo
            try await harness.press("ctrl+shift+a")
            #expect(await harness.wait(for: "Alpha queued") { player.queue?.count == 3 })
            #expect(await harness.wait(for: "Alpha's notice") { harness.report.toast == "“\u{2068}Alpha\u{2069}” was added to the queue" })
            #expect(player.status == .paused, "queued with nothing loaded: loaded, not playing")
            library.selectAlbum(at: try #require(index("Beta")))
            #expect(await harness.wait(for: "Beta's tracks") { harness.report.tracks.count == 2 })
            try await harness.press("ctrl+shift+n")
            #expect(await harness.wait(for: "Beta next") { player.queue?.count == 5 })
            #expect(order() == ["Alpha 1", "Beta 1", "Beta 2", "Alpha 2", "Alpha 3"])
            #expect(await harness.wait(for: "Beta's notice") { harness.report.toast == "“\u{2068}Beta\u{2069}” will play next" })
            #expect(library.commandToUndo == undoBefore, "the queue's changes stay out of the library's undo history")

            // The notice's Undo takes out what Play Next put in, and nothing of the library.
            let undo = try #require(window.toast.undoButton)
            let size = undo.allocatedSize
            let point = try #require(undo.surfacePoint(x: Double(size.width) / 2, y: Double(size.height) / 2))
            try await harness.deliver(harness.input.click(x: point.x, y: point.y))
            #expect(await harness.wait(for: "Beta out of the queue") { player.queue?.count == 3 })
            #expect(library.count == 7 && library.commandToUndo == undoBefore)

            try await harness.press("ctrl+shift+a")
            #expect(await harness.wait(for: "Beta at the end") { player.queue?.count == 5 })
            #expect(order() == ["Alpha 1", "Alpha 2", "Alpha 3", "Beta 1", "Beta 2"])

            // Keys go where the user's would: to the popover, which has the keyboard (the
            // harness's own presses give the focus back to the main window first).
            let pressInPopover = { (key: String) in try await harness.deliver(["key", "--clearmodifiers", key]) }
            // The queue, from the keyboard: the track playing has the focus; Down, Alt+Down
            // moves Alpha 2 below Alpha 3; Delete takes Beta 1 out.
            let queueButton = window.playBar.queueButton
            let buttonSize = queueButton.allocatedSize
            let buttonPoint = try #require(queueButton.surfacePoint(x: Double(buttonSize.width) / 2, y: Double(buttonSize.height) / 2))
            try await harness.deliver(harness.input.click(x: buttonPoint.x, y: buttonPoint.y))
            #expect(await harness.wait(for: "the queue open") { window.playBar.queuePopover.isOpen && window.playBar.queueView.shownRows.count == 5 })
            #expect(window.playBar.queueView.shownRows.first == "Part 1, Sine — Alpha, playing")
            #expect(!window.actions.isEnabled(.delete), "Delete is the queue's while it is open")
            #expect(await harness.wait(for: "the focus on the track playing") {
                window.playBar.queueView.focusedPosition == 0 && window.playBar.queueView.list.containsFocus
            })
            try await pressInPopover("Down")
            #expect(await harness.wait(for: "the focus on the next track") { window.playBar.queueView.focusedPosition == 1 })
            try await pressInPopover("alt+Down")
            #expect(await harness.wait(for: "Alpha 2 moved down") { order() == ["Alpha 1", "Alpha 3", "Alpha 2", "Beta 1", "Beta 2"] })
            #expect(window.playBar.queueView.focusedPosition == 2, "the moved track keeps the focus")
            try await pressInPopover("Down")
            #expect(await harness.wait(for: "the focus on Beta 1") { window.playBar.queueView.focusedPosition == 3 })
            try await pressInPopover("Delete")
            #expect(await harness.wait(for: "Beta 1 out") { order() == ["Alpha 1", "Alpha 3", "Alpha 2", "Beta 2"] })
            #expect(library.count == 7, "no album was deleted")
            #expect(window.playBar.queueView.shownRows.count == 4)
            try await pressInPopover("Escape")
            #expect(await harness.wait(for: "the queue closed") { !window.playBar.queuePopover.isOpen })
            #expect(window.actions.isEnabled(.delete))

            // A track's own menu (a secondary click on it): Add to Queue puts that track alone
            // at the end.
            let row = try #require(window.trackList.row(at: 1))
            let rowSize = row.allocatedSize
            let rowPoint = try #require(row.surfacePoint(x: Double(rowSize.width) / 2, y: Double(rowSize.height) / 2))
            try await harness.deliver(harness.input.click(x: rowPoint.x, y: rowPoint.y, button: 3))
            #expect(await harness.wait(for: "the track's menu") { window.trackList.menuTrack == 1 })
            try await pressInPopover("Escape")
            harness.activate("win.add-track-to-queue")
            #expect(await harness.wait(for: "Beta 2 queued") { order() == ["Alpha 1", "Alpha 3", "Alpha 2", "Beta 2", "Beta 2"] })
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "“\u{2068}Part 2\u{2069}” was added to the queue" })

            // F9 opens the queue from anywhere in the window, the track playing focused.
            try await harness.press("F9")
            #expect(await harness.wait(for: "the queue open from the keyboard") {
                window.playBar.queuePopover.isOpen && window.playBar.queueView.shownRows.count == 5
                    && window.playBar.queueView.list.containsFocus
            })
            #expect(window.playBar.queueButton.tooltip == "Queue (F9)")
            try await pressInPopover("Escape")
            await harness.close()
        }
    }

    /// The player follows the library before the strip does (the playback session observes
    /// the library first, and the player's `.track` reaches the window while the strip still
    /// shows the deleted album): deleting the album loaded moves the player to the next album
    /// of the queue, and once the strip has let the deleted one go, it marks that one.
    @Test func deletingTheAlbumLoadedMarksTheNextOneInTheStrip() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let first = folders.root.appendingPathComponent("Music/First", isDirectory: true)
            let second = folders.root.appendingPathComponent("Music/Second", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: first, album: "First", artist: "Sine", trackFrames: [4_410, 4_410])
            try ToneAlbumMaker.makeContinuousToneAlbum(in: second, album: "Second", artist: "Sine", trackFrames: [4_410])
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window, library = harness.library, player = window.player
            window.musicImport.importMusic([first, second])
            #expect(await harness.wait(for: "both albums") { library.count == 7 && !window.musicImport.progress.isShown })
            let index = { (title: String) in (0..<library.count).first { library.album(at: $0)?.title == title } }
            for title in ["First", "Second"] {
                library.selectAlbum(at: try #require(index(title)))
                #expect(await harness.wait(for: "\(title)'s tracks") { harness.report.canPlay && harness.report.properties.contains("Album: \(title)") })
                window.queue.addSelectedAlbum(at: .end)
            }
            #expect(await harness.wait(for: "First marked") { harness.report.playback?.markedInStrip == ["First"] })

            library.selectAlbum(at: try #require(index("First")))
            harness.activate(AppAction.delete.detailedName)
            #expect(await harness.wait(for: "Second loaded") { player.album?.title == "Second" && library.count == 6 })
            await harness.nextFrames()
            #expect(harness.report.playback?.markedInStrip == ["Second"], "the album loaded now is the one marked")
            await harness.close()
        }
    }
}
