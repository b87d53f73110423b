import Foundation
import GRDB

// MARK: - Search, sort and filter

extension LibraryDatabase {
    /// The ids of the albums `query` shows, in its order (the way `BrowsingIndex` answers,
    /// in one query: at launch, with nothing read yet).
    func albumIDs(matching query: AlbumQuery) throws -> [AlbumID] {
        let (filter, arguments) = Self.conditions(query)
        let sql = "SELECT id FROM album \(filter) ORDER BY \(Self.orderClause(query.sort))"
        return try writer.read { db in
            try db.albumIDs(sql, arguments: arguments)
        }
    }

    /// The albums the saved query shows, read as the library opens (so that the first frame
    /// shows them); `nil` for the whole library, or when the query fails (logged).
    func shownIDs(for query: AlbumQuery) -> [AlbumID]? {
        guard !query.isWholeLibrary else { return nil }
        do {
            return try albumIDs(matching: query)
        } catch {
            Log.core.warning("the saved search could not be made: \(error)")
            return nil
        }
    }

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

    /// The ids of the albums the search and filters of `query` pick, in no order: the
    /// full-text index alone for a search, the genre and decade indexes for the filters.
    func filteredIDs(_ query: AlbumQuery) throws -> [AlbumID] {
        if let pattern = query.fullTextPattern, query.genre == nil, query.decade == nil {
            return try writer.read { db in
                try db.albumIDs("SELECT rowid FROM album_search WHERE album_search MATCH CAST(? AS TEXT)",
                                arguments: [Data(pattern.utf8)])
            }
        }
        let (filter, arguments) = Self.conditions(query)
        return try writer.read { db in
            try db.albumIDs("SELECT id FROM album \(filter)", arguments: arguments)
        }
    }

    /// The `WHERE` clause of `query`'s search and filters, and its arguments.
    private static func conditions(_ query: AlbumQuery) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: [DatabaseValueConvertible?] = []
        if let pattern = query.fullTextPattern {
            conditions.append("id IN (SELECT rowid FROM album_search WHERE album_search MATCH CAST(? AS TEXT))")
            arguments.append(Data(pattern.utf8))
        }
        if let genre = query.genre {
            conditions.append("genreKey = ?")
            arguments.append(Data(genre.utf8))
        }
        if let decade = query.decade {
            conditions.append("yearValue BETWEEN ? AND ?")
            arguments += [decade, decade + 9]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return (filter, StatementArguments(arguments))
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
