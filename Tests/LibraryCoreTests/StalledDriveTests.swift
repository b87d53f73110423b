import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

/// A drive that stops answering in the middle of an import (a FUSE file system whose reads
/// block on command, `StallingDrive`): the import gives up on the file it is stuck in after the
/// tag reader's time limit, names it, imports the rest, and reads it once it answers again.
@MainActor
@Suite("A drive that stops answering", .enabled(if: StallingDrive.isAvailable, "needs FUSE (/dev/fuse, python3-fusepy, root)"))
struct StalledDriveTests {
    let folders = TestFolders(defaultLibrary: nil)

    @Test("an import stuck in a read finishes the rest, names the file, and reads it once the drive answers")
    func anImportStuckInARead() async throws {
        let source = folders.root.appendingPathComponent("source", isDirectory: true)
        let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
        for album in ["First", "Second"] {
            for track in 1...3 {
                try maker.track(source.appendingPathComponent("\(album)/\(track).mp3"),
                                tags: TrackTags(title: "Track \(track)", artist: "Band", album: album, year: 2004, trackNumber: track))
            }
        }
        let drive = try await StallingDrive(mirroring: source, at: folders.root.appendingPathComponent("drive"),
                                            control: folders.root.appendingPathComponent("drive-control"))
        try drive.stall("2.mp3")
        let library = LibraryAPI(locations: folders.locations)

        let summary = await library.importMusic([drive.mountPoint])
        let skipped = Dictionary(summary.skipped.map { ($0.path.displayString, $0.reason) }, uniquingKeysWith: { first, _ in first })
        let stuck = [drive.mountPoint.appendingPathComponent("First/2.mp3").path, drive.mountPoint.appendingPathComponent("Second/2.mp3").path]
        #expect(skipped == [stuck[0]: .notAnswering, stuck[1]: .notAnswering])
        #expect(library.albums.map(\.title).sorted() == ["First", "Second"])
        #expect(library.albums.map(\.trackCount) == [2, 2])

        // The drive answers again; the files were stuck, not damaged: once they change (a
        // copy put back), they are read.
        try drive.release()
        for path in stuck {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)],
                                                  ofItemAtPath: path.replacingOccurrences(of: drive.mountPoint.path, with: source.path))
        }
        let again = await library.importMusic([drive.mountPoint])
        #expect(again.skipped.isEmpty)
        #expect(library.albums.map(\.trackCount) == [3, 3])
        ReliabilityLog.record([ReliabilityRow(
            area: "Bad music files", attempt: "a drive that stops answering mid-import (FUSE, reads of 2 of 6 files blocked)",
            outcome: "after 10 s the 2 files are named (“gave no answer”), the other 4 imported; read once the drive answers and they change",
            held: skipped.count == 2 && library.albums.map(\.trackCount) == [3, 3])])
    }
}
