import Foundation
import GRDB

// MARK: - DatabaseChange

/// One change to the library database, made in one transaction: the albums and the undo
/// history change together or not at all, so after a crash at any moment they agree.
enum DatabaseChange: Sendable {
    /// A new command: carries it out, records it, and forgets what could be redone.
    case perform(RecordedCommand)
    /// Undoes a recorded command, which becomes the next to redo.
    case undo(RecordedCommand)
    /// Redoes a recorded command, which becomes the next to undo.
    case redo(RecordedCommand)
    /// A part of a music folder import: carries out `part` (the albums it adds or updates),
    /// records the import as it now stands (`recorded`: new when `isFirst`, else rewritten),
    /// and remembers the files read.
    case importPart(RecordedCommand, part: LibraryCommand, isFirst: Bool, tracks: [StoredTrack])
    /// A part of an import that follows a change in the music folders: carries out `part`
    /// and remembers the files read, with no command in the history; the recorded commands
    /// that held the albums it rewrote are rewritten with them (`rebased`).
    case followPart(LibraryCommand, tracks: [StoredTrack], rebased: [RecordedCommand])
    /// Remembers files an import read that changed no album.
    case rememberTracks([StoredTrack])
    /// Remembers the music folders an import began to read.
    case rememberFolders([MusicFilePath])
    /// Forgets a music folder that gave no album in the library (no command: nothing to undo).
    case forgetFolder(MusicFilePath)
    /// Forgets files gone from a followed folder (their albums are made again without them).
    case forgetTracks([MusicFilePath])
    /// Adds a listen to the history (and to ListenBrainz's outbox when `waiting`), and counts
    /// it in its album's plays.
    case recordListen(Listen, waiting: Bool)
    /// Takes these listens out of ListenBrainz's outbox: the service took them.
    case markSent([Int64])
    /// Empties the history, the play counts and the outbox.
    case clearHistory

    /// Writes the change; the caller runs it inside a transaction.
    func write(_ db: Database) throws {
        switch self {
        case .perform(let recorded):
            try db.execute(sql: "DELETE FROM command WHERE undone")
            try db.execute(
                sql: "INSERT OR REPLACE INTO command (serial, undone, payload) VALUES (?, 0, ?)",
                arguments: [recorded.serial, try Self.payload(recorded.command)]
            )
            try Self.carryOut(recorded.command, forward: true, in: db)
        case .undo(let recorded):
            try Self.carryOut(recorded.command, forward: false, in: db)
            try db.execute(sql: "UPDATE command SET undone = 1 WHERE serial = ?", arguments: [recorded.serial])
        case .redo(let recorded):
            try Self.carryOut(recorded.command, forward: true, in: db)
            try db.execute(sql: "UPDATE command SET undone = 0 WHERE serial = ?", arguments: [recorded.serial])
        case .importPart(let recorded, let part, let isFirst, let tracks):
            if isFirst { try db.execute(sql: "DELETE FROM command WHERE undone") }
            try db.execute(
                sql: "INSERT OR REPLACE INTO command (serial, undone, payload) VALUES (?, 0, ?)",
                arguments: [recorded.serial, try Self.payload(recorded.command)]
            )
            try Self.carryOut(part, forward: true, in: db)
            try Self.remember(tracks, in: db)
        case .followPart(let part, let tracks, let rebased):
            try Self.carryOut(part, forward: true, in: db)
            try Self.remember(tracks, in: db)
            for recorded in rebased {
                try db.execute(sql: "UPDATE command SET payload = ? WHERE serial = ?",
                               arguments: [try Self.payload(recorded.command), recorded.serial])
            }
        case .rememberTracks(let tracks):
            try Self.remember(tracks, in: db)
        case .rememberFolders(let folders):
            try Self.remember(folders, in: db)
        case .forgetFolder(let folder):
            try Self.forget(folder, in: db)
        case .forgetTracks(let paths):
            let delete = try db.cachedStatement(sql: "DELETE FROM track WHERE path = ?")
            for path in paths { try delete.execute(arguments: [Data(path.bytes)]) }
        case .recordListen(let listen, let waiting):
            try Self.record(listen, waiting: waiting, in: db)
        case .markSent(let ids):
            let update = try db.cachedStatement(sql: "UPDATE listen SET waiting = 0 WHERE id = ?")
            for id in ids { try update.execute(arguments: [id]) }
        case .clearHistory:
            try db.execute(sql: "DELETE FROM listen; DELETE FROM albumPlays")
        }
    }

    /// Inserts, removes or rewrites the command's albums (`forward: false` undoes it).
    static func carryOut(_ command: LibraryCommand, forward: Bool, in db: Database) throws {
        if command.kind == .removeFolder, let folder = command.folder {
            try forward ? forget(folder, in: db) : remember([folder], in: db)
        }
        for change in command.changes(forward: forward) {
            switch change {
            case .insert(let entries), .replace(let entries):
                try insert(entries, in: db)
            case .remove(let entries):
                // The search rows stay until the library rests (`LibraryDatabase.tidyUp()`).
                let delete = try db.cachedStatement(sql: "DELETE FROM album WHERE id = ?")
                for entry in entries {
                    try delete.execute(arguments: [entry.id])
                }
            }
        }
    }

    /// Inserts entries with their ids, places, sort keys and search words (replacing a row of
    /// the same id).
    ///
    /// Text goes in as UTF-8 bytes cast to text: GRDB binds a `String` as a C string, which
    /// would cut it at a NUL character, and a title may hold one.
    static func insert(_ entries: [LibraryEntry], in db: Database) throws {
        let insert = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO album (id, position, title, artist, genre, coverUrl, year, folder, trackCount, duration,
                                          titleKey, artistKey, genreKey, yearValue)
            VALUES (?, ?, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), ?, ?,
                    ?, ?, ?, ?)
            """)
        for entry in entries {
            let album = entry.album
            let texts = [album.title, album.artist, album.genre, album.coverUrl, album.year].map { Data($0.utf8) }
            let source: [DatabaseValue] = [
                album.folder.map { Data($0.utf8) }.databaseValue,
                album.trackCount.databaseValue,
                album.duration.databaseValue,
            ]
            try insert.execute(arguments: StatementArguments(
                [entry.id.databaseValue, entry.key.databaseValue] + texts.map(\.databaseValue) + source + sortColumns(of: album)
            ))
            try index(album, id: entry.id, in: db)
        }
    }

    static func payload(_ command: LibraryCommand) throws -> String {
        String(decoding: try JSONEncoder().encode(command), as: UTF8.self)
    }
}
