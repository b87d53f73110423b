import Foundation
import GRDB

// MARK: - Listens

extension LibrarySchema {
    /// Schema v7. `listen` is the history: one row per listen (`Listen`), the file by its
    /// path's bytes, the time it began in seconds since 1970, what ListenBrainz is told of it,
    /// and `waiting`, whether it is in the outbox (to be sent; set only while the user is
    /// connected to ListenBrainz, cleared once the service took it). `albumPlays` keeps each
    /// album's count and last listen, written with each listen: the details and the sorts read
    /// it without counting the history. Neither is touched by undo: deleting an album and
    /// undoing it keeps its listens.
    static func addListens(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE listen (
                id INTEGER PRIMARY KEY,
                path BLOB NOT NULL,
                albumID INTEGER NOT NULL,
                listenedAt REAL NOT NULL,
                played REAL NOT NULL,
                duration REAL NOT NULL,
                artist TEXT NOT NULL,
                title TEXT NOT NULL,
                release TEXT NOT NULL,
                releaseMBID TEXT NOT NULL,
                waiting BOOLEAN NOT NULL
            );
            CREATE INDEX listen_by_path ON listen(path, listenedAt);
            CREATE INDEX listen_waiting ON listen(id) WHERE waiting;
            CREATE TABLE albumPlays (
                albumID INTEGER PRIMARY KEY,
                count INTEGER NOT NULL,
                lastPlayed REAL NOT NULL
            );
            """)
    }

    /// Schema v8. `listen.recordingMBID`: the MusicBrainz recording id the file carried when
    /// the listen counted ("" when none, and for the listens recorded before v8).
    static func addRecordingIDToListens(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE listen ADD COLUMN recordingMBID TEXT NOT NULL DEFAULT ''")
    }
}
