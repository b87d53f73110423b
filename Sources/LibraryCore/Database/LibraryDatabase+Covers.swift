import Foundation
import GRDB

// MARK: - Albums without a cover

/// An album Find Missing Covers looks up, read off the GTK thread.
struct CoverlessAlbum: Sendable {
    var id: AlbumID
    /// The MusicBrainz release id its files carry, if any.
    var releaseID: String?
}

extension LibraryDatabase {
    /// The albums with no cover, in the user's order, each with the release id its files carry.
    func coverlessAlbums() throws -> [CoverlessAlbum] {
        try writer.read { db in
            let ids = try db.albumIDs("SELECT id FROM album WHERE coverUrl = '' ORDER BY position, id")
            return try ids.map { CoverlessAlbum(id: $0, releaseID: try Self.releaseID(ofAlbum: $0, in: db)) }
        }
    }

    /// The MusicBrainz release id the files of album `id` carry (the first one found), if any.
    func releaseID(ofAlbum id: AlbumID) throws -> String? {
        try writer.read { db in try Self.releaseID(ofAlbum: id, in: db) }
    }

    private static func releaseID(ofAlbum id: AlbumID, in db: Database) throws -> String? {
        let decoder = JSONDecoder()
        let rows = try Row.fetchCursor(db, sql: "SELECT tags FROM track WHERE albumID = ?", arguments: [id])
        while let row = try rows.next() {
            guard let tags = Data.fromDatabaseValue(row["tags"]),
                  let decoded = try? decoder.decode(TrackTags.self, from: tags), !decoded.musicBrainzAlbumID.isEmpty else { continue }
            return decoded.musicBrainzAlbumID
        }
        return nil
    }
}
