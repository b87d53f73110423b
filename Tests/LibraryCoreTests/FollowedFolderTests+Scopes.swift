import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

// MARK: - Looking only where the change was

extension FollowedFolderTests {
    @Test("the watcher tells where a change was: a folder's own files, a folder that came in, one that went away")
    func theWatcherTellsWhereTheChangeWas() async throws {
        for folder in ["A", "B"] {
            try FileManager.default.createDirectory(at: music.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let reports = Reports()
        let watcher = try #require(FolderWatcher(settleDelay: .milliseconds(100)) { report in
            if case .changed(let scope) = report { reports.add(scope) }
        })
        let root = try #require(MusicFilePath(url: music))
        await withCheckedContinuation { continuation in watcher.watch([root]) { continuation.resume() } }

        try Data("x".utf8).write(to: music.appendingPathComponent("A/1.mp3"))
        #expect(await waitUntil { reports.last?.shallowFolders == [root.appending(Array("A".utf8))] }, "a file written: its folder's own files")
        #expect(reports.last?.folders == [] && reports.last?.goneFolders == [])

        let staging = folders.root.appendingPathComponent("staging/C", isDirectory: true)
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("CD1"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: staging, to: music.appendingPathComponent("C"))
        #expect(await waitUntil { reports.last?.folders == [root.appending(Array("C".utf8))] }, "a folder moved in: walked whole")

        try FileManager.default.removeItem(at: music.appendingPathComponent("B"))
        #expect(await waitUntil { reports.last?.goneFolders == [root.appending(Array("B".utf8))] }, "a folder deleted: gone")
        #expect(watcher.watchCount == 4, "A, C and C/CD1 under the music folder, B no more")
    }

    @Test("a track added to one disc of a two-disc album: only that folder is looked at, and the album keeps the other disc's tracks")
    func aChangeInOneDiscKeepsTheOther() async throws {
        let album = music.appendingPathComponent("Double", isDirectory: true)
        for (disc, number) in [(1, 1), (1, 2), (2, 1)] {
            let tags = TrackTags(title: "T\(disc)-\(number)", artist: "Band", album: "Double", genre: "Rock", year: 1999,
                                 trackNumber: number, discNumber: disc)
            try await track(album.appendingPathComponent("CD\(disc)/\(number).flac"), tags: tags)
        }
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([music])
        #expect(library.count == 1 && library.album(at: 0)?.trackCount == 3)
        await library.followMusicFolders(MusicFolderFollower.Options(settleDelay: .milliseconds(100)))

        let tags = TrackTags(title: "T2-2", artist: "Band", album: "Double", genre: "Rock", year: 1999, trackNumber: 2, discNumber: 2)
        let staging = folders.root.appendingPathComponent("staging", isDirectory: true)
        try await track(staging.appendingPathComponent("2.flac"), tags: tags)
        try FileManager.default.moveItem(at: staging.appendingPathComponent("2.flac"), to: album.appendingPathComponent("CD2/2.flac"))
        #expect(await waitUntil { library.album(at: 0)?.trackCount == 4 }, "the new track joins the album, with the first disc's two")
        #expect(library.count == 1 && library.album(at: 0)?.folder?.hasSuffix("/Double") == true)
        library.close()
        #expect(try folders.database().historyAgrees)
    }
}

// MARK: - Reports

/// What a watcher reported (on its own queue).
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var scopes: [MusicImportScope] = []

    func add(_ scope: MusicImportScope) { lock.withLock { scopes.append(scope) } }
    var last: MusicImportScope? { lock.withLock { scopes.last } }
}
