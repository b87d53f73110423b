import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

/// The music folders are a list the user owns: every folder imported is remembered (the
/// outermost only), with the albums it gave and whether it is there; removing one takes its
/// albums out as one undoable command and leaves its files alone.
@MainActor
@Suite("Music folders")
struct MusicFolderListTests {
    let folders = TestFolders(defaultLibrary: nil)
    var maker: MusicFolderMaker { MusicFolderMaker(templates: folders.root.appendingPathComponent("templates")) }

    private func folder(_ name: String) -> URL {
        folders.root.appendingPathComponent(name, isDirectory: true)
    }

    /// `albums` albums of one track each under `root`, named "<root's name> 1"….
    private func makeAlbums(_ albums: Int, in root: URL) throws {
        for album in 1...albums {
            let title = "\(root.lastPathComponent) \(album)"
            try maker.track(root.appendingPathComponent("\(album)/1.mp3"),
                            tags: TrackTags(title: "1", artist: "Band", albumArtist: "", album: title, genre: "Rock", year: 1999, trackNumber: 1, discNumber: nil))
        }
    }

    private func listed(_ library: LibraryAPI) async -> [String] {
        await library.musicFolders().map { "\($0.name): \($0.albumCount)\($0.isReachable ? "" : ", unreachable")" }
    }

    @Test("every folder imported is listed with the albums it gave; one inside it is not listed twice, one around it takes its place")
    func everyImportedFolderIsListed() async throws {
        try makeAlbums(3, in: folder("Rock"))
        try makeAlbums(2, in: folder("Jazz"))
        let library = LibraryAPI(locations: folders.locations)
        #expect(await library.musicFolders().isEmpty)
        _ = await library.importMusic([folder("Rock"), folder("Jazz")])
        _ = await library.importMusic([folder("Rock/2")])
        do { let names = await listed(library); #expect(names == ["Jazz: 2", "Rock: 3"], "Rock/2 is inside Rock") }
        _ = await library.importMusic([folders.root.appendingPathComponent("Rock/1/1.mp3")])
        #expect(await listed(library).count == 2, "a file is not a folder")

        #expect(library.album(at: 0)?.title == "Jazz 1")
        library.deleteAlbum(at: 0)
        do { let names = await listed(library); #expect(names == ["Jazz: 1", "Rock: 3"], "an album deleted is not counted") }
        try FileManager.default.moveItem(at: folder("Jazz"), to: folder("Jazz moved"))
        do { let names = await listed(library); #expect(names == ["Jazz: 1, unreachable", "Rock: 3"]) }
        library.close()

        let relaunched = LibraryAPI(locations: folders.locations)
        do { let names = await listed(relaunched); #expect(names == ["Jazz: 1, unreachable", "Rock: 3"], "the list is the library's, kept across launches") }
        try FileManager.default.moveItem(at: folder("Jazz moved"), to: folder("Jazz"))
        _ = await relaunched.importMusic([folders.root])
        do { let names = await listed(relaunched); #expect(names == ["\(folders.root.lastPathComponent): 6"], "the folder around both takes their place (importing brought Jazz 1 back)") }
        relaunched.close()
    }

    @Test("removing a folder takes its albums out as one command, undone after a relaunch; its files stay")
    func removingAFolderIsOneUndoableCommand() async throws {
        try makeAlbums(3, in: folder("Rock"))
        try makeAlbums(2, in: folder("Jazz"))
        do {
            let library = LibraryAPI(locations: folders.locations)
            _ = await library.importMusic([folder("Rock")])
            _ = await library.importMusic([folder("Jazz")])
            library.selectAlbum(at: 4)
            let rock = try #require(await library.musicFolders().first { $0.name == "Rock" })
            #expect(await library.removeMusicFolder(rock.path)?.albums.count == 3)
            #expect(library.albums.map(\.title) == ["Jazz 1", "Jazz 2"])
            #expect(library.commandToUndo?.kind == .removeFolder)
            do { let names = await listed(library); #expect(names == ["Jazz: 2"]) }
            #expect(FileManager.default.fileExists(atPath: folder("Rock").appendingPathComponent("3/1.mp3").path), "the files stay")
            library.close()
        }
        #expect(try folders.database().historyAgrees)
        let relaunched = LibraryAPI(locations: folders.locations)
        do { let names = await listed(relaunched); #expect(names == ["Jazz: 2"]) }
        relaunched.undo()
        #expect(relaunched.albums.map(\.title) == ["Rock 1", "Rock 2", "Rock 3", "Jazz 1", "Jazz 2"], "back where they were")
        do { let names = await listed(relaunched); #expect(names == ["Jazz: 2", "Rock: 3"], "and the folder with them") }
        #expect(relaunched.tracks(ofAlbum: try #require(relaunched.entry(at: 0)?.id)).count == 1, "with their files")
        relaunched.redo()
        #expect(relaunched.count == 2)

        // A folder whose albums are all gone leaves without a command.
        let jazz = try #require(await relaunched.musicFolders().first)
        relaunched.deleteAlbum(at: 0)
        relaunched.deleteAlbum(at: 0)
        #expect(await relaunched.removeMusicFolder(jazz.path) == nil)
        #expect(await relaunched.musicFolders().isEmpty)
        #expect(relaunched.commandToUndo?.kind == .delete)
        relaunched.close()
        #expect(try folders.database().historyAgrees)
    }
}
