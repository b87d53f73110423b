import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

/// GNOME's media controls reach the real binary over MPRIS 2 on a private session bus, as
/// GNOME Shell and `playerctl` do: its properties, Play with nothing loaded, Next, Seek past
/// the end, Stop; and its window's Play button says why an album without files cannot play.
@Suite(.serialized)
struct MediaControlsAppTests {
    @Test func theMediaControlsDriveThePlayer() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Long Tones", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Long Tones", artist: "Sine", trackFrames: [44_100 * 60, 44_100 * 60, 44_100 * 60])
            // A minute a track: each plays on while a loaded machine runs the next client call.
            try MusicFolderMaker(templates: folders.root.appendingPathComponent("templates")).image("red")
                .write(to: music.appendingPathComponent("cover.png"))
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let bus = try SessionBus()
            defer { bus.stop() }
            let controls = MediaPlayerClient(busAddress: bus.address)
            let app = try AppProcess(folders: folders, bus: bus.address, arguments: [music.path], environment: pulse.environment)
            _ = try await app.report { $0.tracks.count == 3 && $0.importProgress == nil }

            #expect(try await controls.property("Identity", interface: "org.mpris.MediaPlayer2").contains("'BlueLibrary'"))
            #expect(try await controls.property("PlaybackStatus").contains("'Stopped'"))
            #expect(try await controls.property("CanPlay").contains("true"), "the selected album can be played")
            #expect(try await controls.playerctl("status") == "Stopped")

            try await controls.call("Play")  // nothing loaded: the selected album
            try await controls.waitFor("PlaybackStatus", containing: "Playing")
            let metadata = try await controls.property("Metadata")
            for expected in ["'xesam:title': <'Part 1'>", "'xesam:album': <'Long Tones'>", "'xesam:artist': <['Sine']>",
                             "'mpris:length': <int64 60000000>", "'mpris:trackid': <objectpath '/io/github/bluelibrary/BlueLibrary/Track/",
                             "'mpris:artUrl': <'file://\(folders.root.path)/data/bluelibrary/covers/"] {
                #expect(metadata.contains(expected), "\(expected) in \(metadata)")
            }
            #expect(try await controls.property("CanGoNext").contains("true"))
            var report = try await app.report { $0.playback?.status == "playing" }
            #expect(report.playback?.bar.first == "Part 1")

            try await controls.call("Next")
            try await controls.waitFor("Metadata", containing: "'Part 2'")
            try await controls.call("Seek", "5000000")  // +5 s
            report = try await app.report { ($0.playback?.position ?? 0) >= 5 && $0.playback?.trackIndex == 1 }
            #expect(try await controls.playerctl("metadata", "xesam:title") == "Part 2")

            try await controls.call("Seek", "1000000000")  // far past the end: the next track
            try await controls.waitFor("Metadata", containing: "'Part 3'")
            #expect(try await controls.property("CanGoNext").contains("false"), "the last track")

            _ = try await controls.playerctl("pause")
            try await controls.waitFor("PlaybackStatus", containing: "Paused")
            report = try await app.report { $0.playback?.status == "paused" }
            #expect(report.playback?.bar.first == "Part 3")

            try await controls.call("Stop")
            try await controls.waitFor("PlaybackStatus", containing: "Stopped")
            _ = try await app.report { $0.playback == nil }  // the play bar goes
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    @Test func anAlbumWithoutFilesCannotBePlayedAndSaysWhy() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let app = try AppProcess(folders: folders)
            let report = try await app.report { $0.selectedIndex != nil }
            let canPlay = report.canPlay, tracks = report.tracks, tooltip = report.playTooltip ?? ""
            #expect(!canPlay)
            #expect(tracks.isEmpty)
            #expect(tooltip == "This album has no music files: only albums imported from a music folder can be played")
            try await app.press("ctrl+space")  // nothing happens, and nothing breaks
            try await app.press("Right")
            let after = try await app.report { $0.selectedIndex == 1 }
            let playBarShown = after.playback != nil
            #expect(!playBarShown)
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    /// While music plays the session does not suspend: the app asks GNOME's session manager
    /// (a stand-in here, `Tests/Scripts/fake_session_manager.py`) to inhibit suspending, and
    /// withdraws the request when it pauses.
    @Test func theSessionStaysAwakeWhilePlaying() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Awake", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Awake", artist: "Sine", trackFrames: [44_100 * 30])
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let bus = try SessionBus()
            defer { bus.stop() }
            let calls = folders.root.appendingPathComponent("session-manager.log")
            try Data().write(to: calls)
            let sessionManager = Process()
            sessionManager.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            sessionManager.arguments = [Repository.root.appendingPathComponent("Tests/Scripts/fake_session_manager.py").path]
            sessionManager.environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]
            sessionManager.standardOutput = try FileHandle(forWritingTo: calls)
            try sessionManager.runWithSignalsUnblocked()
            defer { sessionManager.terminate() }
            let said = { (try? String(contentsOf: calls, encoding: .utf8)) ?? "" }
            try await waitFor("the session manager") { said().contains("ready") }

            let app = try AppProcess(folders: folders, bus: bus.address, arguments: [music.path], environment: pulse.environment)
            _ = try await app.report { $0.tracks.count == 1 && $0.importProgress == nil }
            #expect(!said().contains("inhibit"), "nothing is inhibited before playing")
            try await app.press("ctrl+space")
            try await waitFor("an inhibition of suspending") { said().contains("inhibit 4 Playing music") }
            try await app.press("ctrl+space")
            _ = try await app.report { $0.playback?.status == "paused" }
            try await waitFor("the inhibition withdrawn") { said().contains("uninhibit 1") }
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    /// Waits for a condition on another process's output.
    private func waitFor(_ what: String, timeout: Duration = MainLoopDriver.hangGuard, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            try #require(ContinuousClock.now < deadline, "timed out waiting for \(what)")
            try await Task.sleep(for: .milliseconds(50))  // another process
        }
    }
}
