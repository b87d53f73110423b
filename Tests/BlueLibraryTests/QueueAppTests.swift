import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

/// The play queue in the real binary, heard through a private PulseAudio: two albums queued
/// play one after the other with no gap; ReplayGain plays a loud and a quiet album at one
/// loudness; the volume set over MPRIS is heard; shuffle, repeat and volume are MPRIS
/// properties; and the queue comes back after a quit and after a SIGKILL.
@Suite(.serialized)
struct QueueAppTests {
    @Test func twoAlbumsQueuedPlayOneAfterTheOtherWithNoGap() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let first = folders.root.appendingPathComponent("Music/First", isDirectory: true)
            let second = folders.root.appendingPathComponent("Music/Second", isDirectory: true)
            // One tone cut into two albums: the second begins where the first ends, mid-wave.
            let firstFrames = [44_100 + 123, 30_000 - 77], secondFrames = [44_100 * 20]
            try ToneAlbumMaker.makeContinuousToneAlbum(in: first, album: "First", artist: "Sine", trackFrames: firstFrames)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: second, album: "Second", artist: "Sine", trackFrames: secondFrames,
                                                       firstFrame: firstFrames.reduce(0, +))
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            try folders.writeState(TestFolders.stateKeepingNotices)
            let app = try AppProcess(folders: folders, arguments: [first.path, second.path], environment: pulse.environment)
            _ = try await app.report { $0.albumCount == 7 && $0.importProgress == nil && $0.selectedCoverHasFocus }

            try await app.selectAlbumNearTheEnd("First")
            try await app.press("ctrl+shift+a")
            var report = try await app.report { $0.toast == "“\u{2068}First\u{2069}” was added to the queue" }
            #expect(report.playback?.status == "paused", "queued with nothing loaded: loaded, not playing")
            try await app.selectAlbumNearTheEnd("Second")
            try await app.press("ctrl+shift+a")
            report = try await app.report { $0.playback?.queueLength == 3 }
            #expect(report.playback?.upcoming == ["Part 1 — First", "Part 2 — First", "Part 1 — Second"])

            let recording = try pulse.record()
            try await app.press("ctrl+space")
            let start = try await recording.waitForSound()
            let boundary = start + firstFrames.reduce(0, +)
            try await recording.waitForFrames(boundary + 44_100)
            report = try await app.report { $0.playback?.album == "Second" }
            #expect(report.playback?.bar.first == "Part 1")
            #expect(report.playback?.markedInStrip == ["Second"], "the strip marks the album playing now")
            let sound = recording.stop()
            for edge in [start + firstFrames[0], boundary] {
                let around = (edge - 4_410)..<(edge + 4_410)
                #expect(sound.silentRuns(in: around, threshold: 200, minimumLength: 3).isEmpty, "no silence near frame \(edge)")
                #expect(sound.largestStep(in: around) <= PlaybackAppTests.smoothStep, "no click near frame \(edge)")
            }
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    @Test func replayGainEvensTwoAlbumsAndTheVolumeSetOverMPRISIsHeard() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let loud = folders.root.appendingPathComponent("Music/Loud", isDirectory: true)
            let quiet = folders.root.appendingPathComponent("Music/Quiet", isDirectory: true)
            // 6 dB apart as recorded, each tagged with the gain that brings it to −9 dBFS.
            let loudFiles = try ToneAlbumMaker.makeContinuousToneAlbum(in: loud, album: "Loud", artist: "Sine", trackFrames: [44_100 * 4],
                                                                       amplitude: 0.5)
            let quietFiles = try ToneAlbumMaker.makeContinuousToneAlbum(in: quiet, album: "Quiet", artist: "Sine", trackFrames: [44_100 * 30],
                                                                        amplitude: 0.25)
            try ToneAlbumMaker.tagReplayGain(loudFiles, gain: -3, peak: 0.5)
            try ToneAlbumMaker.tagReplayGain(quietFiles, gain: 3, peak: 0.25)
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let bus = try SessionBus()
            defer { bus.stop() }
            let controls = MediaPlayerClient(busAddress: bus.address)
            let app = try AppProcess(folders: folders, bus: bus.address, arguments: [loud.path, quiet.path], environment: pulse.environment)
            _ = try await app.report { $0.albumCount == 7 && $0.importProgress == nil && $0.selectedCoverHasFocus }
            try await app.selectAlbumNearTheEnd("Loud")
            try await app.press("ctrl+shift+a")
            try await app.selectAlbumNearTheEnd("Quiet")
            try await app.press("ctrl+shift+a")
            _ = try await app.report { $0.playback?.queueLength == 2 }

            let recording = try pulse.record()
            try await app.press("ctrl+space")
            let start = try await recording.waitForSound()
            let boundary = start + 44_100 * 4
            try await recording.waitForFrames(boundary + 44_100 * 3)
            // Repeat and shuffle set as GNOME Shell sets them, and the volume at half (cubic:
            // an eighth of the level, −18 dB).
            try await controls.set("LoopStatus", to: "<'Playlist'>")
            try await controls.set("Shuffle", to: "<true>")
            try await controls.set("Volume", to: "<0.5>")
            let report = try await app.report { $0.playback?.volume == 0.5 && $0.playback?.shuffle == true }
            #expect(report.playback?.repeatMode == "all")
            #expect(try await controls.property("LoopStatus").contains("Playlist"))
            #expect(try await controls.property("Shuffle").contains("true"))
            #expect(try await controls.property("Volume").contains("0.5"))
            // The sound server's buffer plays out before the new volume is heard, and the
            // recording's length may lag behind what is heard on a loaded machine.
            let turnedDown = recording.frameCount + 66_150
            try await recording.waitForFrames(turnedDown + 44_100)
            let sound = recording.stop()

            let loudLevel = sound.rms(in: (start + 11_025)..<(boundary - 11_025))
            let quietLevel = sound.rms(in: (boundary + 11_025)..<(boundary + 44_100 * 2))
            let apart = 20 * log10(loudLevel / quietLevel)
            #expect(abs(apart) < 0.5, "ReplayGain: the albums are heard \(apart) dB apart (recorded 6 dB apart)")
            let lowered = 20 * log10(sound.rms(in: turnedDown..<(turnedDown + 44_100)) / quietLevel)
            #expect(abs(lowered + 18) < 1.5, "the volume at 0.5 lowered the sound by \(lowered) dB, not 18")
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)

            // Kept at relaunch: the queue, shuffle, repeat and the volume.
            let relaunched = try AppProcess(folders: folders, bus: bus.address, environment: pulse.environment)
            let back = try await relaunched.report { $0.playback != nil }
            #expect(back.playback?.queueLength == 2)
            #expect(back.playback?.album == "Quiet")
            #expect(back.playback?.shuffle == true && back.playback?.repeatMode == "all" && back.playback?.volume == 0.5)
            #expect(try await controls.property("Volume").contains("0.5"))
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
        }
    }

    @Test func playAllPlaysTheAlbumsShownInTheStripsOrderPassingOverThoseWithoutFiles() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let albums = ["Alpha", "Beta"].map { folders.root.appendingPathComponent("Music/\($0)", isDirectory: true) }
            for (folder, title) in zip(albums, ["Alpha", "Beta"]) {
                try ToneAlbumMaker.makeContinuousToneAlbum(in: folder, album: title, artist: "Sine", trackFrames: [44_100 * 20, 44_100])
            }
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            try folders.writeState(TestFolders.stateKeepingNotices)
            let app = try AppProcess(folders: folders, arguments: albums.map(\.path), environment: pulse.environment)
            _ = try await app.report { $0.albumCount == 7 && $0.importProgress == nil && $0.selectedCoverHasFocus }
            let window = try await app.windowID()

            // A search shows Beta alone: Play All plays it, and only it.
            try await app.type("beta", inWindow: window)
            _ = try await app.report { $0.search?.text == "beta" && $0.albumCount == 1 }
            let recording = try pulse.record()
            try await app.press("ctrl+shift+p")
            var report = try await app.report { $0.toast == "Playing 1 album" && $0.playback?.status == "playing" }
            #expect(report.playback?.upcoming == ["Part 1 — Beta", "Part 2 — Beta"])
            _ = try await recording.waitForSound()
            _ = recording.stop()

            // All seven shown: the five without music files are passed over, the two imported
            // play in the strip's order (Alpha before Beta).
            try await app.press("Escape")
            _ = try await app.report { $0.search == nil && $0.albumCount == 7 }
            try await app.press("ctrl+shift+p")
            report = try await app.report { $0.toast == "Playing 2 albums" && $0.playback?.queueLength == 4 }
            #expect(report.playback?.upcoming == ["Part 1 — Alpha", "Part 2 — Alpha", "Part 1 — Beta", "Part 2 — Beta"])
            #expect(report.playback?.status == "playing")
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
            // What quitting kept is that queue (its memento is made with it, off the GTK thread).
            let saved = try #require(AppState.decode(Data(contentsOf: folders.locations.stateFile)).playback?.queue)
            let kept = saved.queue { _ in true }.queue
            #expect(kept.count == 4)
            #expect(Set(kept.entries.map(\.albumID)).count == 2, "both albums: \(saved.runs)")
        }
    }

    @Test func theQueueComesBackAfterASIGKILL() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let albums = ["One", "Two"].map { folders.root.appendingPathComponent("Music/\($0)", isDirectory: true) }
            for (folder, title) in zip(albums, ["One", "Two"]) {
                try ToneAlbumMaker.makeContinuousToneAlbum(in: folder, album: title, artist: "Sine", trackFrames: [44_100, 44_100])
            }
            try folders.writeState(TestFolders.stateKeepingNotices)
            let app = try AppProcess(folders: folders, arguments: albums.map(\.path))
            _ = try await app.report { $0.albumCount == 7 && $0.importProgress == nil && $0.selectedCoverHasFocus }
            try await app.selectAlbumNearTheEnd("Two")
            try await app.press("ctrl+shift+a")
            try await app.selectAlbumNearTheEnd("One")
            try await app.press("ctrl+shift+n")
            _ = try await app.report { $0.playback?.queueLength == 4 && $0.toast == "“\u{2068}One\u{2069}” will play next" }
            // The memento is written within 0.3 s of a change: wait until it has the whole queue
            // (Two's first track, One, Two's second track).
            let stateFile = folders.locations.stateFile
            let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
            let savedRuns = { (try? Data(contentsOf: stateFile)).flatMap { try? AppState.decode($0) }?.playback?.queue?.runs.count }
            while savedRuns() != 3 {
                try #require(ContinuousClock.now < deadline, "the queue reached state.json")
                try await Task.sleep(for: .milliseconds(50))  // another process writes the file
            }
            kill(app.process.processIdentifier, SIGKILL)
            app.process.waitUntilExit()

            let relaunched = try AppProcess(folders: folders)
            let back = try await relaunched.report { $0.playback != nil }
            #expect(back.playback?.upcoming == ["Part 1 — Two", "Part 1 — One", "Part 2 — One", "Part 2 — Two"],
                    "Play Next put One after the track loaded: \(back.playback?.upcoming ?? [])")
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
        }
    }
}
