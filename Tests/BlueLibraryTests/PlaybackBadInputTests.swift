import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

/// What playing does with bad input, in the real binary, heard through a private PulseAudio:
/// a file that moved is skipped with a notice; a file that does not decode is named with its
/// format and the next one plays; an album whose files are all gone says so; fifty presses
/// of Next end on the last track; no sound server is a message, and the app goes on.
@Suite(.serialized)
struct PlaybackBadInputTests {
    @Test func missingAndDamagedFilesAreSkippedAndNamed() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Troubled", isDirectory: true)
            let files = try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Troubled", artist: "Sine",
                                                                   trackFrames: [44_100 * 2, 44_100, 44_100, 44_100 * 8])
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            // The files, not their folder: a music folder is followed, and its album would lose
            // Part 2 by itself; files imported alone are not, as if their drive came and went.
            // The app opens files by importing their folders ("Open With"), so they are imported
            // alone beforehand, through the library itself.
            await Self.importAlone(files, into: folders)
            // The player's debug log (what the pipeline reported) is in the app's output, for a failure.
            let app = try AppProcess(folders: folders,
                                     environment: pulse.environment.merging(["G_MESSAGES_DEBUG": "BlueLibrary"]) { _, new in new })
            _ = try await app.report { $0.tracks.count == 4 && $0.properties.contains("Album: Troubled") }
            // After the import: Part 2 moves away, Part 3 is no longer audio.
            try FileManager.default.removeItem(at: files[1])
            try Data("this is not a FLAC file".utf8).write(to: files[2])

            let recording = try pulse.record()
            try await app.press("ctrl+space")
            _ = try await recording.waitForSound()
            var report = try await app.report { $0.toast?.contains("Part 2") == true }
            #expect(report.toast?.contains("cannot be found") == true, "\(report.toast ?? "")")
            report = try await app.report { $0.problem != nil }
            #expect(report.problem == "“\u{2068}Part 3\u{2069}” could not be played: its file is damaged, or is not FLAC audio.")
            // The album ends (stopped, back on its first track). What played on the way is what
            // was heard: Part 1 (2 s) and Part 4 (8 s), not Part 1 again (4 s in all). Under
            // AddressSanitizer with both cores busy a second of it was lost once (underruns, the
            // gaps of the skips), so the margin is 3 s. A state of a few seconds (Part 4
            // playing) is not waited for: this process may be too busy to see it.
            report = try await app.report { $0.playback?.status == "stopped" }
            let sound = recording.stop()
            let first = try #require(sound.firstSound()), last = try #require(sound.lastSound())
            let gaps = sound.silentRuns(in: first..<last, minimumLength: 441).reduce(0) { $0 + $1.count }
            let heard = sound.seconds(first.distance(to: last) - gaps)
            #expect(heard > 7, "Part 1 and Part 4 were heard (\(heard) s of sound)")

            // Every file gone: Play says so and nothing plays.
            for file in files where FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
            try await app.press("ctrl+space")
            report = try await app.report { $0.problem?.contains("None of the files") == true }
            #expect(report.problem == "None of the files of “\u{2068}Troubled\u{2069}” can be found. They may have moved, or be on a drive that is not connected.")
            #expect(report.playback == nil)
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    /// Imports `files` alone (not their folder, which would be followed) into the library of
    /// `folders`, selects their album, and keeps notices until closed, as the user's library
    /// would be when the app starts.
    @MainActor
    private static func importAlone(_ files: [URL], into folders: TestFolders) async {
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic(files)
        library.selectAlbum(at: library.count - 1)
        library.preferences.keepsNoticesUntilClosed = true
        library.close()
    }

    @Test func fiftyPressesOfNextEndOnTheLastTrackAndDeletingTheAlbumStopsIt() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Many", isDirectory: true)
            // Tracks long enough that the one reached is still playing when a loaded machine
            // gets to look (a ten-second last track ended before a busy CI run listened).
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Many", artist: "Sine", trackFrames: Array(repeating: 44_100 * 40, count: 6))
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let app = try AppProcess(folders: folders, arguments: [music.path], environment: pulse.environment)
            _ = try await app.report { $0.tracks.count == 6 && $0.importProgress == nil }
            try await app.press("ctrl+space")
            _ = try await app.report { $0.playback?.status == "playing" }
            let window = try await app.windowID()
            _ = try await AppProcess.run(["xdotool"] + InputDriver(windowID: window).press() + ["--repeat", "50", "--delay", "20", "alt+Right"])
            var report = try await app.report { $0.playback?.trackIndex == 5 }
            let recording = try pulse.record()
            _ = try await recording.waitForSound()  // still playing, the last track
            _ = recording.stop()
            #expect(report.playback?.status == "playing")
            _ = try await AppProcess.run(["xdotool"] + InputDriver(windowID: window).press() + ["--repeat", "50", "--delay", "20", "alt+Left"])
            report = try await app.report { $0.playback?.trackIndex == 0 }
            #expect(report.playback?.status == "playing")

            // Deleting the album playing stops it; undo brings the album back, not the playback.
            try await app.press("Delete")
            report = try await app.report { $0.albumCount == 5 && $0.playback == nil }
            try await app.press("ctrl+z")
            report = try await app.report { $0.albumCount == 6 }
            #expect(report.playback == nil)
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    @Test func noSoundServerIsAMessageAndTheAppGoesOn() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Silent", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Silent", artist: "Sine", trackFrames: [44_100 * 5])
            let nowhere = folders.root.appendingPathComponent("no-server.sock").path
            let app = try AppProcess(folders: folders, arguments: [music.path], environment: ["PULSE_SERVER": "unix:\(nowhere)"])
            _ = try await app.report { $0.tracks.count == 1 && $0.importProgress == nil }
            try await app.press("ctrl+space")
            var report = try await app.report { $0.problem != nil }
            #expect(report.problem?.hasPrefix("BlueLibrary could not open a sound output.") == true, "\(report.problem ?? "")")
            #expect(report.playback?.status == "paused", "ready to play once there is sound")
            try await app.press("Left")  // the message does not stand in the way
            report = try await app.report { $0.selectedIndex == 4 }
            #expect(report.properties.contains("Album: American Pie"), "the window goes on working")
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    /// A decoder GStreamer lacks (here FLAC's, its plugins ranked out of use): the format and
    /// the Debian package that plays it are named once, and nothing plays.
    @Test func aMissingDecoderIsNamedWithItsPackage() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Undecodable", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Undecodable", artist: "Sine", trackFrames: [44_100, 44_100, 44_100])
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            var environment = pulse.environment
            environment["GST_PLUGIN_FEATURE_RANK"] = "flacdec:NONE,avdec_flac:NONE"
            let app = try AppProcess(folders: folders, arguments: [music.path], environment: environment)
            _ = try await app.report { $0.tracks.count == 3 && $0.importProgress == nil }
            try await app.press("ctrl+space")
            let report = try await app.report { $0.problem != nil && $0.playback?.status == "stopped" }
            #expect(report.problem == "“\u{2068}Part 1\u{2069}” could not be played: this computer cannot decode FLAC audio. "
                    + "Installing the package “gstreamer1.0-plugins-good” adds it.")
            #expect(report.playback?.trackIndex == 0, "the other FLAC files were not tried one by one")
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }
}
