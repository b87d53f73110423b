import Foundation
import GRDB

// MARK: - Search, sort and filter

extension LibrarySchema {
    /// Schema v3. Each album row gets its sort keys (`AlbumSortKey`: folded title, artist and
    /// genre as blobs, the year as a number), indexed in the orders the window sorts by, and
    /// `album_search`, an FTS5 index of its search words (`SearchWords`) under the album's id.
    ///
    /// The words are made in Swift and given to FTS5 separated by single spaces; its
    /// tokenizer cuts at spaces only (every other category is a word character) and keeps
    /// what it is given (no accent removal of its own). The keys and words of the albums
    /// already there are computed once, here. (Schema v6 moves the words into a plain table:
    /// `moveSearchWordsOutOfFTS5`.)
    static func addBrowsing(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE album ADD COLUMN titleKey BLOB NOT NULL DEFAULT x'';
            ALTER TABLE album ADD COLUMN artistKey BLOB NOT NULL DEFAULT x'';
            ALTER TABLE album ADD COLUMN genreKey BLOB NOT NULL DEFAULT x'';
            ALTER TABLE album ADD COLUMN yearValue INTEGER;
            CREATE INDEX album_by_title ON album(titleKey, artistKey, id);
            CREATE INDEX album_by_artist ON album(artistKey, yearValue IS NULL, yearValue, titleKey, id);
            CREATE INDEX album_by_year ON album(yearValue IS NULL, yearValue, artistKey, titleKey, id);
            CREATE INDEX album_by_genre ON album(genreKey, genre);
            CREATE INDEX album_by_decade ON album(yearValue);
            CREATE VIRTUAL TABLE album_search USING fts5(
                words,
                tokenize = "unicode61 remove_diacritics 0 categories 'L* N* M* S* P* C* Zl Zp'",
                prefix = '1 2 3'
            );
            """)
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, CAST(title AS BLOB) AS title, CAST(artist AS BLOB) AS artist,
                   CAST(genre AS BLOB) AS genre, CAST(year AS BLOB) AS year FROM album
            """)
        var albums: [(AlbumID, Album)] = []
        while let row = try rows.next() {
            func text(_ column: String) -> String {
                Data.fromDatabaseValue(row[column]).map { String(decoding: $0, as: UTF8.self) } ?? ""
            }
            guard let id = AlbumID.fromDatabaseValue(row["id"]) else { continue }
            albums.append((id, Album(title: text("title"), artist: text("artist"), genre: text("genre"), coverUrl: "", year: text("year"))))
        }
        let update = try db.makeStatement(sql: "UPDATE album SET titleKey = ?, artistKey = ?, genreKey = ?, yearValue = ? WHERE id = ?")
        let index = try db.makeStatement(sql: "INSERT INTO album_search (rowid, words) VALUES (?, CAST(? AS TEXT))")
        for (id, album) in albums {
            try update.execute(arguments: StatementArguments(DatabaseChange.sortColumns(of: album) + [id.databaseValue]))
            try index.execute(arguments: [id, DatabaseChange.searchWords(of: album)])
        }
    }

    /// Schema v6. The search words leave the FTS5 table for a plain one, `albumWords` (the
    /// album's id, its words as v3 stored them). Since the search is matched in memory
    /// (`SearchCatalog`), nothing asked FTS5 to match: its index, a quarter of the file at
    /// 100,000 albums (46 → 34 MB), was only written at every change and read by every
    /// launch's integrity check. The rows of deleted albums come along: an undo finds them.
    static func moveSearchWordsOutOfFTS5(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE albumWords (id INTEGER PRIMARY KEY, words BLOB NOT NULL);
            INSERT INTO albumWords (id, words) SELECT rowid, CAST(words AS BLOB) FROM album_search;
            DROP TABLE album_search;
            """)
    }
}

// MARK: - Keeping the index

extension DatabaseChange {
    /// The values of the sort key columns (`titleKey`, `artistKey`, `genreKey`, `yearValue`).
    static func sortColumns(of album: Album) -> [DatabaseValue] {
        let key = AlbumSortKey(album)
        return [Data(key.title).databaseValue, Data(key.artist).databaseValue, Data(key.genre).databaseValue, key.year.databaseValue]
    }

    /// The search words of `album` as they are stored: one space between each, UTF-8.
    static func searchWords(of album: Album) -> Data {
        Data(SearchWords.words(of: album).joined(separator: " ").utf8)
    }

    /// Writes the search words of album `id`, replacing those it had. Words already there
    /// (an album brought back by undo: its deletion left its row) are not written again.
    static func index(_ album: Album, id: AlbumID, in db: Database) throws {
        let words = searchWords(of: album)
        guard try storedWords(of: id, in: db) != words else { return }
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO albumWords (id, words) VALUES (?, ?)")
            .execute(arguments: [id, words])
    }

    /// The search words stored for album `id` (one space between each); `nil` when it has none.
    static func storedWords(of id: AlbumID, in db: Database) throws -> Data? {
        try Data.fetchOne(db.cachedStatement(sql: "SELECT words FROM albumWords WHERE id = ?"), arguments: [id])
    }
}
