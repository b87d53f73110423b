import Foundation
import GRDB

// MARK: - Search, sort and filter

extension LibraryDatabase {
    /// Runs `work` inside one read, with a reader of album entries by id: what places the
    /// albums a change touched in the orders `BrowsingIndex` keeps.
    func readingEntries<Value>(_ work: (AlbumSort.EntryReader) throws -> Value) throws -> Value {
        try writer.read { db in
            let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM album WHERE id = ?")
            return try work { id in
                (try? Row.fetchOne(statement, arguments: [id])).flatMap { $0 }.flatMap(Self.entry)
            }
        }
    }

    /// Every album's search words, as `albumWords` stores them (a deleted album's stay until
    /// the library rests: what is shown is only ever the albums in the library).
    func searchCatalog() throws -> SearchCatalog {
        try writer.read { db in
            var catalog = SearchCatalog()
            let rows = try Row.fetchCursor(db, sql: "SELECT id, words FROM albumWords")
            while let row = try rows.next() {
                guard let id = AlbumID.fromDatabaseValue(row[0]) else { continue }
                try row.withUnsafeData(atIndex: 1) { words in catalog.setWords(words, of: id) }
            }
            return catalog
        }
    }

    /// Hands the search words of each of `ids` to `body` (`nil` for an album without them).
    func readSearchWords(of ids: some Sequence<AlbumID>, _ body: (Data?, AlbumID) throws -> Void) throws {
        try writer.read { db in
            for id in ids {
                try body(try DatabaseChange.storedWords(of: id, in: db), id)
            }
        }
    }

    /// The ids of the albums of `query`'s genre and decade, in no order (the search is
    /// matched in memory: `SearchCatalog`).
    func filteredIDs(_ query: AlbumQuery) throws -> [AlbumID] {
        var conditions: [String] = []
        var arguments: [DatabaseValueConvertible?] = []
        if let genre = query.genre {
            conditions.append("genreKey = ?")
            arguments.append(Data(genre.utf8))
        }
        if let decade = query.decade {
            conditions.append("yearValue BETWEEN ? AND ?")
            arguments += [decade, decade + 9]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try writer.read { db in
            try db.albumIDs("SELECT id FROM album \(filter)", arguments: StatementArguments(arguments))
        }
    }

    /// The `ORDER BY` of each sort, the one `AlbumSortKey.precedes(_:in:)` mirrors (ties by id).
    static func orderClause(_ sort: AlbumSort) -> String {
        switch sort {
        case .libraryOrder: "position, id"
        case .title: "titleKey, artistKey, id"
        case .artist: "artistKey, yearValue IS NULL, yearValue, titleKey, id"
        case .year: "yearValue IS NULL, yearValue, artistKey, titleKey, id"
        case .recentlyAdded: "id DESC"
        }
    }

    /// The genres (each with its most common spelling) and decades of the library's albums.
    func facets() throws -> LibraryFacets {
        try writer.read { db in
            var facets = LibraryFacets()
            let genres = try Row.fetchAll(db, sql: """
                SELECT genreKey, CAST(genre AS BLOB) AS genre, count(*) AS albums FROM album
                WHERE genreKey != x'' GROUP BY genreKey, genre ORDER BY genreKey, albums DESC, genre
                """)
            for row in genres {
                guard let key = Data.fromDatabaseValue(row["genreKey"]), let name = Data.fromDatabaseValue(row["genre"]) else { continue }
                let genre = LibraryFacets.Genre(key: String(decoding: key, as: UTF8.self), name: String(decoding: name, as: UTF8.self))
                if facets.genres.last?.key != genre.key { facets.genres.append(genre) }
            }
            facets.decades = try Int.fetchAll(db, sql: """
                SELECT DISTINCT yearValue / 10 * 10 FROM album WHERE yearValue IS NOT NULL ORDER BY 1
                """)
            return facets
        }
    }
}
