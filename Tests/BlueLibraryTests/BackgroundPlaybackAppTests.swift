import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

/// The player is the application's, not the window's: with Preferences ▸ "Keep Playing When
/// the Window Is Closed" on, closing the window while music plays keeps the music (heard
/// through a private PulseAudio) and GNOME's media controls (MPRIS, on a private session bus),
/// which drive the player with no window; launching BlueLibrary again brings the window back
/// with the player as it is, and MPRIS Quit ends both. With it off, closing the window quits.
@Suite(.serialized)
struct BackgroundPlaybackAppTests {
    /// The state file a user who turned the preference on has.
    static let keepPlayingState = #"{"preferences":{"keepsPlayingWhenWindowIsClosed":true}}"#

    @Test func theMusicAndTheMediaControlsOutliveTheWindow() async throws {
        try await DisplayLock.ownDisplay {
            let launch = try await Launch(album: "Night Drive", trackSeconds: [40, 40], keepsPlaying: true)
            defer { launch.stop() }
            let (folders, pulse, app) = (launch.folders, launch.pulse, launch.app)
            let controls = try #require(launch.controls)

            let recording = try pulse.record()
            try await app.press("ctrl+space")
            _ = try await recording.waitForSound()
            try await app.press("ctrl+w")
            #expect(try await app.waitUntilGone(titled: "BlueLibrary"), "the window closes")
            let closedAt = recording.frameCount

            // The music goes on: a second of sound recorded after the window went.
            try await recording.waitForFrames(closedAt + 44_100)
            let heard = recording.snapshot()
            #expect(!heard.isSilent(in: closedAt..<(closedAt + 44_100)), "the music plays on with the window closed")
            #expect(app.process.isRunning, "the app runs on; its last words: \(app.output.suffix(3_000))")

            // The media controls answer and drive the player, with no window.
            #expect(try await controls.property("PlaybackStatus").contains("'Playing'"))
            try await controls.call("Next")
            try await controls.waitFor("Metadata", containing: "'Part 2'")
            _ = try await controls.playerctl("pause")
            try await controls.waitFor("PlaybackStatus", containing: "Paused")
            let pausedAt = recording.frameCount
            try await recording.waitForFrames(pausedAt + 88_200)  // past the buffer and any lag of the recording
            #expect(recording.snapshot().isSilent(in: (pausedAt + 66_150)..<(pausedAt + 88_200)), "silence after MPRIS Pause")
            _ = try await controls.playerctl("play")
            try await controls.waitFor("PlaybackStatus", containing: "Playing")
            #expect(try await !app.isWindowShown(titled: "BlueLibrary"), "no window opened for the media controls")

            // A second launch brings the window back, showing the player as it is.
            let second = try AppProcess(folders: folders, bus: launch.bus?.address)
            #expect(try await second.waitForExit() == 0, "\(second.output)")
            let back = try await app.report { $0.playback?.trackIndex == 1 && $0.playback?.status == "playing" }
            #expect(back.playback?.bar.first == "Part 2")
            #expect(back.playback?.markedInStrip == ["Night Drive"])
            _ = try await app.window(titled: "BlueLibrary")  // on show, once X has mapped it

            // MPRIS Quit ends both.
            try await controls.callRoot("Quit")
            #expect(try await app.waitForExit() == 0)
            _ = recording.stop()
        }
    }

    @Test func withThePreferenceOffClosingTheWindowQuits() async throws {
        try await DisplayLock.ownDisplay {
            let launch = try await Launch(album: "Short Night", trackSeconds: [40], keepsPlaying: false)
            defer { launch.stop() }
            let (folders, pulse, app) = (launch.folders, launch.pulse, launch.app)
            let recording = try pulse.record()
            try await app.press("ctrl+space")
            _ = try await recording.waitForSound()
            try await app.press("ctrl+w")
            #expect(try await app.waitForExit() == 0, "closing the window quits, music and all")
            let state = try String(contentsOf: folders.locations.stateFile, encoding: .utf8)
            #expect(state.contains("\"playback\""), "what played is remembered for the next launch: \(state)")
            _ = recording.stop()
        }
    }

    /// The playback is the library's, not the window's: a BlueLibrary the desktop started as a
    /// service (as GNOME Shell's search does) outlives its window, and so does what it played.
    /// Closing the window pauses the music (the preference is off); the media controls still
    /// show the track and its place, and MPRIS `Raise` opens a window on the same player.
    @Test func aSessionTheDesktopStartedOutlivesItsWindow() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Late Service", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Late Service", artist: "Sine", trackFrames: [44_100 * 40, 44_100 * 40])
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let bus = try SessionBus()
            defer { bus.stop() }
            let controls = MediaPlayerClient(busAddress: bus.address)
            let service = try AppProcess(folders: folders, bus: bus.address, arguments: ["--gapplication-service"], environment: pulse.environment)
            try bus.waitForOwner(of: ShellSearchClient.name)
            // A launch with a folder goes to the service, which opens its window and imports it.
            let opener = try AppProcess(folders: folders, bus: bus.address, arguments: [music.path])
            #expect(try await opener.waitForExit() == 0, "\(opener.output)")
            _ = try await service.report { $0.tracks.count == 2 && $0.importProgress == nil }
            try await service.press("ctrl+space")
            try await controls.waitFor("PlaybackStatus", containing: "Playing")
            try await service.press("alt+Right")
            try await controls.waitFor("Metadata", containing: "'Part 2'")

            let recording = try pulse.record()
            try await service.press("ctrl+w")
            #expect(try await service.waitUntilGone(titled: "BlueLibrary"), "the window closes")
            try await controls.waitFor("PlaybackStatus", containing: "Paused")
            let pausedAt = recording.frameCount
            try await recording.waitForFrames(pausedAt + 88_200)  // past the buffer and any lag of the recording
            #expect(recording.snapshot().isSilent(in: (pausedAt + 66_150)..<(pausedAt + 88_200)), "the music paused with the window")
            _ = recording.stop()
            #expect(service.process.isRunning, "the service runs on; its last words: \(service.output.suffix(3_000))")
            #expect(try await controls.property("Metadata").contains("'Part 2'"), "the media controls still show the track")

            try await controls.callRoot("Raise")
            let back = try await service.report { $0.playback?.trackIndex == 1 && $0.playback?.status == "paused" }
            #expect(back.playback?.bar.first == "Part 2", "the window opens again on the same player")
            try await service.press("ctrl+q")
            #expect(try await service.waitForExit() == 0)
        }
    }

    /// With no window, music that ends ends the app: nothing is left to hear or control.
    @Test func anAlbumThatEndsWithTheWindowClosedEndsTheApp() async throws {
        try await DisplayLock.ownDisplay {
            let launch = try await Launch(album: "Last Song", trackSeconds: [30], keepsPlaying: true)
            defer { launch.stop() }
            let app = launch.app
            let controls = try #require(launch.controls)
            try await app.press("ctrl+space")
            try await controls.waitFor("PlaybackStatus", containing: "Playing")
            try await app.press("ctrl+w")
            #expect(try await app.waitUntilGone(titled: "BlueLibrary"))
            #expect(app.process.isRunning, "the music keeps the app running")
            try await controls.call("Seek", "1000000000")  // past the end of the last track
            #expect(try await app.waitForExit() == 0, "the app ends with the music")
        }
    }
}

// MARK: - Launching over one album

/// The real app launched over one album cut from a tone, imported as `bluelibrary FOLDER`
/// does, playing into a private PulseAudio; with the preference on, also on a private session
/// bus whose media controls the test drives. Ready once the album's tracks are listed.
private struct Launch {
    let folders = TestFolders()
    let pulse: PrivatePulseAudio
    let bus: SessionBus?
    let app: AppProcess

    /// The media controls, when the app is on a session bus.
    var controls: MediaPlayerClient? { bus.map { MediaPlayerClient(busAddress: $0.address) } }

    init(album: String, trackSeconds: [Int], keepsPlaying: Bool) async throws {
        if keepsPlaying { try folders.writeState(BackgroundPlaybackAppTests.keepPlayingState) }
        let music = folders.root.appendingPathComponent("Music/\(album)", isDirectory: true)
        try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: album, artist: "Sine", trackFrames: trackSeconds.map { 44_100 * $0 })
        let pulse = try PrivatePulseAudio()
        var bus: SessionBus?
        do {
            bus = keepsPlaying ? try SessionBus() : nil
            let app = try AppProcess(folders: folders, bus: bus?.address, arguments: [music.path], environment: pulse.environment)
            let count = trackSeconds.count
            _ = try await app.report { $0.tracks.count == count && $0.importProgress == nil }
            self.app = app
        } catch {
            bus?.stop()
            pulse.stop()
            throw error
        }
        self.pulse = pulse
        self.bus = bus
    }

    func stop() {
        bus?.stop()
        pulse.stop()
    }
}
