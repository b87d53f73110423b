import Fixtures
import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// The real app and a drive that stops answering (`StallingDrive`). Importing: while the tag
/// reader is stuck in a read, the window answers keys; quitting then does not wait for the
/// drive, and loses nothing: launched again with the drive answering, the folder is imported
/// whole. Playing: a track whose reads stop coming is named ("the drive is not answering")
/// and the next one is heard, while the window answers all along.
@Suite(.serialized, .enabled(if: StallingDrive.isAvailable, "needs FUSE (/dev/fuse, python3-fusepy, root)"))
struct StalledDriveAppTests {
    @Test func theWindowAnswersWhileAReadIsStuckAndQuittingDoesNotWaitForTheDrive() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let source = folders.root.appendingPathComponent("source", isDirectory: true)
            let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
            for track in 1...3 {
                try maker.track(source.appendingPathComponent("Away/\(track).flac"),
                                tags: TrackTags(title: "Track \(track)", artist: "Band", album: "Away", year: 2010, trackNumber: track))
            }
            let drive = try await StallingDrive(mirroring: source, at: folders.root.appendingPathComponent("drive"),
                                                control: folders.root.appendingPathComponent("drive-control"))
            try drive.stall("2.flac")
            let app = try AppProcess(folders: folders, arguments: [drive.mountPoint.path])
            let before = try await app.report { $0.albumCount == 5 && $0.selectedIndex != nil }
            try await drive.waitUntilBlocked(reading: "2.flac")

            // The reader is stuck; the window is not.
            let selected = try #require(before.selectedIndex)
            try await app.press(selected == 0 ? "Right" : "Left")
            let moved = try await app.report { $0.selectedIndex != selected }
            #expect(moved.albumCount == 5, "nothing of the stuck folder yet")
            #expect(drive.blockedReads == ["2.flac"], "still stuck while the window answered")

            let quitting = ContinuousClock.now
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
            let quitTook = ContinuousClock.now - quitting
            // It did not wait for the stuck read (the reader's limit is 10 s).
            #expect(quitTook < TagReaderPool.defaultTimeLimit, "quitting took \(quitTook)")

            // Nothing lost: the drive answers again, and the folder comes in whole.
            try drive.release()
            let again = try AppProcess(folders: folders, arguments: [drive.mountPoint.path])
            let imported = try await again.report { $0.albumCount == 6 && $0.properties.contains("Tracks: 3") }
            #expect(imported.problem == nil)
            try await again.press("ctrl+q")
            #expect(try await again.waitForExit() == 0)
            ReliabilityLog.record([ReliabilityRow(
                area: "Bad music files", attempt: "the app importing from a drive that stops answering in a read (FUSE), then quit during it",
                outcome: "the window answered keys during the stuck read; quitting took \(String(format: "%.2f", Self.seconds(quitTook))) s; launched again with the drive answering, the album came in whole",
                held: quitTook < TagReaderPool.defaultTimeLimit && imported.albumCount == 6)])
        }
    }

    // MARK: The window on screen

    /// Whether a window of the app is on the test's display.
    private static func isWindowShown() async throws -> Bool {
        let found = try await AppProcess.run(["xdotool", "search", "--onlyvisible", "--name", "BlueLibrary"])
        return !found.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Waits until no window of the app is on the display (gone for good once gone).
    private static func waitUntilNoWindowIsShown() async throws {
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        while try await isWindowShown() {
            try #require(ContinuousClock.now < deadline, "the window is still on the display")
            try await Task.sleep(for: .milliseconds(20))  // another process draws it
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test func aTrackWhoseDriveStopsAnsweringIsNamedAndTheNextOneIsHeard() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let source = folders.root.appendingPathComponent("source", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: source.appendingPathComponent("Away"), album: "Away", artist: "Sine",
                                                       trackFrames: [44_100, 44_100 * 3, 44_100 * 30])
            let drive = try await StallingDrive(mirroring: source, at: folders.root.appendingPathComponent("drive"),
                                                control: folders.root.appendingPathComponent("drive-control"))
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            try folders.writeState(TestFolders.stateKeepingNotices)
            let app = try AppProcess(folders: folders, arguments: [drive.mountPoint.appendingPathComponent("Away").path],
                                     environment: pulse.environment)
            _ = try await app.report { $0.albumCount == 6 && $0.importProgress == nil && $0.selectedCoverHasFocus }
            try await app.selectAlbumNearTheEnd("Away")

            // Its tags read, the drive stops answering for the second track: Part 1 plays, and
            // the pipeline, moving on to Part 2 without a gap, is stuck in its first read.
            try drive.stall("Part 2")
            try await app.press("ctrl+space")
            try await drive.waitUntilBlocked(reading: "02 Part 2.flac")
            let stuck = try await app.report()  // the window answers while the read is stuck
            #expect(stuck.problem == nil)
            let recording = try pulse.record()

            // No sound for 10 s: Part 2 is named, and Part 3 plays, heard.
            let told = try await app.report { $0.problem != nil && $0.playback?.bar.first == "Part 3" }
            #expect(told.problem == "“\u{2068}Part 2\u{2069}” could not be played: the drive is not answering.")
            #expect(told.playback?.status == "playing")
            _ = try await recording.waitForSound()
            _ = recording.stop()
            #expect(drive.blockedReads == ["02 Part 2.flac"], "the read it left behind is still stuck")

            // Quitting while that read is still stuck: the window goes at once. The process ends
            // when the drive answers (a thread in a read of a FUSE drive holds it till then).
            try await app.press("Escape", inWindow: try await app.window(titled: "A Track Could Not Be Played"))
            _ = try await app.report { $0.problem == nil }
            #expect(try await Self.isWindowShown())
            let quitting = ContinuousClock.now
            try await app.press("ctrl+q")
            try await Self.waitUntilNoWindowIsShown()
            let windowWent = ContinuousClock.now - quitting
            #expect(windowWent < .seconds(2), "the window went after \(windowWent)")
            try drive.release()
            #expect(try await app.waitForExit() == 0)
            ReliabilityLog.record([ReliabilityRow(
                area: "Bad music files", attempt: "playing an album whose drive stops answering in its second track (FUSE), gaplessly after the first; then quit",
                outcome: "the window answered during the stuck read; after 10 s without sound the track was named (“the drive is not answering”) and the third one was heard; quitting then, the window went in \(String(format: "%.2f", Self.seconds(windowWent))) s",
                held: told.problem?.contains("the drive is not answering") == true && told.playback?.bar.first == "Part 3" && windowWent < .seconds(2))])
        }
    }
}
