import Foundation
import GRDB
import Testing
@testable import LibraryCore
import TestSupport

// MARK: - Libraries of earlier schemas

/// Libraries made by earlier versions: their search and sorts after the migrations.
extension BrowsingTests {
    @Test("a library made before search (schema v2) is indexed when it opens")
    func olderLibraryIsIndexed() async throws {
        let library = try await Self.openedAndSearched(TestFolders(), written: Self.writeVersion2Library)
        await library.showAndWait(AlbumQuery(sort: .title))
        #expect(library.albums(shown: library) == ["Homogenic", "Lemonade"])
        await library.showAndWait(AlbumQuery(sort: .recentlyAdded))
        #expect(library.albums(shown: library) == ["Lemonade", "Homogenic"])
    }

    @Test("a library whose search words were in FTS5 (schema v5) keeps them all in a plain table (v6)")
    func searchWordsLeaveFTS5WithTheDeletedAlbumsOnes() async throws {
        let folders = TestFolders()
        let library = try await Self.openedAndSearched(folders, written: Self.writeVersion5Library)
        library.close()

        let queue = try DatabaseQueue(path: folders.locations.databaseFile.path)
        defer { try? queue.close() }
        let (hasFTS5Table, words) = try await queue.read { db in
            (try db.tableExists("album_search"),
             try Row.fetchAll(db, sql: "SELECT id, CAST(words AS TEXT) AS words FROM albumWords ORDER BY id")
                .map { "\($0["id"] as Int64): \($0["words"] as String)" })
        }
        #expect(!hasFTS5Table, "the FTS5 table and its index are gone")
        // Album 3 was deleted: its words stay until the library rests, for an undo.
        #expect(words == ["1: homogenic bjork electronic 1997 97", "2: lemonade beyonce r b 2016 16", "3: post bjork 1995 95"])
    }
}

extension BrowsingTests {
    /// The library that `write` left in `folders`, opened (migrated) and searched by a word
    /// and a year: only Björk's Homogenic matches.
    static func openedAndSearched(_ folders: TestFolders, written write: (TestFolders) throws -> Void) async throws -> LibraryAPI {
        try write(folders)
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        await library.showAndWait(AlbumQuery(searchText: "bjork 97"))
        #expect(library.albums(shown: library) == ["Homogenic"])
        return library
    }

    /// A library database as version 2 left it: two albums, no sort keys, no search index.
    static func writeVersion2Library(_ folders: TestFolders) throws {
        try writeLibrary(folders, upTo: "v2: albums from music folders, and the files they were read from", sql: """
            INSERT INTO album (position, title, artist, genre, coverUrl, year) VALUES
            (x'40', 'Homogenic', 'Björk', 'Electronic', '', '1997'),
            (x'80', 'Lemonade', 'Beyoncé', 'R&B', '', '2016')
            """)
    }

    /// A library database as version 5 left it: two albums, and the words of three in the
    /// FTS5 table (those of a deleted one, 3, stay until the library rests).
    static func writeVersion5Library(_ folders: TestFolders) throws {
        try writeLibrary(folders, upTo: "v5: the music folders the user imported", sql: """
            INSERT INTO album (id, position, title, artist, genre, coverUrl, year) VALUES
            (1, x'40', 'Homogenic', 'Björk', 'Electronic', '', '1997'),
            (2, x'80', 'Lemonade', 'Beyoncé', 'R&B', '', '2016');
            INSERT INTO album_search (rowid, words) VALUES
            (1, 'homogenic bjork electronic 1997 97'), (2, 'lemonade beyonce r b 2016 16'), (3, 'post bjork 1995 95');
            """)
    }

    /// The library database of `folders` at schema `migration`, holding what `sql` writes.
    private static func writeLibrary(_ folders: TestFolders, upTo migration: String, sql: String) throws {
        try FileManager.default.createDirectory(at: folders.locations.databaseFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: folders.locations.databaseFile.path)
        try LibrarySchema.migrator.migrate(queue, upTo: migration)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }
}
