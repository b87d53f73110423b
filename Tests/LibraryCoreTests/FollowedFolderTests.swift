import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

/// The library follows its music folders by itself (real folders, real inotify): an album
/// folder copied in appears, a retagged file updates its album, what changed while the app
/// was closed is found at the next start, and an album the user deleted does not come back
/// while its files are unchanged. None of it is a command in the undo history.
@MainActor
@Suite("Followed music folders")
struct FollowedFolderTests {
    let folders = TestFolders(defaultLibrary: nil)
    var music: URL { folders.root.appendingPathComponent("Music", isDirectory: true) }
    var maker: MusicFolderMaker { MusicFolderMaker(templates: folders.root.appendingPathComponent("templates")) }

    func tags(album: String, genre: String = "Rock") -> TrackTags {
        TrackTags(title: "One", artist: "Band", album: album, genre: genre, year: 1999, trackNumber: 1)
    }

    /// Writes an album folder outside the music folder, then moves it in at once (as a file
    /// manager's copy ends): one change to follow.
    func copyAlbum(_ title: String, into folder: URL) async throws {
        let outside = folders.root.appendingPathComponent("staging/\(title)", isDirectory: true)
        try await track(outside.appendingPathComponent("1.flac"), tags: tags(album: title))
        try await track(outside.appendingPathComponent("2.flac"), tags: tags(album: title))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: outside, to: folder.appendingPathComponent(title))
    }

    /// Writes a tagged track (`MusicFolderMaker.track`) off the main actor: its first one runs
    /// `ffmpeg`, and the window suites, which share the main thread, must not stall meanwhile.
    func track(_ file: URL, tags: TrackTags) async throws {
        let maker = maker
        try await Task.detached { try maker.track(file, tags: tags) }.value
    }

    /// Gives the files `files` ("1.flac"…) of `album` new tags the way a tagger that saves
    /// safely does: each written beside, then renamed over the old one, all at once. A look of
    /// the follower never sees a file half-written or gone, nor, with a settle delay longer
    /// than a loaded machine's pause between two renames (the tests that retag use a second),
    /// the album's files half retagged.
    func retag(_ album: URL, files: ClosedRange<Int>, tags: TrackTags) async throws {
        let staging = folders.root.appendingPathComponent("staging-retag", isDirectory: true)
        for number in files {
            try await track(staging.appendingPathComponent("\(number).flac"), tags: tags)
        }
        for number in files {
            let from = staging.appendingPathComponent("\(number).flac"), to = album.appendingPathComponent("\(number).flac")
            #expect(rename(from.path, to.path) == 0, "renamed over \(to.path)")
        }
    }

    /// Waits until `condition` holds (`MainLoopDriver.hangGuard` at most, for a slow machine): the followed
    /// change is imported on the main actor, which this test yields to while it waits.
    func waitUntil(_ condition: @MainActor () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    @Test("an album folder copied in appears, a retagged file updates its album, and neither is a command")
    func copiedInAndRetagged() async throws {
        try await copyAlbum("First", into: music)
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([music])
        #expect(library.albums.map(\.title) == ["First"])
        // A second of quiet before a look: both renames of the retag are seen together.
        await library.followMusicFolders(MusicFolderFollower.Options(settleDelay: .seconds(1)))

        try await copyAlbum("Second", into: music)
        #expect(await waitUntil { library.count == 2 }, "the new album folder is imported by itself")
        #expect(library.albums.map(\.title) == ["First", "Second"])
        #expect(library.albums[1].trackCount == 2)
        #expect(library.commandToUndo?.kind == .importFolder && library.commandToUndo?.entries.count == 1, "no command for it")

        try await retag(music.appendingPathComponent("First"), files: 1...2, tags: tags(album: "First", genre: "Jazz"))
        #expect(await waitUntil { library.album(at: 0)?.genre == "Jazz" }, "retagged files update their album")
        library.undo()
        #expect(library.albums.map(\.title) == ["Second"], "undoing the import takes out the album it made, as its files now say it is")
        library.redo()
        #expect(library.albums.map(\.genre) == ["Jazz", "Rock"], "and redoing it never puts back the old tags")
        library.close()
        #expect(try folders.database().historyAgrees)
    }

    @Test("a file removed leaves its album with the others; an album folder deleted is marked missing, never deleted, and whole when it is back")
    func removedFilesAndMissingAlbums() async throws {
        try await copyAlbum("Shrinking", into: music)
        try await copyAlbum("Vanishing", into: music)
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([music])
        await library.followMusicFolders(MusicFolderFollower.Options(settleDelay: .milliseconds(100)))
        let vanishing = try #require(library.entry(at: 1)?.id)
        #expect(library.albums.map(\.trackCount) == [2, 2])

        try FileManager.default.removeItem(at: music.appendingPathComponent("Shrinking/2.flac"))
        #expect(await waitUntil { library.album(at: 0)?.trackCount == 1 }, "the album follows its files")
        #expect(library.tracks(ofAlbum: try #require(library.entry(at: 0)?.id)).count == 1)

        let aside = folders.root.appendingPathComponent("aside", isDirectory: true)
        try FileManager.default.moveItem(at: music.appendingPathComponent("Vanishing"), to: aside)
        #expect(await waitUntil { library.isMissing(vanishing) }, "its files are gone: missing")
        #expect(library.count == 2 && library.album(at: 1)?.trackCount == 2, "never deleted, never changed")
        try FileManager.default.moveItem(at: aside, to: music.appendingPathComponent("Vanishing"))
        #expect(await waitUntil { !library.isMissing(vanishing) }, "back as it was")
        #expect(library.album(at: 1)?.title == "Vanishing" && library.count == 2)
        library.close()
        #expect(try folders.database().historyAgrees)
    }

    @Test("20,000 folders are all watched, and a change deep among them is found")
    func twentyThousandFolders() async throws {
        try await copyAlbum("Deep", into: music.appendingPathComponent("a/b/c"))
        // Made off the main actor: the window suites share its thread, and a loop of seconds
        // there would stall their windows.
        let tree = music.appendingPathComponent("tree")
        try await Task.detached {
            for index in 0..<20_000 {
                try FileManager.default.createDirectory(at: tree.appendingPathComponent("\(index / 100)/\(index)"), withIntermediateDirectories: true)
            }
        }.value
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([music])
        let follower = await library.followMusicFolders(MusicFolderFollower.Options(settleDelay: .milliseconds(100)))
        #expect(follower.watchCount == 1 + 3 + 1 + 1 + 200 + 20_000, "Music, a/b/c, Deep, tree, its 200 and their 20,000")
        try await copyAlbum("Deeper", into: music.appendingPathComponent("tree/199/19999"))
        #expect(await waitUntil { library.count == 2 })
        library.close()
    }

    @Test("past the limit of watches, the user is told once and the folder is looked at from time to time")
    func pastTheLimitOfWatches() async throws {
        try await copyAlbum("First", into: music)
        for index in 0..<10 {
            try FileManager.default.createDirectory(at: music.appendingPathComponent("empty \(index)"), withIntermediateDirectories: true)
        }
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([music])
        var told: [[MusicFilePath]] = []
        // One watch: the music folder itself; what happens inside its subfolders is not seen.
        let options = MusicFolderFollower.Options(settleDelay: .milliseconds(100), rescanInterval: .milliseconds(200), maxWatches: 1)
        let follower = await library.followMusicFolders(options) { told.append($0) }
        #expect(follower.watchCount == 1)
        #expect(told.map { $0.map(\.displayString) } == [[music.path]], "told once, naming the folder")
        try await copyAlbum("Second", into: music.appendingPathComponent("empty 3"))
        #expect(await waitUntil { library.count == 2 }, "found by looking again")
        #expect(told.count == 1)
        library.close()
    }

    @Test("what changed while the app was closed is found at the next start; a deleted album stays deleted")
    func changesWhileClosedAndDeletionsKept() async throws {
        try await copyAlbum("Kept", into: music)
        try await copyAlbum("Deleted", into: music)
        do {
            let library = LibraryAPI(locations: folders.locations)
            _ = await library.importMusic([music])
            #expect(library.albums.map(\.title) == ["Deleted", "Kept"])
            library.deleteAlbum(at: 0)
            library.close()
        }
        try await copyAlbum("New", into: music)

        let relaunched = LibraryAPI(locations: folders.locations)
        await relaunched.followMusicFolders(MusicFolderFollower.Options(settleDelay: .milliseconds(100)))
        #expect(relaunched.albums.map(\.title) == ["Kept", "New"], "found at start; the deleted album's files are unchanged")

        try await copyAlbum("Newer", into: music)
        #expect(await waitUntil { relaunched.count == 3 })
        #expect(relaunched.albums.map(\.title) == ["Kept", "New", "Newer"], "a change beside it does not bring it back either")
        relaunched.undo()
        #expect(relaunched.albums.map(\.title) == ["Deleted", "Kept", "New", "Newer"], "the user's undo is the user's")
        #expect(!relaunched.isMissing(try #require(relaunched.entry(at: 0)?.id)))

        // Deleted again, its folder removed since: undoing the deletion brings it back missing.
        relaunched.deleteAlbum(at: 0)
        try FileManager.default.removeItem(at: music.appendingPathComponent("Deleted"))
        relaunched.undo()
        let deleted = try #require(relaunched.entry(at: 0)?.id)
        #expect(await waitUntil { relaunched.isMissing(deleted) }, "back, marked missing")
        #expect(relaunched.count == 4)
        relaunched.close()
        #expect(try folders.database().historyAgrees)
    }
}
