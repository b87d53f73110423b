import Foundation
import GRDB

// MARK: - WaitingListen

/// A listen in ListenBrainz's outbox: its row, and what is sent of it.
public struct WaitingListen: Hashable, Sendable {
    /// The row's id: the outbox is sent in this order (oldest first).
    public var id: Int64
    public var listen: Listen
    /// The MusicBrainz ids the file carried when the listen counted.
    public var musicBrainzIDs: ListenMusicBrainzIDs
}

// MARK: - ListenMusicBrainzIDs

/// The MusicBrainz ids a listened file carries, as its tags say them ("" when absent; not
/// checked: what is sent keeps only real ids).
public struct ListenMusicBrainzIDs: Hashable, Sendable {
    /// The release (the album).
    public var release: String
    /// The recording (Picard's "MusicBrainz Track Id").
    public var recording: String

    public init(release: String = "", recording: String = "") {
        self.release = release
        self.recording = recording
    }
}

// MARK: - Recording listens

extension DatabaseChange {
    /// Adds `listen` to the history, with the MusicBrainz ids its file carries, and counts it
    /// in its album's plays.
    static func record(_ listen: Listen, waiting: Bool, in db: Database) throws {
        let path = Data(listen.path.bytes)
        let tags = try Data.fetchOne(db.cachedStatement(sql: "SELECT tags FROM track WHERE path = ?"), arguments: [path])
            .flatMap { try? JSONDecoder().decode(TrackTags.self, from: $0) }
        try db.cachedStatement(sql: """
            INSERT INTO listen (path, albumID, listenedAt, played, duration, artist, title, release,
                                releaseMBID, recordingMBID, waiting)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                path, listen.albumID, listen.listenedAt.timeIntervalSince1970, listen.played, listen.duration,
                listen.artist, listen.title, listen.release,
                tags?.musicBrainzAlbumID ?? "", tags?.musicBrainzRecordingID ?? "", waiting,
            ])
        try db.cachedStatement(sql: """
            INSERT INTO albumPlays (albumID, count, lastPlayed) VALUES (?, 1, ?)
            ON CONFLICT (albumID) DO UPDATE SET count = count + 1, lastPlayed = max(lastPlayed, excluded.lastPlayed)
            """).execute(arguments: [listen.albumID, listen.listenedAt.timeIntervalSince1970])
    }
}

// MARK: - Reading the history

extension LibraryDatabase {
    /// Every album's plays (albums never listened to have none).
    func albumPlays() throws -> [AlbumID: AlbumPlays] {
        try writer.read { db in
            var plays: [AlbumID: AlbumPlays] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT albumID, count, lastPlayed FROM albumPlays")
            while let row = try rows.next() {
                plays[row[0]] = AlbumPlays(count: row[1], lastPlayed: Date(timeIntervalSince1970: row[2]))
            }
            return plays
        }
    }

    /// How often each of the files `paths` was listened to, and when last; a file never
    /// listened to has no entry. One look-up in `listen_by_path` per file.
    func plays(ofTracksAt paths: [MusicFilePath]) throws -> [MusicFilePath: AlbumPlays] {
        try writer.read { db in
            let statement = try db.cachedStatement(sql: "SELECT count(*), max(listenedAt) FROM listen WHERE path = ?")
            var plays: [MusicFilePath: AlbumPlays] = [:]
            for path in paths {
                guard let row = try Row.fetchOne(statement, arguments: [Data(path.bytes)]), let count: Int = row[0], count > 0,
                      let last: Double = row[1] else { continue }
                plays[path] = AlbumPlays(count: count, lastPlayed: Date(timeIntervalSince1970: last))
            }
            return plays
        }
    }

    /// Every listen of the history, oldest first.
    package func listens() throws -> [Listen] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM listen ORDER BY id").map { Self.listen($0) }
        }
    }

    // MARK: The outbox

    /// The oldest `limit` listens waiting to be sent.
    package func waitingListens(limit: Int) throws -> [WaitingListen] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM listen WHERE waiting ORDER BY id LIMIT ?", arguments: [limit]).map { row in
                WaitingListen(id: row["id"], listen: Self.listen(row),
                              musicBrainzIDs: ListenMusicBrainzIDs(release: row["releaseMBID"], recording: row["recordingMBID"]))
            }
        }
    }

    /// How many listens wait to be sent.
    package func waitingListenCount() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM listen WHERE waiting") ?? 0 }
    }

    /// Takes the listens `ids` out of the outbox (the service took them), in one transaction,
    /// as every write is made: nothing once another program replaced the file (`Replaced`).
    func markSent(_ ids: [Int64]) throws {
        try write(.markSent(ids))
    }

    private static func listen(_ row: Row) -> Listen {
        let path: Data = row["path"] ?? Data()
        return Listen(
            path: MusicFilePath(bytes: [UInt8](path)), albumID: row["albumID"], listenedAt: Date(timeIntervalSince1970: row["listenedAt"]),
            played: row["played"], duration: row["duration"], artist: row["artist"], title: row["title"], release: row["release"]
        )
    }
}
