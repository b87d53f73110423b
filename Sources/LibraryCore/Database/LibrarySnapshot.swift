import Foundation

// MARK: - ExportError

/// Why `bluelibrary --export` wrote nothing. Its description is the message the user reads.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// There is no `library.sqlite3` in the data folder.
    case noLibrary(dataFolder: URL)
    /// The database cannot be read, or fails SQLite's check; the app repairs it at launch.
    case damaged(file: URL, reason: String)
    /// An earlier BlueLibrary made it: the app brings it up to date at launch.
    case madeByOlderVersion(file: URL)
    /// A newer BlueLibrary made it: this one does not know its shape.
    case madeByNewerVersion(file: URL)
    /// The exported file could not be written (nothing was left half written).
    case unwritable(PersistenceError)

    public var description: String {
        switch self {
        case .noLibrary(let folder):
            localized("There is no library to export: no “library.sqlite3” in %@. Nothing was written.", folder.path)
        case .damaged(let file, let reason):
            localized("The library “%1$@” cannot be read (%2$@), so nothing was exported. Opening BlueLibrary repairs it; then export again.",
                      file.path, reason)
        case .madeByOlderVersion(let file):
            localized("The library “%@” was made by an earlier version of BlueLibrary, so nothing was exported. Opening BlueLibrary brings it up to date; then export again.",
                      file.path)
        case .madeByNewerVersion(let file):
            localized("The library “%@” was made by a newer version of BlueLibrary, so nothing was exported. Export it with that version.",
                      file.path)
        case .unwritable(let error):
            error.message
        }
    }
}

// MARK: - LibrarySnapshot

/// The albums of a library as they are on disk, read without changing anything: no lock, no
/// folder or file created, no migration, no repair (`bluelibrary --export`, beside a running
/// app or none). The app does its repairs itself, in a window that tells the user.
enum LibrarySnapshot {
    /// Every album of the library at `locations`, in the user's order.
    static func albums(in locations: StorageLocations) throws(ExportError) -> [Album] {
        let file = locations.databaseFile
        guard FileManager.default.fileExists(atPath: file.path) else { throw .noLibrary(dataFolder: locations.dataFolder) }
        // A database nobody has open has no WAL beside it: it is read as it is (`immutable`),
        // since a read-only connection would otherwise leave a WAL and its index behind. If
        // the app opened it meanwhile, it is read again beside the app (the WAL is there then).
        var attempts = 0
        while true {
            attempts += 1
            let aloneBefore = isClosed(file)
            do {
                let albums = try read(file, immutable: aloneBefore)
                if !aloneBefore || isClosed(file) || attempts == 3 { return albums }
            } catch {
                // What was read as it was may have changed under the read: read it again.
                guard aloneBefore, !isClosed(file), attempts < 3 else { throw error }
            }
        }
    }

    /// Whether a newer BlueLibrary migrated the database at `file` (a migration this version
    /// does not know); `false` when it cannot tell (the opener then checks it as usual).
    static func isFromNewerVersion(_ file: URL) -> Bool {
        guard let database = try? LibraryDatabase(readingOnly: file, immutable: isClosed(file)) else { return false }
        defer { database.close() }
        return (try? database.isFromNewerVersion()) == true
    }

    /// Whether no connection has `file` open (SQLite removes the WAL and its index when the
    /// last one closes).
    static func isClosed(_ file: URL) -> Bool {
        !["-wal", "-shm"].contains { FileManager.default.fileExists(atPath: file.path + $0) }
    }

    private static func read(_ file: URL, immutable: Bool) throws(ExportError) -> [Album] {
        let database: LibraryDatabase
        switch LibraryOpener.check(file, open: { try LibraryDatabase(readingOnly: $0, immutable: immutable) }) {
        case .success(let opened): database = opened
        case .failure(let damage): throw .damaged(file: file, reason: damage.reason)
        }
        defer { database.close() }
        do {
            if try database.isFromNewerVersion() { throw ExportError.madeByNewerVersion(file: file) }
            if try database.needsMigration() { throw ExportError.madeByOlderVersion(file: file) }
            return try database.allEntries().map(\.album)
        } catch let error as ExportError {
            throw error
        } catch {
            throw .damaged(file: file, reason: LibraryOpener.describe(error))
        }
    }
}
