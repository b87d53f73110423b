import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

// MARK: - Moves and the user's edits

extension FollowedFolderTests {
    /// Two tagged tracks of `album` by an album artist (so the album is its tags', wherever
    /// its files are), written outside the music folder and moved in at once.
    private func copyTaggedAlbum(_ album: String, folder: String) async throws {
        let outside = folders.root.appendingPathComponent("staging/\(folder)", isDirectory: true)
        for number in 1...2 {
            let tags = TrackTags(title: "Track \(number)", artist: "Band", albumArtist: "Band", album: album, genre: "Rock", year: 1999,
                                 trackNumber: number)
            try await track(outside.appendingPathComponent("\(number).flac"), tags: tags)
        }
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: outside, to: music.appendingPathComponent(folder))
    }

    private func trackFolders(_ library: LibraryAPI, _ id: AlbumID) -> [String] {
        library.tracks(ofAlbum: id).map { $0.path.parent.displayName }
    }

    @Test("an album folder renamed and a file moved between album folders keep their albums: the same tracks, not a delete and an add")
    func movedFilesKeepTheirAlbums() async throws {
        try await copyTaggedAlbum("North", folder: "North")
        try await copyTaggedAlbum("South", folder: "South")
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([music])
        await library.followMusicFolders(MusicFolderFollower.Options(settleDelay: .milliseconds(100)))
        let north = try #require(library.entry(at: 0)?.id), south = try #require(library.entry(at: 1)?.id)
        #expect(library.editAlbum(at: 0, to: try #require(library.album(at: 0)).with { $0.genre = "My Genre" }) != nil)

        try FileManager.default.moveItem(at: music.appendingPathComponent("North"), to: music.appendingPathComponent("North (1999)"))
        #expect(await waitUntil { library.album(withID: north)?.folder?.hasSuffix("North%20(1999)") == true }, "the album follows its folder")
        #expect(library.count == 2 && !library.isMissing(north), "the same album: never missing, no second one")
        #expect(library.album(withID: north)?.trackCount == 2 && library.album(withID: north)?.genre == "My Genre", "its tracks and the user's edit kept")
        #expect(await waitUntil { trackFolders(library, north) == ["North (1999)", "North (1999)"] })

        try FileManager.default.moveItem(at: music.appendingPathComponent("South/2.flac"), to: music.appendingPathComponent("North (1999)/South 2.flac"))
        #expect(await waitUntil { trackFolders(library, south).sorted() == ["North (1999)", "South"] }, "the moved file is still its album's track")
        #expect(library.count == 2 && library.album(withID: south)?.trackCount == 2 && library.album(withID: north)?.trackCount == 2)
        #expect(library.commandToUndo?.kind == .edit, "none of it is a command")
        library.close()
        #expect(try folders.database().historyAgrees)
    }

    @Test("an edited album keeps the edit while its files' tags are unchanged; new tags win as one undoable change, and the user is told")
    func newTagsOverAnEdit() async throws {
        try await copyAlbum("Edited", into: music)
        let library = LibraryAPI(locations: folders.locations)
        var told: [[Album]] = []
        let observation = library.observe { event in
            if case .editsReplacedByTags(let albums) = event { told.append(albums) }
        }
        _ = await library.importMusic([music])
        // A second of quiet before a look: the three renames of a retag are seen together
        // however long a loaded machine takes between them (`retag`).
        await library.followMusicFolders(MusicFolderFollower.Options(settleDelay: .seconds(1)))
        let id = try #require(library.entry(at: 0)?.id)
        #expect(library.editAlbum(at: 0, to: try #require(library.album(at: 0)).with { $0.title = "My Title" }) != nil)

        // A third file with the same tags: the album changes, the user's title stays.
        try await track(music.appendingPathComponent("Edited/3.flac"), tags: tags(album: "Edited"))
        #expect(await waitUntil { library.album(withID: id)?.trackCount == 3 })
        #expect(library.album(withID: id)?.title == "My Title" && told.isEmpty, "the edit stays: its files' tags did not change")
        #expect(library.commandToUndo?.kind == .edit && library.commandToUndo?.album?.title == "My Title")

        // The files' genre changes: not edited by the user, it simply follows.
        try await retag(music.appendingPathComponent("Edited"), files: 1...3, tags: tags(album: "Edited", genre: "Jazz"))
        #expect(await waitUntil { library.album(withID: id)?.genre == "Jazz" })
        #expect(library.album(withID: id)?.title == "My Title" && told.isEmpty)

        // The files' album title changes: the tags win over the edit, as one command.
        try await retag(music.appendingPathComponent("Edited"), files: 1...3, tags: tags(album: "Retitled", genre: "Jazz"))
        #expect(await waitUntil { library.album(withID: id)?.title == "Retitled" }, "the same album, with the new tags")
        #expect(told.map { $0.map(\.title) } == [["Retitled"]], "the user is told")
        #expect(library.count == 1 && library.commandToUndo?.kind == .edit && library.commandToUndo?.album?.title == "Retitled",
                "\((0..<library.count).compactMap { library.album(at: $0) }.map { "\($0.title) (\($0.trackCount ?? 0) tracks)" }), undo: \(String(describing: library.commandToUndo?.kind)) \(library.commandToUndo?.album?.title ?? "")")
        library.undo()
        #expect(library.album(withID: id)?.title == "My Title" && library.album(withID: id)?.genre == "Jazz", "undo puts the edit back")
        library.close()
        _ = observation
        #expect(try folders.database().historyAgrees)
    }

    @Test("an album whose files are retagged one at a time, a look between each, stays one album that follows them")
    func filesRetaggedOneAtATime() async throws {
        try await copyAlbum("Edited", into: music)
        try await track(music.appendingPathComponent("Edited/3.flac"), tags: tags(album: "Edited"))
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([music])
        await library.followMusicFolders(MusicFolderFollower.Options(settleDelay: .milliseconds(100)))
        let id = try #require(library.entry(at: 0)?.id)
        #expect(library.count == 1 && library.tracks(ofAlbum: id).count == 3)
        func titles() -> [String] { library.tracks(ofAlbum: id).map(\.title) }

        // Each file in turn, written beside and renamed over (a safe tagger), seen by a look of
        // its own: while they disagree, the album follows the file read anew, and the files
        // not yet retagged stay its tracks (not a second album).
        for number in 1...3 {
            var retagged = tags(album: "Retitled")
            retagged.title = "New \(number)"
            try await retag(music.appendingPathComponent("Edited"), files: number...number, tags: retagged)
            #expect(await waitUntil { titles().filter { $0.hasPrefix("New") }.count == number }, "file \(number) followed: \(titles())")
            #expect(library.count == 1 && library.album(withID: id)?.title == "Retitled" && titles().count == 3,
                    "after file \(number): \((0..<library.count).compactMap { library.album(at: $0)?.title }), \(titles())")
        }
        library.close()
        #expect(try folders.database().historyAgrees)
    }
}

// MARK: - Helpers

private extension Album {
    /// The album with `change` made to it.
    func with(_ change: (inout Album) -> Void) -> Album {
        var album = self
        change(&album)
        return album
    }
}

