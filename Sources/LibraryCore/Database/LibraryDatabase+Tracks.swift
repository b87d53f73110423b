import Foundation
import GRDB

// MARK: - StoredTrack

/// An imported audio file as the library remembers it: when it was read, what its tags said,
/// and the album made of it.
struct StoredTrack: Sendable {
    var stamp: FileStamp
    var albumID: AlbumID
    var tags: TrackTags
}

// MARK: - Reading the files of earlier imports

extension LibraryDatabase {
    /// The files earlier imports read inside `roots` (folders or files), by path.
    func storedTracks(under roots: [MusicFilePath]) throws -> [MusicFilePath: StoredTrack] {
        try writer.read { db in
            var tracks: [MusicFilePath: StoredTrack] = [:]
            let decoder = JSONDecoder()
            for root in roots {
                // Paths inside the folder sort between "root/" and "root0" ('0' follows '/').
                let low = Data(root.bytes + [UInt8(ascii: "/")])
                let high = Data(root.bytes + [UInt8(ascii: "0")])
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT path, albumID, size, modified, tags FROM track WHERE (path >= ? AND path < ?) OR path = ?
                    """, arguments: [low, high, Data(root.bytes)])
                while let row = try rows.next() {
                    guard let track = Self.storedTrack(row, decoder: decoder) else { continue }
                    tracks[track.stamp.path] = track
                }
            }
            return tracks
        }
    }

    /// The files earlier imports read of the albums `ids` whose path `isIncluded` (only
    /// those have their tags decoded), by path.
    func storedTracks(ofAlbums ids: Set<AlbumID>, where isIncluded: (MusicFilePath) -> Bool) throws -> [MusicFilePath: StoredTrack] {
        guard !ids.isEmpty else { return [:] }
        return try writer.read { db in
            var tracks: [MusicFilePath: StoredTrack] = [:]
            let decoder = JSONDecoder()
            for chunk in Array(ids).chunked(by: 500) {
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let rows = try Row.fetchCursor(db, sql: "SELECT path, albumID, size, modified, tags FROM track WHERE albumID IN (\(placeholders))",
                                               arguments: StatementArguments(Array(chunk)))
                while let row = try rows.next() {
                    guard let path = Data.fromDatabaseValue(row["path"]), isIncluded(MusicFilePath(bytes: [UInt8](path))),
                          let track = Self.storedTrack(row, decoder: decoder) else { continue }
                    tracks[track.stamp.path] = track
                }
            }
            return tracks
        }
    }

    /// A `track` row (path, albumID, size, modified, tags) as the importer remembers it.
    private static func storedTrack(_ row: Row, decoder: JSONDecoder) -> StoredTrack? {
        guard let path = Data.fromDatabaseValue(row["path"]), let tags = Data.fromDatabaseValue(row["tags"]),
              let decoded = try? decoder.decode(TrackTags.self, from: tags) else { return nil }
        let file = MusicFilePath(bytes: [UInt8](path))
        return StoredTrack(stamp: FileStamp(path: file, size: row["size"], modified: row["modified"]), albumID: row["albumID"], tags: decoded)
    }

    /// The album of the imported file at `path`; nil when the library has no such file.
    func albumID(ofTrackAt path: MusicFilePath) throws -> AlbumID? {
        try writer.read { db in
            try AlbumID.fetchOne(db, sql: "SELECT albumID FROM track WHERE path = ?", arguments: [Data(path.bytes)])
        }
    }

    /// The files of the album `id`, in no order.
    func tracks(ofAlbum id: AlbumID) throws -> [Track] {
        try writer.read { db in
            let decoder = JSONDecoder()
            let rows = try Row.fetchAll(db, sql: "SELECT path, tags FROM track WHERE albumID = ?", arguments: [id])
            return rows.compactMap { row -> Track? in
                guard let path = Data.fromDatabaseValue(row["path"]), let tags = Data.fromDatabaseValue(row["tags"]),
                      let decoded = try? decoder.decode(TrackTags.self, from: tags) else { return nil }
                return Track(path: MusicFilePath(bytes: [UInt8](path)), tags: decoded)
            }
        }
    }

    /// Every album with music files, and how many tracks it has: what Play All plays.
    func playableTrackCounts() throws -> [AlbumID: Int] {
        try writer.read { db in
            var counts: [AlbumID: Int] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, trackCount FROM album WHERE folder IS NOT NULL AND trackCount > 0")
            while let row = try rows.next() {
                counts[row[0]] = row[1]
            }
            return counts
        }
    }

    /// The albums among `ids` still in the library, with their cover addresses.
    func existingAlbumCovers(among ids: Set<AlbumID>) throws -> [AlbumID: String] {
        guard !ids.isEmpty else { return [:] }
        return try writer.read { db in
            var covers: [AlbumID: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, CAST(coverUrl AS BLOB) AS coverUrl FROM album") {
                guard let id = AlbumID.fromDatabaseValue(row["id"]), ids.contains(id) else { continue }
                covers[id] = Data.fromDatabaseValue(row["coverUrl"]).map { String(decoding: $0, as: UTF8.self) } ?? ""
            }
            return covers
        }
    }
}

// MARK: - Remembering files

extension DatabaseChange {
    /// Writes (or rewrites) the rows of files an import read.
    static func remember(_ tracks: [StoredTrack], in db: Database) throws {
        let upsert = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO track (path, albumID, size, modified, tags) VALUES (?, ?, ?, ?, CAST(? AS TEXT))
            """)
        let encoder = JSONEncoder()
        for track in tracks {
            try upsert.execute(arguments: [
                Data(track.stamp.path.bytes), track.albumID, track.stamp.size, track.stamp.modified,
                try encoder.encode(track.tags),
            ])
        }
    }
}
