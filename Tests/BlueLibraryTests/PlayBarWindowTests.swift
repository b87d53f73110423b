import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The play bar's toggles are the window's actions: the shuffle button is `win.shuffle`,
/// pressed while shuffle is on, whoever turned it on (the button, Ctrl+S, or GNOME's media
/// controls through the player). Nothing is played in this process (`TrackListWindowTests`).
@MainActor
@Suite(.serialized)
struct PlayBarWindowTests {
    @Test func theShuffleButtonIsTheShuffleAction() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let alpha = folders.root.appendingPathComponent("Music/Alpha", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: alpha, album: "Alpha", artist: "Sine", trackFrames: [4_410, 4_410])
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window, library = harness.library, player = window.player
            window.musicImport.importMusic([alpha])
            #expect(await harness.wait(for: "the album") { library.count == 6 && !window.musicImport.progress.isShown })
            library.selectAlbum(at: try #require((0..<library.count).first { library.album(at: $0)?.title == "Alpha" }))
            #expect(await harness.wait(for: "Alpha's tracks") { harness.report.tracks.count == 2 && harness.report.canPlay })
            try await harness.press("ctrl+shift+a")  // queued: loaded, paused, the play bar shown
            #expect(await harness.wait(for: "the play bar") { harness.report.playback != nil })
            let shuffle = window.playBar.shuffleButton
            #expect(window.actions.isOn(.shuffle) == false && !shuffle.isActive)

            let size = shuffle.allocatedSize
            let point = try #require(shuffle.surfacePoint(x: Double(size.width) / 2, y: Double(size.height) / 2))
            try await harness.deliver(harness.input.click(x: point.x, y: point.y))
            #expect(await harness.wait(for: "shuffle on") { player.settings.isShuffled })
            #expect(await harness.wait(for: "the action on, the button pressed") { window.actions.isOn(.shuffle) == true && shuffle.isActive })

            player.setShuffled(false)  // as GNOME's media controls do
            #expect(await harness.wait(for: "the action off, the button up") { window.actions.isOn(.shuffle) == false && !shuffle.isActive })
            try await harness.press("ctrl+s")
            #expect(await harness.wait(for: "Ctrl+S: on again, pressed") { player.settings.isShuffled && shuffle.isActive })
        }
    }
}
