import Foundation
import Fixtures
import GstKit
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// What the player does with a failure GStreamer reports, told to it as the pipeline tells it
/// (nothing is played in this process): a failure of the file playing is named to the user,
/// and one of a file the user has already left (quick presses of Next load one file after
/// another, and a parser taken apart can still post an error) changes nothing.
@MainActor
@Suite(.serialized)
struct PlaybackFailureWindowTests {
    @Test func aFailureOfAFileLeftBehindChangesNothingAndOneOfTheFilePlayingIsNamed() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Steps", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Steps", artist: "Sine", trackFrames: [4_410, 4_410, 4_410])
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window, library = harness.library, player = window.player
            window.musicImport.importMusic([music])
            #expect(await harness.wait(for: "the album") { library.count == 6 && !window.musicImport.progress.isShown })
            let index = try #require(library.albums.firstIndex { $0.title == "Steps" })
            let tracks = library.tracks(ofAlbum: try #require(library.entry(at: index)?.id))
            try #require(tracks.count == 3)
            library.selectAlbum(at: index)
            #expect(await harness.wait(for: "its tracks") { harness.report.tracks.count == 3 && harness.report.canPlay })
            try await harness.press("ctrl+shift+a")  // queued with nothing playing: loaded, paused
            #expect(await harness.wait(for: "the album queued") { player.queue?.count == 3 })
            player.start(at: 2, position: 0, playing: false)  // on to the last track, as Next does
            #expect(player.queue?.current == 2)

            // The first file's parser, taken apart after two presses of Next, reports late.
            player.handle(.failed(PlaybackFailure(kind: .undecodable, message: "Internal data stream error.", uri: tracks[0].uri)))
            await harness.nextFrames()
            #expect(player.queue?.current == 2, "the player stays on the track the user went to")
            #expect(harness.report.problem == nil, "nothing is said about a file no longer playing")

            // The same report about the file playing is named, and the queue has no next.
            player.handle(.failed(PlaybackFailure(kind: .undecodable, message: "Internal data stream error.", uri: tracks[2].uri)))
            #expect(await harness.wait(for: "the problem told") { harness.report.problem != nil })
            #expect(harness.report.problem == "“\u{2068}Part 3\u{2069}” could not be played: its file is damaged, or is not FLAC audio.")
            await harness.close()
        }
    }
}
