import Foundation
import GRDB

// MARK: - Reading the music folders

extension LibraryDatabase {
    /// The music folders the user imported, outermost only, in path order.
    func musicFolderPaths() throws -> [MusicFilePath] {
        try writer.read { db in
            try Data.fetchAll(db, sql: "SELECT path FROM musicFolder ORDER BY path").map { MusicFilePath(bytes: [UInt8]($0)) }
        }
    }

    /// The albums made of files inside `folder` (in the library or not: the caller knows).
    func albumIDs(madeFromFilesIn folder: MusicFilePath) throws -> Set<AlbumID> {
        try writer.read { db in
            let (low, high) = DatabaseChange.range(inside: folder)
            return Set(try AlbumID.fetchAll(db, sql: """
                SELECT DISTINCT albumID FROM track WHERE (path >= ? AND path < ?) OR path = ?
                """, arguments: [low, high, Data(folder.bytes)]))
        }
    }
}

// MARK: - Albums whose files are gone

extension LibraryDatabase {
    /// The albums among `ids` that were made of files none of which is there now (an album
    /// made of no file, added by hand, is not among them).
    func albumsWithoutFiles(among ids: [AlbumID]) throws -> Set<AlbumID> {
        try writer.read { db in
            var gone: Set<AlbumID> = []
            for id in ids {
                let paths = try Data.fetchAll(db, sql: "SELECT path FROM track WHERE albumID = ?", arguments: [id])
                let isAnyThere = paths.contains { path in
                    MusicFilePath(bytes: [UInt8](path)).withCString { access($0, F_OK) } == 0
                }
                if !paths.isEmpty, !isAnyThere { gone.insert(id) }
            }
            return gone
        }
    }
}

// MARK: - Remembering and forgetting music folders

extension DatabaseChange {
    /// Remembers `folders`, outermost only: one inside a folder already remembered is not
    /// listed again, and one that holds folders already remembered takes their place.
    static func remember(_ folders: [MusicFilePath], in db: Database) throws {
        let added = Date().timeIntervalSince1970
        for folder in folders {
            let known = try Data.fetchAll(db, sql: "SELECT path FROM musicFolder").map { MusicFilePath(bytes: [UInt8]($0)) }
            guard !known.contains(where: { folder.isInside($0) }) else { continue }
            let (low, high) = range(inside: folder)
            try db.execute(sql: "DELETE FROM musicFolder WHERE path >= ? AND path < ?", arguments: [low, high])
            try db.execute(sql: "INSERT INTO musicFolder (path, added) VALUES (?, ?)", arguments: [Data(folder.bytes), added])
        }
    }

    /// Forgets `folder` (its files' rows stay: a record of what was read, not of the library).
    static func forget(_ folder: MusicFilePath, in db: Database) throws {
        try db.execute(sql: "DELETE FROM musicFolder WHERE path = ?", arguments: [Data(folder.bytes)])
    }

    /// The bounds of the paths inside `folder`: they sort between "folder/" and "folder0" ('0'
    /// follows '/').
    static func range(inside folder: MusicFilePath) -> (low: Data, high: Data) {
        let base = folder.bytes.last == UInt8(ascii: "/") ? Array(folder.bytes.dropLast()) : folder.bytes
        return (Data(base + [UInt8(ascii: "/")]), Data(base + [UInt8(ascii: "0")]))
    }
}
