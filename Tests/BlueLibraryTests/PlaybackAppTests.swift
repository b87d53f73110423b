import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

/// Playing albums in the real binary, heard through a private PulseAudio: an album of tracks
/// cut from one tone plays with no gap and no click at its boundaries; pause is silent; a
/// relaunch resumes, paused, where playing stopped, and Play continues from there.
@Suite(.serialized)
struct PlaybackAppTests {
    /// The largest step between two samples of a 440 Hz sine at half scale, with a margin: a
    /// gap or a jump in phase at a track boundary makes a larger one.
    static let smoothStep = Int(0.5 * 32767 * 2 * Double.pi * 440 / 44100 * 1.25)

    @Test func anAlbumPlaysGaplesslyAndPauseIsSilent() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Unbroken", isDirectory: true)
            // Boundaries that fall mid-wave, where a gap or a click cannot hide. The last track
            // is long: the test pauses in it, however late a loaded machine lets it press.
            let trackFrames = [44_100 + 123, 30_000 - 77, 50_000, 44_100 * 30]
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Unbroken", artist: "Sine", trackFrames: trackFrames)
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let app = try AppProcess(folders: folders, arguments: [music.path], environment: pulse.environment)
            var report = try await app.report { $0.tracks.count == 4 && $0.importProgress == nil }
            #expect(report.tracks.first == "1 Part 1 0:01")
            #expect(report.canPlay)
            #expect(report.playback == nil, "no play bar before anything plays")

            let recording = try pulse.record()
            try await app.press("ctrl+space")
            let start = try await recording.waitForSound()

            // Into the last track, then pause: the window follows the gapless changes, and what
            // follows the pause is silence.
            let boundaries = trackFrames.dropLast().reduce(into: [start]) { $0.append($0.last! + $1) }.dropFirst()
            try await recording.waitForFrames(boundaries.last! + 44_100)
            try await app.press("ctrl+space")
            report = try await app.report { $0.playback?.status == "paused" }
            let pausedAt = recording.frameCount
            #expect(report.playback?.trackIndex == 3)
            #expect(report.playback?.bar.first == "Part 4")
            #expect(report.playback?.markedInStrip == ["Unbroken"], "the strip marks the album playing")
            #expect(report.tracks.last?.hasPrefix("▶") == true, "the track list marks the track playing")
            try await recording.waitForFrames(pausedAt + 88_200)
            let sound = recording.stop()
            let heard = start..<(try #require(sound.lastSound()) + 1)
            for boundary in boundaries {
                // A tenth of a second either side: where a gap or a click would be.
                let around = (boundary - 4_410)..<(boundary + 4_410)
                #expect(sound.silentRuns(in: around, threshold: 200, minimumLength: 3).isEmpty, "no silence at the boundary near frame \(boundary)")
                #expect(sound.largestStep(in: around) <= Self.smoothStep, "no click at the boundary near frame \(boundary)")
                #expect(abs(sound.dominantFrequency(in: around) - 440) < 5)
            }
            // A pause lets the sound server's buffer (a fraction of a second) play out, and the
            // recording's length may lag behind what was heard on a loaded machine: the silence
            // is looked for from 1.5 s on.
            #expect(sound.isSilent(in: (pausedAt + 66_150)..<(pausedAt + 88_200)), "silence after the pause")
            #expect(heard.count > trackFrames.dropLast().reduce(0, +), "the whole of the first three tracks was heard")

            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    @Test func aRelaunchResumesPausedWhereItStopped() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Steps", isDirectory: true)
            let second = 44_100 * 2
            // 330 Hz for two seconds, then 660 Hz for twenty: the pitch heard says where it plays,
            // and the long second part leaves a loaded machine time to quit inside it.
            try ToneAlbumMaker.makeSteppedTrack(at: music.appendingPathComponent("01 Steps.flac"),
                                                segments: [(330, second), (660, second * 10)],
                                                tags: TrackTags(title: "Steps", artist: "Sine", album: "Steps", trackNumber: 1))
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let bus = try SessionBus()
            defer { bus.stop() }
            let controls = MediaPlayerClient(busAddress: bus.address)
            let app = try AppProcess(folders: folders, bus: bus.address, arguments: [music.path], environment: pulse.environment)
            _ = try await app.report { $0.tracks.count == 1 && $0.importProgress == nil }
            try await app.press("ctrl+space")
            try await controls.waitFor("PlaybackStatus", containing: "Playing")
            let trackID = try await controls.property("Metadata")
            let id = try #require(trackID.firstMatch(of: /objectpath '([^']+)'/)?.1, "a track id in \(trackID)")
            try await controls.call("SetPosition", "\(id)", "2500000")  // 2.5 s: into the 660 Hz part
            let seen = try await app.report { ($0.playback?.position ?? 0) >= 3.5 }
            let seenAt = ContinuousClock.now
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
            // It played on from where it was seen until it quit, and no further. The position
            // shown runs ahead of what the sound card has played by the sink's latency (about
            // 0.2 s), and a loaded machine quits with the sound behind that: 0.3 s are allowed
            // before, still a second past the 2.5 s sought. The report read was written a
            // moment before the test read it (later still on a loaded machine), so the position
            // at the quit may be ahead of where it was seen by more than the time measured
            // here: a second is allowed after.
            let seenPosition = seen.playback?.position ?? 0
            let latest = seenPosition + (ContinuousClock.now - seenAt) / .seconds(1) + 1.0

            let relaunched = try AppProcess(folders: folders, bus: bus.address, environment: pulse.environment)
            let report = try await relaunched.report { $0.playback != nil }
            let resumed = try #require(report.playback)
            #expect(resumed.status == "paused")
            #expect(resumed.bar.first == "Steps")
            #expect(resumed.position >= seenPosition - 0.3 && resumed.position <= latest,
                    "resumed at \(resumed.position) s; it was playing at \(seenPosition) s and quit by \(latest) s")
            let recording = try pulse.record()
            try await relaunched.press("ctrl+space")
            let start = try await recording.waitForSound()
            try await recording.waitForFrames(start + 8_820)
            let sound = recording.stop()
            let pitch = sound.dominantFrequency(in: (start + 441)..<(start + 8_820))
            #expect(abs(pitch - 660) < 20, "it went on at 660 Hz, where it stopped (heard \(pitch) Hz)")
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
        }
    }

    /// A Play that comes while GStreamer is still being set up (at the first launch, or the first
    /// after its plugins changed, it builds its registry: a third of a second here): the window
    /// goes on answering, shows that it plays, and the album is heard once GStreamer is ready.
    /// Here GStreamer reads its registry from a FIFO, so its set-up waits, on its own thread,
    /// until the test opens the other end; a Play that made the pipeline on the GTK thread would
    /// wait for it there, and the window would never report that it plays.
    @Test func aPlayWhileGStreamerIsSetUpLeavesTheWindowAnswering() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Early", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Early", artist: "Sine", trackFrames: [44_100 * 20])
            let registry = folders.root.appendingPathComponent("gstreamer-registry.bin")
            try FileManager.default.createDirectory(at: folders.root, withIntermediateDirectories: true)
            try #require(mkfifo(registry.path, 0o600) == 0, "mkfifo \(registry.path)")
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let environment = pulse.environment.merging(["GST_REGISTRY": registry.path]) { _, new in new }
            let app = try AppProcess(folders: folders, arguments: [music.path], environment: environment)
            _ = try await app.report { $0.tracks.count == 1 && $0.importProgress == nil && $0.canPlay }

            let recording = try pulse.record()
            try await app.press("ctrl+space")
            let report = try await app.report { $0.playback?.status == "playing" }
            #expect(report.playback?.bar.first == "Part 1")

            // Each time GStreamer opens the FIFO, it reads nothing; it builds a registry of its
            // own, and the track starts.
            let path = registry.path
            let release = Task.detached {
                while !Task.isCancelled {
                    let writer = open(path, O_WRONLY | O_NONBLOCK)  // fails while no one reads
                    if writer >= 0 { close(writer) }
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
            defer { release.cancel() }
            _ = try await recording.waitForSound()
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }
}
