import Fixtures
import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// The real app importing from a drive that stops answering (`StallingDrive`): while the tag
/// reader is stuck in a read, the window answers keys; quitting then does not wait for the
/// drive, and loses nothing: launched again with the drive answering, the folder is imported
/// whole.
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
                outcome: "the window answered keys during the stuck read; quitting took \(String(format: "%.2f", Double(quitTook.components.seconds) + Double(quitTook.components.attoseconds) / 1e18)) s; launched again with the drive answering, the album came in whole",
                held: quitTook < TagReaderPool.defaultTimeLimit && imported.albumCount == 6)])
        }
    }
}
