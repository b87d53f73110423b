import Foundation
import MusicFixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The track list in the window: a double click on a track, or Enter on it, plays the album
/// from that track; the list follows the selected album and is gone for an album without
/// files. (What is heard is checked in `PlaybackAppTests`; this process has no sound server,
/// so the player stops at "No Sound Output", with the track it was asked for loaded.)
@MainActor
@Suite(.serialized)
struct TrackListWindowTests {
    @Test func aDoubleClickOrEnterOnATrackPlaysFromIt() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Listed", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Listed", artist: "Sine", trackFrames: [44_100 * 30, 44_100 * 30, 44_100 * 30])
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window
            window.importMusic([music])
            #expect(await harness.wait(for: "the album's tracks") { harness.report.tracks.count == 3 })
            #expect(harness.report.tracks == ["1 Part 1 0:30", "2 Part 2 0:30", "3 Part 3 0:30"])
            await harness.nextFrames()

            let second = try #require(window.trackList.row(at: 1))
            let size = second.allocatedSize
            let point = try #require(second.surfacePoint(x: Double(size.width) / 2, y: Double(size.height) / 2))
            try await harness.deliver(harness.input.doubleClick(x: point.x, y: point.y))
            #expect(await harness.wait(for: "the play bar") { harness.report.playback != nil })
            #expect(harness.report.playback?.bar.first == "Part 2", "played from the track clicked")
            #expect(harness.report.playback?.trackIndex == 1)

            window.trackList.focusTrack(at: 2)
            try await harness.press("Return")
            #expect(await harness.wait(for: "the third track") { harness.report.playback?.trackIndex == 2 })
            #expect(harness.report.playback?.bar.first == "Part 3")

            harness.library.selectAlbum(at: 4)  // an album of the sample: no files, no list
            #expect(await harness.wait(for: "another album") { harness.report.selectedIndex == 4 })
            #expect(harness.report.tracks.isEmpty)
            #expect(!harness.report.canPlay)
            #expect(harness.report.playback?.album == "Listed", "what plays goes on being shown")
            window.player.stop()
            await harness.close()
        }
    }
}
