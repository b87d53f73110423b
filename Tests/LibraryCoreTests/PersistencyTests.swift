import Foundation
import Testing
@testable import LibraryCore
import TestSupport

@Suite("Persistence")
struct PersistencyTests {
    let defaultAlbums = (try? AlbumList.decode(Data(contentsOf: Repository.defaultLibrary))) ?? []

    // MARK: First run

    @Test("the first run seeds the library from the bundled file and writes it")
    func firstRunSeeds() throws {
        let folders = TestFolders()
        let manager = PersistencyManager(locations: folders.locations)
        let (albums, problem) = manager.loadAlbums()
        #expect(problem == nil)
        #expect(albums == defaultAlbums)
        #expect(albums.count == 5)

        manager.flush()
        let written = try AlbumList.decode(Data(contentsOf: folders.locations.libraryFile))
        #expect(written == defaultAlbums)
        #expect(manager.loadState().state == AppState())
    }

    @Test("without a bundled library the library starts empty and says why")
    func missingDefaultLibrary() {
        let folders = TestFolders(defaultLibrary: nil)
        let manager = PersistencyManager(locations: folders.locations)
        let (albums, problem) = manager.loadAlbums()
        #expect(albums.isEmpty)
        #expect(problem?.recovery == .emptyLibrary)
        #expect(problem?.message.hasPrefix("The default library could not be loaded") == true)
        // Nothing is written, so a repaired install still seeds the library next time.
        manager.flush()
        #expect(!FileManager.default.fileExists(atPath: folders.locations.libraryFile.path))
    }

    // MARK: Damaged files

    @Test("a corrupt library is kept aside and the backup is loaded; nothing is deleted")
    func corruptLibraryLoadsBackup() throws {
        let folders = TestFolders()
        let backup = [sampleAlbum(1), sampleAlbum(2)]
        try folders.write(String(decoding: try AlbumList.encode(backup), as: UTF8.self),
                          to: folders.locations.libraryFile.appendingPathExtension("bak"))
        try folders.writeLibrary(#"[{"title": "cut off"#)

        let (albums, problem) = PersistencyManager(locations: folders.locations).loadAlbums()
        #expect(albums == backup)
        let keptAs = try #require(problem?.keptAs)
        #expect(problem?.recovery == .backup)
        #expect(keptAs.lastPathComponent.hasPrefix("albums.json.corrupt-"))
        #expect(try String(contentsOf: keptAs, encoding: .utf8) == #"[{"title": "cut off"#)
        #expect(folders.files(in: folders.libraryFolder) == ["albums.json.bak", keptAs.lastPathComponent])
        #expect(problem?.message == "Your library file could not be read (the file is not valid JSON (\(Self.detail(of: problem)))). It was kept as \(keptAs.path). The backup was loaded.")
    }

    @Test("a corrupt library without a backup falls back to the default library")
    func corruptLibraryLoadsDefault() throws {
        let folders = TestFolders()
        try folders.writeLibrary(#"[{"title":"T","artist":"A","genre":"G","coverUrl":"c"}]"#)
        let (albums, problem) = PersistencyManager(locations: folders.locations).loadAlbums()
        #expect(albums == defaultAlbums)
        #expect(problem?.recovery == .defaultLibrary)
        #expect(problem?.cause == .undecodable(.missingKey("year", itemIndex: 0)))
        #expect(problem?.message.contains("item 1 has no “year”") == true)
        #expect(folders.files(in: folders.libraryFolder).count == 1)  // the kept-aside file
    }

    @Test("a corrupt state file is kept aside and the defaults are used")
    func corruptState() throws {
        let folders = TestFolders()
        try folders.writeState(#"{"selectedIndex": "two"}"#)
        let (state, problem) = PersistencyManager(locations: folders.locations).loadState()
        #expect(state == AppState())
        #expect(problem?.document == .state)
        #expect(problem?.recovery == .defaultState)
        #expect(problem?.cause == .undecodable(.wrongType(key: "selectedIndex", itemIndex: nil, expected: "a number")))
        #expect(folders.files(in: folders.stateFolder).first?.hasPrefix("state.json.corrupt-") == true)
    }

    @Test("a missing library file with a backup loads the backup rather than the default")
    func missingFileWithBackup() throws {
        let folders = TestFolders()
        try folders.write(String(decoding: try AlbumList.encode([sampleAlbum(7)]), as: UTF8.self),
                          to: folders.locations.libraryFile.appendingPathExtension("bak"))
        let (albums, problem) = PersistencyManager(locations: folders.locations).loadAlbums()
        #expect(albums == [sampleAlbum(7)])
        #expect(problem == nil)
    }

    // MARK: Saving

    @Test("every save keeps the previous file as the backup")
    func saveKeepsBackup() throws {
        let folders = TestFolders()
        let manager = PersistencyManager(locations: folders.locations, saveDelay: .zero)
        manager.save(albums: [sampleAlbum(1)])
        manager.flush()
        manager.save(albums: [sampleAlbum(2)])
        manager.flush()
        let file = folders.locations.libraryFile
        #expect(try AlbumList.decode(Data(contentsOf: file)) == [sampleAlbum(2)])
        #expect(try AlbumList.decode(Data(contentsOf: file.appendingPathExtension("bak"))) == [sampleAlbum(1)])
        #expect(folders.files(in: folders.libraryFolder) == ["albums.json", "albums.json.bak"])  // no temp files left
    }

    @Test("saves in quick succession are written in order and the last one wins")
    func lastSaveWins() throws {
        let folders = TestFolders()
        let manager = PersistencyManager(locations: folders.locations, saveDelay: .milliseconds(5))
        for count in 1...300 {
            manager.save(albums: (0..<count).map(sampleAlbum))
            manager.save(state: AppState(selectedIndex: count))
        }
        manager.flush()
        #expect(try AlbumList.decode(Data(contentsOf: folders.locations.libraryFile)).count == 300)
        #expect(try AppState.decode(Data(contentsOf: folders.locations.stateFile)).selectedIndex == 300)
    }

    @Test("a failed save leaves the existing file intact, leaves no temporary file, and is reported")
    func failedSave() throws {
        let folders = TestFolders()
        let reported = Protected<[PersistenceError]>([])
        let manager = PersistencyManager(locations: folders.locations, saveDelay: .zero) { error, _ in
            reported.withLock { $0.append(error) }
        }
        manager.save(albums: [sampleAlbum(1)])
        manager.flush()
        // A non-empty folder where the backup goes makes the save fail after the new bytes
        // were written, even as root (who ignores permissions).
        let backup = folders.locations.libraryFile.appendingPathExtension("bak")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        try folders.write("x", to: backup.appendingPathComponent("keep"))

        manager.save(albums: [sampleAlbum(2)])
        manager.flush()
        let errors = reported.withLock { $0 }
        #expect(errors.map(\.operation) == ["rename"])
        #expect(errors.first?.description.hasPrefix("“albums.json.bak” could not be saved") == true)
        #expect(try AlbumList.decode(Data(contentsOf: folders.locations.libraryFile)) == [sampleAlbum(1)])
        #expect(folders.files(in: folders.libraryFolder) == ["albums.json", "albums.json.bak"])
    }

    // MARK: Helpers

    private static func detail(of problem: LoadProblem?) -> String {
        guard case .undecodable(.invalidJSON(let detail)) = problem?.cause else { return "?" }
        return detail
    }
}
