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
        /// The backup's name is taken by a folder: the save fails at its last step.
        case backupNameTaken = "the backup’s name is taken by a folder"
        /// The data folder's name is taken by a file: it can be neither used nor created.
        case dataFolderUncreatable = "the data folder is a file, so it cannot be created"
        /// The same for the state folder (selection, window size, undo history).
        case stateFolderUncreatable = "the state folder is a file, so it cannot be created"
        /// The data folder is a 64 KiB file system, filled up: writes fail with ENOSPC.
        case diskFull = "the disk is full (ENOSPC, a full 64 KiB tmpfs)"

        var testDescription: String { rawValue }
    }

    /// Mounting a small file system needs root; elsewhere the disk-full case is left out.
    nonisolated static var blockages: [Blockage] {
        Blockage.allCases.filter { $0 != .diskFull || (getuid() == 0 && canMountTmpfs()) }
    }

    @Test(arguments: blockages)
    func changesStayAndTheUserIsToldOnce(_ blockage: Blockage) async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            harness.library.flush()
            let libraryBefore = try Data(contentsOf: harness.folders.locations.libraryFile)
            var failures = 0
            let observation = harness.library.observe { event in
                if case .saveFailed = event { failures += 1 }
            }
            defer { observation.cancel() }

            let (undo, cleanUp) = try block(blockage, in: harness.folders)
            for _ in 0..<3 {
                harness.activate("win.delete")
                await harness.nextFrames()
                harness.library.flush()
            }
            await harness.wait(for: "the save error") { harness.report.banner != nil }
            await harness.nextFrames(5)
            #expect(failures == 1, "told once, not at each of the 3 failed saves")
            #expect(harness.report.albumCount == 2, "the deletions stand in the window")
            if blockage == .backupNameTaken || blockage == .diskFull {
                #expect(try Data(contentsOf: harness.folders.locations.libraryFile) == libraryBefore, "the file on disk is untouched")
            }
            #expect(harness.folders.files(in: harness.folders.libraryFolder).allSatisfy { !$0.contains(".tmp") }, "no temporary file is left")

            try undo()
            harness.activate("win.delete")  // the next change tries again, and succeeds
            harness.library.flush()
            await harness.wait(for: "the banner to go") { harness.report.banner == nil }
            let onDisk = try AlbumList.decode(Data(contentsOf: harness.folders.locations.libraryFile))
            #expect(onDisk.count == 1, "everything the user did is on disk")
            try cleanUp()
            ReliabilityLog.record([ReliabilityRow(
                area: "Unwritable storage", attempt: blockage.rawValue + ", then 3 deletions",
                outcome: "told once (\(failures) message), changes kept in the window, file on disk untouched; saved at the next change once writable",
                held: failures == 1 && onDisk.count == 1)])
            await harness.close()
        }
    }

    /// Blocks saving as `blockage` says; returns how to unblock it, and how to clean up after.
    private func block(_ blockage: Blockage, in folders: TestFolders) throws -> (unblock: () throws -> Void, cleanUp: () throws -> Void) {
        let manager = FileManager.default
        switch blockage {
        case .backupNameTaken:
            let backup = folders.locations.libraryFile.appendingPathExtension("bak")
            try? manager.removeItem(at: backup)
            try manager.createDirectory(at: backup.appendingPathComponent("keep"), withIntermediateDirectories: true)
            return ({ try manager.removeItem(at: backup) }, {})
        case .dataFolderUncreatable, .stateFolderUncreatable:
            let folder = blockage == .dataFolderUncreatable ? folders.libraryFolder : folders.stateFolder
            let moved = folder.deletingLastPathComponent().appendingPathComponent("moved-aside")
            let existed = manager.fileExists(atPath: folder.path)
            if existed { try manager.moveItem(at: folder, to: moved) }
            try manager.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: folder)
            return ({
                try manager.removeItem(at: folder)
                if existed { try manager.moveItem(at: moved, to: folder) }
            }, {})
        case .diskFull:
            let folder = folders.libraryFolder
            let saved = try manager.contentsOfDirectory(atPath: folder.path).map { name in
                (name, try Data(contentsOf: folder.appendingPathComponent(name)))
            }
            try Self.run("/usr/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path)
            for (name, data) in saved { try data.write(to: folder.appendingPathComponent(name)) }
            let filler = folder.appendingPathComponent("filler")
            try #require(manager.createFile(atPath: filler.path, contents: nil), "the filler file could not be made")
            let handle = try FileHandle(forWritingTo: filler)
            while (try? handle.write(contentsOf: Data(count: 1024))) != nil {}  // until ENOSPC
            try? handle.close()
            return ({ try manager.removeItem(at: filler) }, {
                for name in try manager.contentsOfDirectory(atPath: folder.path) {
                    try manager.removeItem(at: folder.appendingPathComponent(name))
                }
                try Self.run("/usr/bin/umount", folder.path)
            })
        }
    }

    nonisolated private static func canMountTmpfs() -> Bool {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("bluelibrary-mount-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? run("/usr/bin/mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", probe.path)) != nil else { return false }
        return (try? run("/usr/bin/umount", probe.path)) != nil
    }

    nonisolated private static func run(_ command: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
