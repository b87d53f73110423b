import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// The library database and the state file: the first run, the import of an earlier
/// version's `albums.json`, export and import of that format, links, and one instance per
/// library.
@MainActor
@Suite("Persistence")
struct PersistencyTests {
    let defaultAlbums = (try? AlbumList.decode(Data(contentsOf: Repository.defaultLibrary))) ?? []

    // MARK: First run

    @Test("the first run seeds the database from the bundled file")
    func firstRunSeeds() throws {
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations)
        #expect(library.loadProblems.isEmpty)
        #expect(library.albums == defaultAlbums && library.count == 5)
        library.close()
        #expect(try folders.database().albums == defaultAlbums)
        #expect(FileManager.default.fileExists(atPath: folders.locations.backupFile.path), "the first daily backup")
    }

    @Test("without a bundled library the library starts empty and says why")
    func missingDefaultLibrary() {
        let folders = TestFolders(defaultLibrary: nil)
        let library = LibraryAPI(locations: folders.locations)
        #expect(library.count == 0)
        #expect(library.loadProblems.first?.recovery == .emptyLibrary)
        #expect(library.loadProblems.first?.message.hasPrefix("The default library could not be loaded") == true)
    }

    // MARK: An earlier version's albums.json

    @Test("an earlier albums.json is imported once with its undo history and selection, and kept")
    func legacyImport() throws {
        let folders = TestFolders()
        let albums = (0..<6).map(sampleAlbum)
        // The earlier version's files after: delete 1, delete 3 (of the shorter list), add 99
        // at 0, then one undo (the add) — so one command to redo.
        var shown = albums
        shown.remove(at: 1)
        shown.remove(at: 3)
        try folders.writeLibrary(shown)
        try folders.writeState("""
            {"selectedIndex": 2, "undoHistory": [
              {"delete": {"album": \(Self.json(sampleAlbum(1))), "index": 1}},
              {"delete": {"album": \(Self.json(sampleAlbum(4))), "index": 3}}],
             "redoHistory": [{"add": {"album": \(Self.json(sampleAlbum(99))), "index": 0}}]}
            """)
        var library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.loadProblems.isEmpty)
        #expect(library.albums == shown)
        #expect(library.selectedAlbum == shown[2])
        let kept = folders.files(in: folders.libraryFolder).filter { $0.hasPrefix("albums.json.imported-") }
        #expect(kept.count == 1, "albums.json is renamed, never deleted")
        #expect(!FileManager.default.fileExists(atPath: folders.locations.legacyLibraryFile.path))

        library.redo()
        #expect(library.albums == [sampleAlbum(99)] + shown)
        library.undo()
        library.undo()
        library.undo()
        #expect(library.albums == albums)
        #expect(!library.canUndo)
        library.close()
        library = LibraryAPI(locations: folders.locations, saveDelay: .zero)  // imported only once
        #expect(library.albums == albums)
        #expect(library.canRedo && !library.canUndo)
    }

    // MARK: Export and import

    @Test("export then import round-trips every album, as one undoable command")
    func exportImportRoundTrip() async throws {
        let folders = TestFolders()
        let odd = Album(title: "Ünïcødé “quotes” / slashes \\ 中文 🎵", artist: "", genre: "\u{202E}RTL", coverUrl: "https://e.org/a b.png", year: "")
        try folders.writeLibrary([sampleAlbum(1), odd, sampleAlbum(2)])
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        let file = folders.root.appendingPathComponent("export.json")
        try await library.export(to: file)
        #expect(try AlbumList.decode(Data(contentsOf: file)) == [sampleAlbum(1), odd, sampleAlbum(2)])

        #expect(try await library.importAlbumList(from: file)?.albums.count == 3)
        #expect(library.albums == [sampleAlbum(1), odd, sampleAlbum(2), sampleAlbum(1), odd, sampleAlbum(2)])
        #expect(library.selectedIndex == 3)
        #expect(library.commandToUndo?.kind == .importFile)
        library.undo()
        #expect(library.albums == [sampleAlbum(1), odd, sampleAlbum(2)])
        library.redo()
        #expect(library.count == 6)
        library.close()
        #expect(try folders.database().albums.count == 6)
    }

    @Test("an import of a damaged file names the album and the key, and changes nothing")
    func damagedImport() async throws {
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        let file = folders.root.appendingPathComponent("damaged.json")
        try folders.write(#"[\#(Self.json(sampleAlbum(1))), {"title": "Second", "artist": "A", "genre": "G", "coverUrl": "c"}]"#, to: file)
        await #expect {
            try await library.importAlbumList(from: file)
        } throws: { error in
            let text = "\(error)"
            return text.contains("damaged.json") && text.contains("“year”") && text.contains("2")
        }
        #expect(library.albums == defaultAlbums)
        #expect(!library.canUndo)
    }

    @Test("--export reads the library while another instance holds it")
    func exportWhileRunning() throws {
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        library.deleteAlbum(at: 0)
        library.flush()
        let file = folders.root.appendingPathComponent("out.json")
        #expect(try LibraryAPI.export(folders.locations, to: file) == 4)
        #expect(try AlbumList.decode(Data(contentsOf: file)) == Array(defaultAlbums.dropFirst()))
    }

    // MARK: Files

    @Test("state.json behind a symbolic link is written through it, and the link stays")
    func stateWrittenThroughLink() throws {
        let folders = TestFolders()
        let target = folders.root.appendingPathComponent("dotfiles/state.json")
        try folders.write("{}", to: target)
        try FileManager.default.createDirectory(at: folders.stateFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folders.locations.stateFile, withDestinationURL: target)
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        library.selectAlbum(at: 3)
        library.flush()
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folders.locations.stateFile.path)
        #expect(link == target.path)
        #expect(try AppState.decode(Data(contentsOf: target)).selectedIndex == 3)
    }

    @Test("one instance per library: a second one is told the library is in use and touches nothing")
    func oneInstancePerLibrary() throws {
        let folders = TestFolders()
        let first = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        let second = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(!first.isInUseElsewhere)
        #expect(second.isInUseElsewhere)
        #expect(second.count == 0)
        first.close()
        #expect(!LibraryAPI(locations: folders.locations).isInUseElsewhere)
    }

    @Test("a data folder that cannot hold the library: the app still opens, in memory, and says so")
    func unusableDataFolder() throws {
        let folders = TestFolders()
        try folders.write("not a folder", to: folders.libraryFolder)
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.count == 5)
        let problem = try #require(library.loadProblems.first)
        #expect(problem.recovery == .memoryOnly)
        #expect(problem.message.contains(folders.libraryFolder.path) && problem.message.hasSuffix("Changes you make now will not be saved."))
        library.deleteAlbum(at: 0)
        library.undo()
        #expect(library.count == 5)
        #expect(try String(contentsOf: folders.libraryFolder, encoding: .utf8) == "not a folder", "the file in the way is untouched")
    }

    @Test("a corrupt state file is kept aside and the defaults are used")
    func corruptState() throws {
        let folders = TestFolders()
        try folders.writeState(#"{"selectedIndex": "two"}"#)
        let library = LibraryAPI(locations: folders.locations)
        let problem = try #require(library.loadProblems.first)
        #expect(library.selectedIndex == 0)
        #expect(problem.document == .state && problem.recovery == .defaultState)
        #expect(problem.cause == .undecodable(.wrongType(key: "selectedIndex", itemIndex: nil, expected: "a number")))
        #expect(folders.files(in: folders.stateFolder).first?.hasPrefix("state.json.corrupt-") == true)
    }

    // MARK: Helpers

    static func json(_ album: Album) -> String {
        String(decoding: try! JSONEncoder().encode(album), as: UTF8.self)
    }
}
