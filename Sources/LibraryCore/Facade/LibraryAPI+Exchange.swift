import Foundation

// MARK: - Import and export (the original sample's albums.json)

extension LibraryAPI {
    /// Every album in the user's order, shown or not (changes not committed yet included),
    /// read a page at a time.
    public func allAlbums() -> [Album] {
        var albums: [Album] = []
        albums.reserveCapacity(order.count)
        let half = AlbumRows.pageSize / 2
        for (index, id) in order.enumerated() {
            if let entry = rows.entry(id, page: order[max(index - half, 0)..<min(index + half, order.count)]) { albums.append(entry.album) }
        }
        return albums
    }

    /// Writes the whole library to `file` in the `albums.json` format (atomically; a link
    /// there is written through). The library is read and written off the GTK thread, from
    /// the database once every change is committed; only while saving fails (the database
    /// is behind the window) is it gathered here, a page at a time.
    public func export(to file: URL) async throws(PersistenceError) {
        persistency.flush()
        if persistency.hasUncommittedChanges {
            let albums = allAlbums()
            try await Background.run { () throws(PersistenceError) in try AlbumList.write(albums, to: file) }
            return
        }
        try await persistency.exportCommittedAlbums(to: file)
    }

    /// Reads an album list file (off the GTK thread) and adds its albums as one undoable
    /// command, and returns what changed (`nil`: the file held no album). A damaged file
    /// changes nothing; the error names the album and the key.
    @discardableResult
    public func importAlbumList(from file: URL) async throws(ImportError) -> LibraryUpdate? {
        let albums = try await Background.run { () throws(ImportError) in try AlbumList.read(file) }
        return importAlbumList(albums)
    }

    /// Writes the library at `locations` to `file` without a window: `bluelibrary --export`.
    /// A pure read (`LibrarySnapshot`): beside a running app or none, it takes no lock and
    /// creates, migrates or repairs nothing; `file` is written atomically, or not at all.
    public nonisolated static func export(_ locations: StorageLocations, to file: URL) throws(ExportError) -> Int {
        let albums = try LibrarySnapshot.albums(in: locations)
        do {
            try AlbumList.write(albums, to: file)
        } catch {
            throw .unwritable(error)
        }
        return albums.count
    }
}

// MARK: - ImportError

/// An album list file that could not be imported; nothing was changed.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: URL
    /// Why: unreadable, or what is wrong and where (the album and the key).
    public let reason: String

    public var description: String {
        localized("“%1$@” was not imported, and your library is unchanged: %2$@.", file.lastPathComponent, reason)
    }
}

/// An album list file given to the app (`bluelibrary --import FILE`).
public enum AlbumListFile {
    /// The albums of `file`, or why it cannot be imported (the album and the key).
    public static func validate(_ file: URL) throws(ImportError) -> [Album] {
        try AlbumList.read(file)
    }
}

extension AlbumList {
    /// Reads and decodes an album list file for an import.
    static func read(_ file: URL) throws(ImportError) -> [Album] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ImportError(file: file, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        do {
            return try decode(data)
        } catch {
            throw ImportError(file: file, reason: error.description)
        }
    }

    /// Writes an album list file atomically, through a link at its path.
    static func write(_ albums: [Album], to file: URL) throws(PersistenceError) {
        let data: Data
        do {
            data = try encode(albums)
        } catch {
            throw PersistenceError(file: file, operation: "encode", code: nil, reason: "\(error)")
        }
        try AtomicFile.write(data, to: file)
    }
}
