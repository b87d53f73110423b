import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

// MARK: - Drives that go away

extension FollowedFolderTests {
    @Test("a drive that goes away: its albums are marked missing and nothing is removed; back, they are whole again")
    func aDriveThatGoesAway() async throws {
        let drive = try await TestDrive.make(in: folders.root) { try await copyAlbum("On the Drive", into: $0) }
        defer { drive.remove() }
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([drive.music])
        let id = try #require(library.entry(at: 0)?.id)
        let options = MusicFolderFollower.Options(settleDelay: .milliseconds(100), reachInterval: .milliseconds(100))
        await library.followMusicFolders(options)

        try await drive.unplug()
        #expect(await waitUntil { library.isMissing(id) }, "unplugged: missing")
        #expect(library.count == 1 && library.album(at: 0)?.trackCount == 2, "nothing removed")
        try await drive.plugIn()
        #expect(await waitUntil { !library.isMissing(id) }, "plugged in again: whole")
        #expect(library.album(at: 0)?.trackCount == 2)
        library.close()
        #expect(try folders.database().historyAgrees)
    }

    @Test("a drive plugged in is looked for at once when the owner says a drive was mounted, not at the next periodic look")
    func aDriveMountedIsLookedForAtOnce() async throws {
        let drive = try await TestDrive.make(in: folders.root) { try await copyAlbum("On the Drive", into: $0) }
        defer { drive.remove() }
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([drive.music])
        let id = try #require(library.entry(at: 0)?.id)
        let follower = await library.followMusicFolders(MusicFolderFollower.Options(settleDelay: .milliseconds(100), reachInterval: .seconds(3600)))

        try await drive.unplug()
        #expect(await waitUntil { library.isMissing(id) }, "unplugged: missing")
        try await drive.plugIn()
        follower.lookForMissingFolders()
        #expect(await waitUntil { !library.isMissing(id) }, "whole again long before the hourly look")
        library.close()
    }
}

// MARK: - TestDrive

/// A music drive the test plugs in and out: a tmpfs where mounting is allowed (plugged in: the
/// same files, with their times, copied onto a new one), else the music folder renamed away
/// and back.
private struct TestDrive: Sendable {
    let mountPoint: URL
    let original: URL
    /// The music folder on the drive.
    var music: URL { mountPoint.appendingPathComponent("Music", isDirectory: true) }
    private var away: URL { mountPoint.appendingPathComponent("away", isDirectory: true) }
    private let mounts = SmallFileSystem.isAvailable

    private init(in root: URL) {
        mountPoint = root.appendingPathComponent("drive", isDirectory: true)
        original = root.appendingPathComponent("original", isDirectory: true)
    }

    /// Makes the drive's music (`album` writes it into the folder it is given), plugged in.
    @MainActor
    static func make(in root: URL, album: (URL) async throws -> Void) async throws -> TestDrive {
        let drive = TestDrive(in: root)
        try await album(drive.original.appendingPathComponent("Music"))
        try FileManager.default.createDirectory(at: drive.mountPoint, withIntermediateDirectories: true)
        if !drive.mounts { try FileManager.default.moveItem(at: drive.original.appendingPathComponent("Music"), to: drive.away) }
        try await drive.plugIn()
        return drive
    }

    /// Plugs the drive in. Mounting and copying run processes (`mount`, `python3`): off the main
    /// actor, which the window suites share.
    func plugIn() async throws {
        try await Task.detached { [self] in
            if mounts {
                try SmallFileSystem.mount(size: "4m", on: mountPoint)
                try PythonScript.run("import shutil, sys; shutil.copytree(sys.argv[1], sys.argv[2])", original.appendingPathComponent("Music").path, music.path)
            } else {
                try FileManager.default.moveItem(at: away, to: music)
            }
        }.value
    }

    func unplug() async throws {
        try await Task.detached { [self] in
            if mounts {
                SmallFileSystem.unmount(mountPoint)
            } else {
                try FileManager.default.moveItem(at: music, to: away)
            }
        }.value
    }

    /// Unmounts whatever is still mounted.
    func remove() {
        if mounts { SmallFileSystem.unmount(mountPoint) }
    }
}
