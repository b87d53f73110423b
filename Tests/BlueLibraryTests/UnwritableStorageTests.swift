import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Storage that refuses to be written: the window keeps the user's changes, says so once,
/// tries again at every change, never damages the file on disk, and clears the message once
/// saving works again.
@MainActor
@Suite(.serialized)
struct UnwritableStorageTests {
    /// Ways to make a folder refuse the app's atomic save. The process may run as root, which
    /// ignores permission bits, so each one blocks the save by the shape of the folder.
    enum Blockage: String, CaseIterable, CustomTestStringConvertible {
        /// The state folder's name is taken by a file: `state.json` can be neither written
        /// nor its folder created (the library itself still saves).
        case stateFolderUncreatable = "the state folder is a file, so it cannot be created"
        /// The data folder is a small file system, filled up: commits fail with SQLITE_FULL.
        case diskFull = "the disk is full (SQLITE_FULL, a full 1 MiB tmpfs under the database)"

        var testDescription: String { rawValue }
    }

    /// Mounting a small file system needs root; elsewhere the disk-full case is left out.
    nonisolated static var blockages: [Blockage] {
        Blockage.allCases.filter { $0 != .diskFull || SmallFileSystem.isAvailable }
    }

    @Test(arguments: blockages)
    func changesStayAndTheUserIsToldOnce(_ blockage: Blockage) async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            if blockage == .diskFull {  // before the app opens its database there
                try FileManager.default.createDirectory(at: folders.libraryFolder, withIntermediateDirectories: true)
                try SmallFileSystem.mount(size: "1m", on: folders.libraryFolder)
            }
            defer { if blockage == .diskFull { SmallFileSystem.unmount(folders.libraryFolder) } }
            let harness = try await WindowHarness(folders: folders)
            harness.library.flush()
            var failures = 0
            let observation = harness.library.observe { event in
                if case .saveFailed = event { failures += 1 }
            }
            defer { observation.cancel() }

            let unblock = try block(blockage, in: folders)
            for _ in 0..<3 {
                harness.activate("win.delete")
                await harness.nextFrames()
                harness.library.flush()
            }
            await harness.wait(for: "the save error") { harness.report.problem != nil }
            await harness.nextFrames(5)
            let problem = harness.report.problem ?? ""
            #expect(failures == 1, "told once, not at each of the 3 failed saves")
            #expect(harness.report.albumCount == 2, "the deletions stand in the window")
            let expectedCount = blockage == .diskFull ? 5 : 2
            #expect(try folders.database().albums.count == expectedCount, "the database is unchanged (or saved, when only the state fails)")
            #expect(blockage != .diskFull || problem.contains("The disk is full: free some space."), "says what to do: \(problem)")
            #expect(folders.files(in: folders.libraryFolder).allSatisfy { !$0.contains(".tmp") }, "no temporary file is left")

            try unblock()
            harness.activate("win.delete")  // the next change tries again, and succeeds
            harness.library.flush()
            await harness.wait(for: "the problem dialog to go") { harness.report.problem == nil }
            let onDisk = try folders.database()
            #expect(onDisk.albums.count == 1, "everything the user did is in the database")
            #expect(onDisk.history.undoCommands.count == 4, "with its undo history")
            ReliabilityLog.record([ReliabilityRow(
                area: "Unwritable storage", attempt: blockage.rawValue + ", then 3 deletions",
                outcome: "told once (\(failures) message), changes kept in the window, "
                    + (blockage == .diskFull ? "database untouched" : "the library itself saved")
                    + "; all saved at the next change once writable",
                held: failures == 1 && onDisk.albums.count == 1)])
            await harness.close()
        }
    }

    /// Blocks saving as `blockage` says; returns how to unblock it.
    private func block(_ blockage: Blockage, in folders: TestFolders) throws -> () throws -> Void {
        let manager = FileManager.default
        switch blockage {
        case .stateFolderUncreatable:
            return try folders.blockStateFolder()
        case .diskFull:
            let filler = folders.libraryFolder.appendingPathComponent("filler")
            try #require(manager.createFile(atPath: filler.path, contents: nil), "the filler file could not be made")
            let handle = try FileHandle(forWritingTo: filler)
            while (try? handle.write(contentsOf: Data(count: 1024))) != nil {}  // until ENOSPC
            try? handle.close()
            return { try manager.removeItem(at: filler) }
        }
    }
}
