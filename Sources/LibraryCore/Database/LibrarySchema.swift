import Foundation
import GRDB

// MARK: - LibrarySchema

/// The library database's schema, versioned from the first version on: each migration runs
/// once, in order, in its own transaction (GRDB's `DatabaseMigrator`). A database made by a
/// newer version (a migration this one does not know) is refused rather than damaged.
enum LibrarySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: albums in the user's order, and the undo history") { db in
            // AUTOINCREMENT: an id is never given again, so the history can name albums by id.
            try db.execute(sql: """
                CREATE TABLE album (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    position BLOB NOT NULL,
                    title TEXT NOT NULL,
                    artist TEXT NOT NULL,
                    genre TEXT NOT NULL,
                    coverUrl TEXT NOT NULL,
                    year TEXT NOT NULL
                );
                CREATE INDEX album_by_position ON album(position);
                CREATE TABLE command (
                    serial INTEGER PRIMARY KEY,
                    undone BOOLEAN NOT NULL DEFAULT 0,
                    payload TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2: albums from music folders, and the files they were read from") { db in
            // An album imported from a music folder knows its folder (a file:// URI), its
            // track count and its length; the original five columns stay as they were.
            // `track` remembers every imported file by its path (bytes), size and modification
            // time, with its tags, so importing a folder again reads only what changed. It is
            // a record of the files, not of the library: undo leaves it as it is.
            try db.execute(sql: """
                ALTER TABLE album ADD COLUMN folder TEXT;
                ALTER TABLE album ADD COLUMN trackCount INTEGER;
                ALTER TABLE album ADD COLUMN duration REAL;
                CREATE TABLE track (
                    path BLOB PRIMARY KEY,
                    albumID INTEGER NOT NULL,
                    size INTEGER NOT NULL,
                    modified INTEGER NOT NULL,
                    tags TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v3: search, sort and filter") { db in
            try LibrarySchema.addBrowsing(db)
        }
        migrator.registerMigration("v4: the tracks of an album") { db in
            // The player lists and plays an album's files: found by album, not by path.
            try db.execute(sql: "CREATE INDEX track_album ON track (albumID)")
        }
        migrator.registerMigration("v5: the music folders the user imported") { db in
            // Every folder imported is remembered (its path's bytes), outermost only: the list
            // the user owns in the Music Folders window. Libraries made before start empty;
            // importing a folder again (cheap: unchanged files are not read) lists it.
            try db.execute(sql: "CREATE TABLE musicFolder (path BLOB PRIMARY KEY, added REAL NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration("v6: the search words in a plain table") { db in
            try LibrarySchema.moveSearchWordsOutOfFTS5(db)
        }
        migrator.registerMigration("v7: what was listened to") { db in
            try LibrarySchema.addListens(db)
        }
        migrator.registerMigration("v8: the recording a listen was of") { db in
            try LibrarySchema.addRecordingIDToListens(db)
        }
        return migrator
    }
}

// MARK: - OrderKey + DatabaseValueConvertible

extension OrderKey: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { Data(bytes).databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> OrderKey? {
        Data.fromDatabaseValue(dbValue).flatMap { OrderKey(bytes: [UInt8]($0)) }
    }
}
