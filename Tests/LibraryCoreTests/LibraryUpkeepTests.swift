import Foundation
import GRDB
import Testing
@testable import LibraryCore
import TestSupport

/// What a change leaves for the library's quiet moments: the search rows of deleted albums,
/// and the WAL's checkpoint. Searches never see the one, and the database file alone holds
/// every change once the library has rested.
@MainActor
@Suite("Library upkeep")
struct LibraryUpkeepTests {
    let folders = TestFolders()

    /// How many albums, and how many search rows, the database file holds on its own (a copy
    /// without its WAL, as a sync tool that copies only it would have).
    func fileAlone() throws -> (albums: Int, searchRows: Int) {
        let copy = folders.root.appendingPathComponent("copy-\(UUID().uuidString).sqlite3")
        try FileManager.default.copyItem(at: folders.locations.databaseFile, to: copy)
        let queue = try DatabaseQueue(path: copy.path)
        defer { try? queue.close() }
        return try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM album") ?? -1,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM albumWords") ?? -1)
        }
    }

    @Test("a deleted album is never found by a search, comes back with undo, and its search row goes once the library rests")
    func deletedAlbumsLeaveTheSearchWhenTheLibraryRests() async throws {
        let library = LibraryAPI(locations: folders.locations, saveDelay: .milliseconds(20))
        let bowie = AlbumQuery(searchText: "bowie")
        let database = try LibraryDatabase(url: folders.locations.databaseFile)
        defer { database.close() }
        let before = try BrowsingIndex(database: database).albumIDs(matching: bowie)
        #expect(before.count == 1)

        library.deleteAlbum(at: try #require(library.index(of: before[0])))
        library.flush()
        #expect(try BrowsingIndex(database: database).albumIDs(matching: bowie).isEmpty, "no search finds a deleted album")
        library.undo()
        library.flush()
        #expect(try BrowsingIndex(database: database).albumIDs(matching: bowie) == before, "undo brings it back to the search")

        library.deleteAlbum(at: try #require(library.index(of: before[0])))
        library.flush()
        let rested = await MainLoopDriver.run(until: {
            guard let file = try? fileAlone() else { return false }
            return file.albums == 4 && file.searchRows == 4
        })
        #expect(rested, "once the library rests, the file alone holds the deletion and no search row of it: \(String(describing: try? fileAlone()))")
        #expect(try BrowsingIndex(database: database).albumIDs(matching: bowie).isEmpty)
        library.undo()
        library.flush()
        #expect(try BrowsingIndex(database: database).albumIDs(matching: bowie) == before, "undo indexes it again")
        library.close()
    }
}
