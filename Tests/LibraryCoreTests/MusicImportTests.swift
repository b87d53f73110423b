import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

/// Importing music folders: tags of every format, albums grouped as a person expects, covers
/// from the folder or the files, one undoable command, and importing again.
@MainActor
@Suite("Music folder import")
struct MusicImportTests {
    let folders = TestFolders(defaultLibrary: nil)
    var music: URL { folders.root.appendingPathComponent("Music", isDirectory: true) }
    var maker: MusicFolderMaker { MusicFolderMaker(templates: folders.root.appendingPathComponent("templates")) }

    private func importMusic(_ library: LibraryAPI, _ roots: [URL]? = nil) async -> MusicImportSummary {
        await library.importMusic(roots ?? [music])
    }

    private func tags(_ title: String, by artist: String, album: String, albumArtist: String = "", track: Int? = nil,
                      disc: Int? = nil, genre: String = "Rock", year: Int? = 1999) -> TrackTags {
        TrackTags(title: title, artist: artist, albumArtist: albumArtist, album: album, genre: genre, year: year, trackNumber: track, discNumber: disc)
    }

    @Test("every format's tags are read: one album per format, with its tracks and length", arguments: MusicFolderMaker.Format.allCases)
    func eachFormat(_ format: MusicFolderMaker.Format) async throws {
        let maker = maker
        for track in 1...2 {
            try maker.track(music.appendingPathComponent("Album/\(track).\(format.rawValue)"),
                            tags: tags("Song \(track)", by: "Nina", album: "Blue \(format.rawValue)", track: track, genre: track == 1 ? "Jazz" : "Blues", year: 1960 + track))
        }
        let library = LibraryAPI(locations: folders.locations)
        let summary = await importMusic(library)
        #expect(summary.added == 1)
        #expect(summary.skipped.isEmpty, "\(summary.skipped.map(\.message))")
        let album = try #require(library.albums.first)
        #expect(album.title == "Blue \(format.rawValue)")
        #expect(album.artist == "Nina")
        #expect(album.genre == "Jazz", "the most common genre; a tie goes to the first track")
        #expect(album.year == "1961", "the earliest year")
        #expect(album.trackCount == 2)
        #expect(abs((album.duration ?? 0) - 1.0) < 0.15)
        #expect(album.folderPath == music.appendingPathComponent("Album").path)
        #expect(album.tableRepresentation.map(\.title) == ["Artist", "Album", "Genre", "Year", "Tracks", "Length", "Folder"])
    }

    @Test("every format's MusicBrainz ids are read as Picard writes them: the release and the recording", arguments: MusicFolderMaker.Format.allCases)
    func eachFormatsMusicBrainzIDs(_ format: MusicFolderMaker.Format) throws {
        let file = music.appendingPathComponent("Tagged/1.\(format.rawValue)")
        var written = tags("Song", by: "Nina", album: "Blue")
        written.musicBrainzAlbumID = "1b4f9b6e-7c3a-4e2d-9f10-2a3b4c5d6e7f"
        written.musicBrainzRecordingID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
        try maker.track(file, tags: written)
        let read = try TrackTagReader.read(path: try #require(MusicFilePath(url: file)))
        #expect(read.musicBrainzAlbumID == written.musicBrainzAlbumID)
        #expect(read.musicBrainzRecordingID == written.musicBrainzRecordingID)
    }

    @Test("an MP3 whose ID3v2 tag lacks the text (as ffmpeg and many rippers write it) takes it from its ID3v1 tag")
    func id3v1BehindABareID3v2Header() async throws {
        let file = music.appendingPathComponent("Old Rip/01.mp3")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        var data = try Data(contentsOf: maker.template(.mp3))  // ffmpeg's ID3v2 header names only the encoder
        // ID3v1 text is Latin-1: "é" is the one byte 0xE9.
        data.append(Self.id3v1(title: "Heroes", artist: "David Bowie", album: "Héroes", year: "1977", track: 3, genre: 17))
        try data.write(to: file)

        let tags = try TrackTagReader.read(path: #require(MusicFilePath(url: file)))
        #expect(tags.title == "Heroes")
        #expect(tags.artist == "David Bowie")
        #expect(tags.album == "Héroes", "Latin-1 read as Latin-1")
        #expect(tags.genre == "Rock", "ID3v1's genre 17")
        #expect(tags.year == 1977)
        #expect(tags.trackNumber == 3)
        let library = LibraryAPI(locations: folders.locations)
        _ = await importMusic(library)
        let album = try #require(library.albums.first)
        #expect(album.title == "Héroes", "not the folder's name")
        #expect(album.artist == "David Bowie", "not Unknown Artist")
        ReliabilityLog.record([ReliabilityRow(
            area: "Bad music files", attempt: "an MP3 with a bare ID3v2 header (as ffmpeg writes it) and its text in an ID3v1 tag, in Latin-1",
            outcome: "title, artist, album (“\(album.title)”), genre, year and track from ID3v1; the album named by its tags, not its folder",
            held: album.title == "Héroes" && album.artist == "David Bowie" && tags.genre == "Rock")])
    }

    /// An ID3v1.1 tag: the last 128 bytes of an MP3, fixed-length Latin-1 fields.
    private static func id3v1(title: String, artist: String, album: String, year: String, track: UInt8, genre: UInt8) -> Data {
        func field(_ text: String, _ length: Int) -> [UInt8] {
            let bytes = Array((text.data(using: .isoLatin1) ?? Data()).prefix(length))
            return bytes + Array(repeating: 0, count: length - bytes.count)
        }
        let fields = field(title, 30) + field(artist, 30) + field(album, 30) + field(year, 4)
        return Data(Array("TAG".utf8) + fields + field("", 28) + [0, track, genre])
    }

    @Test("grouping: album artist over artists, same titles by different artists apart, a multi-disc album together")
    func grouping() async throws {
        let maker = maker
        // A compilation: many artists, one folder, no album artist.
        try maker.track(music.appendingPathComponent("Hits/1.mp3"), tags: tags("A", by: "Ann", album: "Hits 99", track: 1))
        try maker.track(music.appendingPathComponent("Hits/2.mp3"), tags: tags("B", by: "Bob", album: "Hits 99", track: 2))
        // Album artist given: it names the album though the tracks have guests.
        try maker.track(music.appendingPathComponent("Duets/1.flac"), tags: tags("C", by: "Cat & Dan", album: "Duets", albumArtist: "Cat"))
        try maker.track(music.appendingPathComponent("Duets/2.flac"), tags: tags("D", by: "Cat & Eve", album: "Duets", albumArtist: "Cat"))
        // Two albums called "Greatest Hits", by different artists.
        try maker.track(music.appendingPathComponent("Queen/GH/1.mp3"), tags: tags("E", by: "Queen", album: "Greatest Hits"))
        try maker.track(music.appendingPathComponent("ABBA/GH/1.mp3"), tags: tags("F", by: "ABBA", album: "Greatest Hits"))
        // A double album in CD1 and CD2, no album artist.
        try maker.track(music.appendingPathComponent("Wall/CD1/1.ogg"), tags: tags("G", by: "Pink Floyd", album: "The Wall", disc: 1, year: 1979))
        try maker.track(music.appendingPathComponent("Wall/CD2/1.ogg"), tags: tags("H", by: "Pink Floyd", album: "The Wall", disc: 2, year: 1979))
        let library = LibraryAPI(locations: folders.locations)
        let summary = await importMusic(library)
        #expect(summary.added == 5)
        let albums = library.albums.map { "\($0.artist) – \($0.title) (\($0.trackCount ?? 0))" }.sorted()
        #expect(albums == ["ABBA – Greatest Hits (1)", "Cat – Duets (2)", "Pink Floyd – The Wall (2)", "Queen – Greatest Hits (1)", "Various Artists – Hits 99 (2)"])
        let wall = try #require(library.albums.first { $0.title == "The Wall" })
        #expect(wall.folderPath == music.appendingPathComponent("Wall").path, "the folder above the disc folders")
    }

    @Test("covers: the folder's image first (any letter case), then the first embedded one, else none")
    func coverPrecedence() async throws {
        let maker = maker
        let red = try maker.image("red"), blue = try maker.image("blue"), green = try maker.image("green")
        try maker.track(music.appendingPathComponent("Folder/1.mp3"), tags: tags("1", by: "A", album: "Folder"), cover: blue)
        try red.write(to: music.appendingPathComponent("Folder/Cover.PNG"))
        try green.write(to: music.appendingPathComponent("Folder/album.png"))  // later in the names' order
        try maker.track(music.appendingPathComponent("Embedded/1.flac"), tags: tags("1", by: "B", album: "Embedded", track: 1))
        try maker.track(music.appendingPathComponent("Embedded/2.flac"), tags: tags("2", by: "B", album: "Embedded", track: 2), cover: blue)
        try maker.track(music.appendingPathComponent("BadImage/1.m4a"), tags: tags("1", by: "C", album: "Bad Image"), cover: green)
        try Data("not an image".utf8).write(to: music.appendingPathComponent("BadImage/folder.jpg"))
        try maker.track(music.appendingPathComponent("None/1.opus"), tags: tags("1", by: "D", album: "None"))
        let library = LibraryAPI(locations: folders.locations)
        let summary = await importMusic(library)
        #expect(summary.added == 4)
        func cover(_ title: String) throws -> Data? {
            let album = try #require(library.albums.first { $0.title == title })
            guard !album.coverUrl.isEmpty else { return nil }
            let file = try #require(library.ownCovers.file(for: album.coverUrl))
            return try Data(contentsOf: file)
        }
        #expect(try cover("Folder") == red)
        #expect(try cover("Embedded") == blue)
        #expect(try cover("Bad Image") == green)
        #expect(try cover("None") == nil)
        #expect(summary.skipped.map(\.path.displayName) == ["folder.jpg"], "the image that is not one is listed")
    }

    @Test("the import is one command, undone and redone also after a relaunch")
    func undoAfterRelaunch() async throws {
        let maker = maker
        for album in 1...3 {
            try maker.track(music.appendingPathComponent("\(album)/1.mp3"), tags: tags("1", by: "Band \(album)", album: "Album \(album)"))
        }
        do {
            let library = LibraryAPI(locations: folders.locations)
            _ = await importMusic(library)
            #expect(library.count == 3)
            #expect(library.commandToUndo?.kind == .importFolder)
            #expect(library.commandToUndo?.entries.count == 3)
            library.close()
        }
        #expect(try folders.database().historyAgrees)
        let relaunched = LibraryAPI(locations: folders.locations)
        #expect(relaunched.count == 3)
        relaunched.undo()
        #expect(relaunched.count == 0)
        relaunched.redo()
        #expect(relaunched.albums.map(\.title) == ["Album 1", "Album 2", "Album 3"])
        relaunched.close()
        #expect(try folders.database().historyAgrees)
    }

    @Test("importing again adds only what is new, updates what changed, and never removes an album")
    func reimport() async throws {
        let maker = maker
        for album in 1...3 {
            try maker.track(music.appendingPathComponent("\(album)/1.mp3"), tags: tags("1", by: "Band \(album)", album: "Album \(album)"))
        }
        let library = LibraryAPI(locations: folders.locations)
        _ = await importMusic(library)
        library.selectAlbum(at: 1)
        let again = await importMusic(library)
        #expect(again.added == 0 && again.updated == 0)
        #expect(library.count == 3 && library.commandToUndo?.entries.count == 3, "no second command")

        // A new album, a retagged file (a new modification time), and a removed folder.
        try maker.track(music.appendingPathComponent("4/1.mp3"), tags: tags("1", by: "Band 4", album: "Album 4"))
        try maker.track(music.appendingPathComponent("2/1.mp3"), tags: tags("1", by: "Band 2", album: "Album 2", genre: "Ska"))
        try FileManager.default.removeItem(at: music.appendingPathComponent("3"))
        let third = await importMusic(library)
        #expect(third.added == 1 && third.updated == 1)
        #expect(library.albums.map(\.title) == ["Album 1", "Album 2", "Album 3", "Album 4"])
        #expect(library.albums[1].genre == "Ska")
        #expect(library.selectedIndex == 1, "the selection stays")
        library.undo()
        #expect(library.albums.map(\.title) == ["Album 1", "Album 2", "Album 3"])
        #expect(library.albums[1].genre == "Rock", "undo puts the album back as it was")
        library.close()
        #expect(try folders.database().historyAgrees)
    }

    @Test("an import can be stopped halfway; what it added stays, as one undoable command")
    func cancelHalfway() async throws {
        let maker = maker
        let template = try maker.template(.mp3)
        for album in 0..<40 {
            let folder = music.appendingPathComponent(String(format: "%02d", album))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for track in 0..<100 {
                try FileManager.default.linkItem(at: template, to: folder.appendingPathComponent("\(track).mp3"))
            }
        }
        let library = LibraryAPI(locations: folders.locations)
        library.musicImportPartInterval = .zero  // hands over every chunk
        var task: Task<MusicImportSummary, Never>?
        task = Task { @MainActor in
            await library.importMusic([music]) { progress in
                if progress.albumsFound > 0 { task?.cancel() }
            }
        }
        let summary = try #require(await task?.value)
        #expect(summary.wasCancelled)
        #expect(summary.filesRead < 4000, "stopped before the end")
        #expect(summary.added > 0)
        #expect(library.count == summary.added)
        #expect(library.commandToUndo?.entries.count == summary.added)
        library.undo()
        #expect(library.count == 0)
    }

    @Test("the library stays usable during an import: a deletion in the middle, then both undone")
    func usableDuringAnImport() async throws {
        let maker = maker
        for album in 1...6 {
            try maker.track(music.appendingPathComponent("\(album)/1.mp3"), tags: tags("1", by: "Band \(album)", album: "Album \(album)"))
        }
        let bundled = TestFolders()  // the bundled five albums
        let library = LibraryAPI(locations: bundled.locations)
        library.musicImportPartInterval = .zero
        var deleted: Album?
        let summary = await library.importMusic([music]) { progress in
            if progress.albumsFound > 0, deleted == nil { deleted = library.deleteAlbum(at: 0)?.albums.first }
        }
        #expect(summary.added == 6)
        #expect(deleted?.title == "Best of Bowie")
        #expect(library.count == 10)
        library.undo()  // the deletion
        #expect(library.albums.first?.title == "Best of Bowie")
        #expect(library.count == 11)
        library.undo()  // the whole import
        #expect(library.count == 5)
        library.close()
        #expect(try bundled.database().historyAgrees)
    }
}
