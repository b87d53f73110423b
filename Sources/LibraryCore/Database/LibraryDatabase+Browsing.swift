import Foundation
import GRDB

// MARK: - Search, sort and filter

extension LibraryDatabase {
    /// Runs `work` inside one read, with a reader of album entries and of their plays by id:
    /// what places the albums a change touched in the orders `BrowsingIndex` keeps.
    func readingEntries<Value>(_ work: (AlbumSort.EntryReader, AlbumSort.PlaysReader) throws -> Value) throws -> Value {
        try writer.read { db in
            let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM album WHERE id = ?")
            let plays = try db.cachedStatement(sql: "SELECT count, lastPlayed FROM albumPlays WHERE albumID = ?")
            return try work({ id in
                (try? Row.fetchOne(statement, arguments: [id])).flatMap { $0 }.flatMap(Self.entry)
            }, { id in
                (try? Row.fetchOne(plays, arguments: [id])).flatMap { $0 }.map { AlbumPlays(count: $0[0], lastPlayed: Date(timeIntervalSince1970: $0[1])) }
            })
        }
    }

    /// Every album's search words, as `albumWords` stores them (a deleted album's stay until
    /// the library rests: what is shown is only ever the albums in the library).
    func searchCatalog() throws -> SearchCatalog {
        try writer.read { db in
            let size = try Row.fetchOne(db, sql: """
                SELECT count(*), coalesce(sum(length(words)), 0), coalesce(max(id), 0) FROM albumWords
                """)
            var catalog = SearchCatalog(reservingFor: size?[0] ?? 0, wordBytes: size?[1] ?? 0, largestID: size?[2] ?? 0)
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

    /// Every album's genre and year, as its row keeps them (`AlbumSortKey`), and whether it
    /// was played (`albumPlays`).
    func filterTable() throws -> AlbumFilterTable {
        try writer.read { db in
            var table = AlbumFilterTable()
            let rows = try Row.fetchCursor(db, sql: "SELECT id, genreKey, yearValue FROM album")
            while let row = try rows.next() {
                guard let id = AlbumID.fromDatabaseValue(row[0]) else { continue }
                try row.withUnsafeData(atIndex: 1) { genre in
                    table.set(genre: genre.map { Array($0) } ?? [], year: row[2], of: id)
                }
            }
            let played = try AlbumID.fetchCursor(db, sql: "SELECT albumID FROM albumPlays")
            while let id = try played.next() { table.set(played: true, of: id) }
            return table
        }
    }

    /// Every album's id in `sort`'s order.
    func albumIDs(in sort: AlbumSort) throws -> [AlbumID] {
        try writer.read { db in
            try db.albumIDs(sort.followsPlays
                ? "SELECT id FROM album LEFT JOIN albumPlays ON albumPlays.albumID = album.id ORDER BY \(Self.orderClause(sort))"
                : "SELECT id FROM album ORDER BY \(Self.orderClause(sort))")
        }
    }

    /// The `ORDER BY` of each sort, the one `AlbumSortKey.precedes(_:in:)` and
    /// `AlbumPlays.precedes(_:in:)` mirror (ties by id). The played sorts read `albumPlays`.
    static func orderClause(_ sort: AlbumSort) -> String {
        switch sort {
        case .libraryOrder: "position, id"
        case .title: "titleKey, artistKey, id"
        case .artist: "artistKey, yearValue IS NULL, yearValue, titleKey, id"
        case .year: "yearValue IS NULL, yearValue, artistKey, titleKey, id"
        case .recentlyAdded: "id DESC"
        case .recentlyPlayed: "lastPlayed IS NULL, lastPlayed DESC, id"
        case .mostPlayed: "coalesce(count, 0) DESC, lastPlayed IS NULL, lastPlayed DESC, id"
        }
    }

    /// The genres (each with its most common spelling) and decades of the library's albums.
    ///
    /// Read again after every commit, so it steps through the indexes from one genre or decade
    /// to the next (a few lookups each) instead of counting every album: at 100,000 albums,
    /// grouping and counting them took 40 ms of a core after each deletion or undo, while GTK
    /// drew the frame showing it.
    func facets() throws -> LibraryFacets {
        try writer.read { db in
            LibraryFacets(genres: try Self.genres(db), decades: try Self.decades(db))
        }
    }

    /// Each genre key, with the spelling most of its albums use (ties: the first spelling in
    /// the index's order); the albums are counted only for a genre spelt more than one way.
    private static func genres(_ db: Database) throws -> [LibraryFacets.Genre] {
        var genres: [LibraryFacets.Genre] = []
        var key = Data()
        while let next = try Data.fetchOne(db, sql: "SELECT min(genreKey) FROM album WHERE genreKey > ?", arguments: [key]) {
            key = next
            let first = try Data.fetchOne(db, sql: "SELECT CAST(min(genre) AS BLOB) FROM album WHERE genreKey = ?", arguments: [key])
            let last = try Data.fetchOne(db, sql: "SELECT CAST(max(genre) AS BLOB) FROM album WHERE genreKey = ?", arguments: [key])
            var name = first
            if first != last {
                name = try Data.fetchOne(db, sql: """
                    SELECT CAST(genre AS BLOB) FROM album WHERE genreKey = ? GROUP BY genre ORDER BY count(*) DESC, genre LIMIT 1
                    """, arguments: [key])
            }
            guard let name else { continue }
            genres.append(LibraryFacets.Genre(key: String(decoding: key, as: UTF8.self), name: String(decoding: name, as: UTF8.self)))
        }
        return genres
    }

    /// The decades of the albums' years, oldest first: from each decade, the next year found
    /// in the index (years are never negative: `AlbumSortKey.yearValue`).
    private static func decades(_ db: Database) throws -> [Int] {
        try Int.fetchAll(db, sql: """
            WITH RECURSIVE decade(start) AS (
                SELECT min(yearValue) / 10 * 10 FROM album WHERE yearValue IS NOT NULL
                UNION ALL
                SELECT (SELECT min(yearValue) FROM album WHERE yearValue >= decade.start + 10) / 10 * 10
                FROM decade WHERE decade.start IS NOT NULL
            )
            SELECT start FROM decade WHERE start IS NOT NULL
            """)
    }
}
