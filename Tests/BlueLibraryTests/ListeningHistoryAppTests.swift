import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

/// The listening history in the real binary, played through a private PulseAudio: an album
/// played to its end gives exactly one listen per track, which the details count; a track
/// skipped before half of it played is no listen; a listen, once it counts, is in the
/// database, and a SIGKILL then loses nothing.
@Suite(.serialized)
struct ListeningHistoryAppTests {
    @Test func anAlbumPlayedToItsEndGivesExactlyItsListens() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Heard", isDirectory: true)
            let files = try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Heard", artist: "Sine", trackFrames: [44_100, 44_100 + 500, 60_000])
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let app = try AppProcess(folders: folders, arguments: [music.path], environment: pulse.environment)
            var report = try await app.report { $0.tracks.count == 3 && $0.importProgress == nil }
            #expect(!report.properties.contains { $0.hasPrefix("Played:") }, "an album never played says nothing of plays")
            #expect(!report.tracks.contains { $0.contains("play") }, "\(report.tracks)")

            let recording = try pulse.record()
            try await app.press("ctrl+space")
            _ = try await recording.waitForSound()
            report = try await app.report { $0.playback?.status == "stopped" && $0.properties.contains("Played: 3 times · last today") }
            _ = recording.stop()
            // Each track's row says it was played once, once the history was read.
            report = try await app.report { $0.tracks.count == 3 && $0.tracks.allSatisfy { $0.hasSuffix(" 1 play 0:01") } }
            #expect(report.tracks.map { $0.hasPrefix("1 Part 1") || $0.hasPrefix("▶") } == [true, false, false], "\(report.tracks)")
            let listens = try folders.listens()
            #expect(listens.map(\.path) == files.compactMap(MusicFilePath.init(url:)), "one listen per track, in the order played")
            #expect(listens.allSatisfy { $0.release == "Heard" && $0.artist == "Sine" && $0.played >= $0.duration / 2 })
            #expect(listens.map(\.title) == ["Part 1", "Part 2", "Part 3"])
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)

            // The count is the history's, read again at relaunch.
            let relaunched = try AppProcess(folders: folders, environment: pulse.environment)
            _ = try await relaunched.report {
                $0.properties.contains("Played: 3 times · last today") && $0.tracks.allSatisfy { $0.hasSuffix(" 1 play 0:01") }
            }
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
            #expect(try folders.listens().count == 3, "nothing added by the relaunch")
        }
    }

    @Test func aTrackSkippedBeforeHalfIsNoListenAndACountedOneSurvivesASIGKILL() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Skipped", isDirectory: true)
            let files = try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Skipped", artist: "Sine", trackFrames: [44_100 * 20, 44_100 * 20])
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let app = try AppProcess(folders: folders, arguments: [music.path], environment: pulse.environment)
            _ = try await app.report { $0.tracks.count == 2 && $0.importProgress == nil }
            let recording = try pulse.record()
            try await app.press("ctrl+space")
            _ = try await recording.waitForSound()
            _ = recording.stop()
            // A second of the first track (10 s would count), then Next.
            _ = try await app.report { ($0.playback?.position ?? 0) >= 1 }
            try await app.press("alt+Right")
            _ = try await app.report { $0.playback?.trackIndex == 1 }
            // The second counts at 10 s: the row is in the database then, while it plays on.
            let second = try #require(MusicFilePath(url: files[1]))
            let deadline = ContinuousClock.now + .seconds(120)
            while try folders.listens().isEmpty {
                try #require(ContinuousClock.now < deadline, "the listen reached the database")
                try await Task.sleep(for: .milliseconds(100))  // another process writes the database
            }
            let report = try await app.report()
            #expect(report.playback?.status == "playing", "the listen is committed while the track still plays")
            kill(app.process.processIdentifier, SIGKILL)
            app.process.waitUntilExit()

            let listens = try folders.listens()
            #expect(listens.map(\.path) == [second], "the track skipped after a second is no listen")
            let relaunched = try AppProcess(folders: folders, environment: pulse.environment)
            _ = try await relaunched.report { $0.properties.contains("Played: 1 time · last today") }
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
        }
    }
}
