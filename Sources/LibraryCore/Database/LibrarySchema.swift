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
