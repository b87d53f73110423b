import Fixtures
import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// Adding, editing and changing covers: commands on the one undo stack, each one transaction
/// with its history, undone and redone also after a relaunch.
@MainActor
@Suite("Edits")
struct EditTests {
    @Test("an edit changes the album in place; undo and redo, also after a relaunch, go back and forth")
    func editIsUndoableAfterARelaunch() throws {
        let folders = TestFolders()
        var edited = try #require(LibraryAPI(locations: folders.locations).albums.first)
        edited.title = "Best of Bowie (Remastered)"
        edited.year = "2002"
        do {
            let library = LibraryAPI(locations: folders.locations)
            library.selectAlbum(at: 3)
            let events = EventLog(library)
            #expect(library.editAlbum(at: 0, to: edited) != nil)
            #expect(library.albums[0] == edited)
            #expect(library.selectedIndex == 0, "the edited album is selected")
            #expect(events.events.contains("updated 0"))
            #expect(library.commandToUndo?.kind == .edit)
            #expect(library.commandToUndo?.previous.first?.album.title == "Best of Bowie")
            library.close()
        }
        let stored = try folders.database()
        #expect(stored.albums[0] == edited)
        #expect(stored.historyAgrees)

        let relaunched = LibraryAPI(locations: folders.locations)
        relaunched.undo()
        #expect(relaunched.albums[0].title == "Best of Bowie")
        #expect(relaunched.albums[0].year == "1992")
        relaunched.redo()
        #expect(relaunched.albums[0] == edited)
        relaunched.undo()
        relaunched.close()
        #expect(try folders.database().albums[0].title == "Best of Bowie")
        #expect(try folders.database().historyAgrees)
    }

    @Test("an edit or a cover that changes nothing records nothing")
    func noChangeNoCommand() throws {
        let library = LibraryAPI(locations: TestFolders().locations)
        let album = try #require(library.album(at: 2))
        #expect(library.editAlbum(at: 2, to: album) == nil)
        #expect(library.setCover(album.coverUrl, at: 2) == nil)
        #expect(!library.canUndo)
        #expect(library.editAlbum(at: 99, to: album) == nil, "outside the list")
    }

    @Test("a cover from a file is stored in the data folder, shown from there, and survives the original")
    func storedCover() async throws {
        let folders = TestFolders()
        try FileManager.default.createDirectory(at: folders.root, withIntermediateDirectories: true)
        let original = folders.root.appendingPathComponent("my cover.png")
        let image = try FixtureImages.body(of: "/cover/mine")
        try image.write(to: original)
        let library = LibraryAPI(locations: folders.locations)
        let data = try await library.readCoverImage(at: original)
        let reference = try await library.storeCover(data)
        #expect(OwnCovers.isReference(reference))
        #expect(try await library.storeCover(data) == reference, "one file per image")
        try FileManager.default.removeItem(at: original)

        #expect(library.setCover(reference, at: 1) != nil)
        #expect(library.commandToUndo?.kind == .setCover)
        #expect(try await library.cover(for: reference).get() == image)
        let stored = folders.files(in: folders.locations.ownCoverDirectory)
        #expect(stored.count == 1 && stored[0].hasSuffix(".png"), "\(stored)")
        library.undo()
        #expect(library.album(at: 1)?.coverUrl.hasPrefix("http") == true)
        library.redo()
        library.close()
        let relaunched = LibraryAPI(locations: folders.locations)
        #expect(relaunched.album(at: 1)?.coverUrl == reference)
        #expect(try await relaunched.cover(for: reference).get() == image)
    }

    @Test("what is not an image file is refused with a message naming it, and nothing is stored")
    func refusedCoverFiles() async throws {
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations)
        try FileManager.default.createDirectory(at: folders.root, withIntermediateDirectories: true)
        let text = folders.root.appendingPathComponent("notes.txt")
        try folders.write("not an image", to: text)
        let cut = folders.root.appendingPathComponent("cut.png")
        try FixtureImages.body(of: "/cover/cut").prefix(60).write(to: cut)
        let fifo = folders.root.appendingPathComponent("pipe.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let huge = folders.root.appendingPathComponent("huge.png")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        try FileHandle(forWritingTo: huge).truncate(atOffset: UInt64(OwnCovers.maximumSize + 1))

        let cases: [(URL, CoverFileError)] = [
            (text, .notAnImage(name: "notes.txt")),
            (cut, .incomplete(name: "cut.png")),
            (fifo, .notAFile(name: "pipe.png")),  // never opened: it would block
            (huge, .tooLarge(name: "huge.png")),
            (folders.root, .notAFile(name: folders.root.lastPathComponent)),
        ]
        for (file, expected) in cases {
            await #expect(throws: expected) { _ = try await library.readCoverImage(at: file) }
            #expect(expected.message.contains(file.lastPathComponent), "\(expected.message)")
        }
        await #expect(throws: CoverFileError.self) { _ = try await library.readCoverImage(at: folders.root.appendingPathComponent("gone.png")) }
        #expect(!FileManager.default.fileExists(atPath: folders.locations.ownCoverDirectory.path))
    }

    @Test("a reference never leaves the covers folder")
    func referencesStayInTheirFolder() {
        let covers = OwnCovers(directory: URL(fileURLWithPath: "/data/covers"))
        #expect(covers.file(for: "bluelibrary-cover:abc123.png")?.path == "/data/covers/abc123.png")
        for hostile in ["bluelibrary-cover:../x.png", "bluelibrary-cover:a/b.png", "bluelibrary-cover:", "bluelibrary-cover:.png", "https://x/y.png"] {
            #expect(covers.file(for: hostile) == nil, "\(hostile)")
        }
    }
}

/// The dialog's rules, without the dialog.
@Suite("Album form")
struct AlbumFormTests {
    @Test("title required, spaces trimmed, year empty or four digits, cover empty or http(s)")
    func rules() {
        var form = AlbumForm()
        #expect(form.problems == [.titleMissing])
        form.title = "   "
        #expect(form.album == nil)
        form.title = "  Blue  "
        form.artist = " Joni Mitchell\t"
        #expect(form.album == Album(title: "Blue", artist: "Joni Mitchell", genre: "", coverUrl: "", year: ""))
        for year in ["19x2", "92", "１９９２", "-100", "19922"] {
            form.year = year
            #expect(form.problems == [.yearInvalid], "\(year)")
        }
        form.year = " 1971 "
        #expect(form.album?.year == "1971")
        for address in ["ftp://x/y.png", "file:///etc/passwd", "cover.png", "https://"] {
            form.cover = address
            #expect(form.problems == [.coverAddressInvalid], "\(address)")
        }
        form.cover = " https://example.com/blue.jpg "
        #expect(form.album?.coverUrl == "https://example.com/blue.jpg")
        for problem in AlbumForm.Problem.allCases {
            #expect(!AlbumForm.message(for: problem).isEmpty)
        }
    }

    @Test("an edited album may keep a year it had that is not one; an untouched form changes nothing")
    func editingKeepsWhatWasThere() {
        let album = Album(title: "Odd", artist: "A", genre: "G", coverUrl: "", year: "c. 1970")
        var form = AlbumForm(editing: album)
        #expect(form.problems.isEmpty)
        #expect(!form.changesSomething)
        form.year = "c. 1971"
        #expect(form.problems == [.yearInvalid])
        form.year = "1971"
        #expect(form.changesSomething)
    }

    @Test("an album imported from a music folder, edited, keeps its folder, tracks and length: it still plays")
    func editingAnImportedAlbumKeepsItsFiles() throws {
        let album = Album(title: "Imported", artist: "A", genre: "G", coverUrl: "", year: "2001",
                          folder: "file:///music/Imported", trackCount: 3, duration: 540)
        var form = AlbumForm(editing: album)
        #expect(!form.changesSomething, "an untouched form changes nothing")
        form.genre = "Folk"
        let edited = try #require(form.album)
        #expect(edited.genre == "Folk" && edited.title == "Imported")
        #expect(edited.folder == "file:///music/Imported" && edited.trackCount == 3 && edited.duration == 540)
    }
}
