import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The track list in the window: an imported album's tracks, in play order, with their
/// lengths; none, and Play greyed, for an album without files. Nothing is played in this
/// process: GStreamer and a sound server client in the test process disturbed the windows of
/// the tests that followed (what is heard is checked on the real binary, `PlaybackAppTests`).
@MainActor
@Suite(.serialized)
struct TrackListWindowTests {
    @Test func theListFollowsTheSelectedAlbum() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Listed", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Listed", artist: "Sine", trackFrames: [44_100 * 30, 44_100 * 30, 44_100 * 30])
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window
            window.musicImport.importMusic([music])
            #expect(await harness.wait(for: "the album's tracks") { harness.report.tracks.count == 3 })
            #expect(harness.report.tracks == ["1 Part 1 0:30", "2 Part 2 0:30", "3 Part 3 0:30"])
            await harness.nextFrames()

            harness.library.selectAlbum(at: 4)  // an album of the sample: no files, no list
            #expect(await harness.wait(for: "another album") { harness.report.selectedIndex == 4 })
            #expect(harness.report.tracks.isEmpty)
            #expect(!harness.report.canPlay)
            await harness.close()
        }
    }
}
