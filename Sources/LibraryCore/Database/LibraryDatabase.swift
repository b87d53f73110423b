import Foundation
import GRDB

// MARK: - LibraryDatabase

/// The library in SQLite (`library.sqlite3`): the albums in the user's order and the undo
/// history. WAL mode, so the GTK thread reads while a change commits on the commit queue.
///
/// Only the persistency layer holds one; everything above speaks `LibraryAPI`.
package final class LibraryDatabase: Sendable {
    /// The database file; `nil` for a library kept in memory only (storage unusable).
    let url: URL?
    let writer: any DatabaseWriter
    /// The changes written by this instance, and the albums the last ones touched.
    private let changes = Protected(ChangeLog())
    /// Set once `close()` has run: the upkeep then leaves the database alone.
    private let closed = Protected(false)
    /// Commits since the last checkpoint (`LibraryDatabase+Upkeep`).
    let commitsSinceCheckpoint = Protected(0)
    /// The file opened, as the system knows it (device and inode): another program may put
    /// another file at `url` while this one is open (`Replaced`).
    let identity: FileIdentity?
    /// What became of this library once its file was found replaced (`nil`: not found so yet).
    let replacement = Protected<Replaced?>(nil)

    // MARK: Opening

    /// Opens (or creates) the database at `url`, as it is: `migrate()` brings its schema up
    /// to date (the opener backs it up first).
    package init(url: URL) throws {
        var configuration = Configuration()
        configuration.label = "BlueLibrary library"
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        // FULL: each commit reaches the disk (one fsync of the WAL) before it counts as done,
        // so a change survives a power cut once committed; NORMAL, which GRDB sets on a
        // pool's writer, would lose the last commits to one (never consistency). The fsync
        // costs the commit queue well under a millisecond here, and the window never waits
        // for it (CONTRIBUTING.md, "Where your data lives"). It is set on the writer, after GRDB.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        // The WAL is checkpointed while the library rests, not inside a commit (`tidyUp()`).
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        self.url = url
        writer = pool
        identity = FileIdentity(of: url)
    }

    /// Opens the database at `url` for reading only: nothing is created, migrated or
    /// written. `immutable` (SQLite's `immutable=1`) also leaves the WAL and its index alone,
    /// for a database no other connection has open (`LibrarySnapshot` checks that).
    package init(readingOnly url: URL, immutable: Bool) throws {
        var configuration = Configuration()
        configuration.label = "BlueLibrary library, read only"
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        var address = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        address.queryItems = [URLQueryItem(name: immutable ? "immutable" : "mode", value: immutable ? "1" : "ro")]
        writer = try DatabaseQueue(path: address.string ?? url.absoluteString, configuration: configuration)
        self.url = url
        identity = nil
    }

    /// A library in memory, for a session whose storage cannot be used at all.
    init(inMemory: ()) throws {
        let queue = try DatabaseQueue()
        url = nil
        writer = queue
        identity = nil
        try LibrarySchema.migrator.migrate(queue)
    }

    /// Runs the migrations the schema has not had yet.
    func migrate() throws {
        try LibrarySchema.migrator.migrate(writer)
    }

    /// Whether the database has had any migration (else it is new and empty).
    func hasSchema() throws -> Bool {
        try writer.read { db in try !LibrarySchema.migrator.appliedMigrations(db).isEmpty }
    }

    /// Whether a newer BlueLibrary migrated the schema (a migration this version does not know).
    func isFromNewerVersion() throws -> Bool {
        try writer.read { db in try LibrarySchema.migrator.hasBeenSuperseded(db) }
    }

    /// Whether the schema needs migrations this version knows (a backup is made first).
    func needsMigration() throws -> Bool {
        try writer.read { db in
            try !LibrarySchema.migrator.hasCompletedMigrations(db)
        }
    }

    /// `PRAGMA quick_check` of the whole file: `nil` if it is sound, else what SQLite found.
    package func damage() -> String? {
        report { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
    }

    /// The tables that grow with the collection and the history rather than with the albums
    /// (ten tracks an album, a listen each time one is played): a million rows each in a
    /// large library, which the first frame does not read.
    static let tablesCheckedAfterLaunch: Set<String> = ["track", "listen"]

    /// `PRAGMA quick_check` of each table the first frame reads, with its indexes: every
    /// table but `tablesCheckedAfterLaunch`. The whole file (`damage()`) is checked after
    /// the first frame, on a reader: at 1,000,000 tracks, the whole check took 0.4 s before
    /// it, longer than the rest of the launch.
    func damageInLaunchTables() -> String? {
        report { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            var found: [String] = []
            for table in tables where !Self.tablesCheckedAfterLaunch.contains(table) {
                let answer = try String.fetchAll(db, sql: "PRAGMA quick_check(\(table.quotedDatabaseIdentifier))")
                if answer != ["ok"] { found += answer }
            }
            return found.isEmpty ? ["ok"] : found
        }
    }

    /// What an integrity check reports: `nil` for SQLite's "ok", else its first three findings
    /// (or the error that stopped it).
    private func report(_ check: (Database) throws -> [String]) -> String? {
        do {
            let report = try writer.read(check)
            return report == ["ok"] ? nil : report.prefix(3).joined(separator: "; ")
        } catch {
            return "\(error)"
        }
    }

    // MARK: Reading

    /// Every album's id, in the user's order (the strip's catalogue; no album data).
    func orderedIDs() throws -> [AlbumID] {
        try writer.read { db in try db.albumIDs("SELECT id FROM album ORDER BY position, id") }
    }

    /// The entries of the given albums (those that exist), in no particular order.
    func entries(_ ids: some Collection<AlbumID>) throws -> [LibraryEntry] {
        guard !ids.isEmpty else { return [] }
        return try writer.read { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            return try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM album WHERE id IN (\(marks))", arguments: StatementArguments(Array(ids)))
                .compactMap(Self.entry)
        }
    }

    /// Every album, in the user's order (export).
    package func allEntries() throws -> [LibraryEntry] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM album ORDER BY position, id").compactMap(Self.entry)
        }
    }

    /// The undo history as stored: commands to undo oldest first, commands to redo with the
    /// next one last. A command that no longer decodes is dropped and logged.
    package func history() throws -> UndoStack {
        try writer.read { db in
            var undo: [RecordedCommand] = []
            var redo: [RecordedCommand] = []
            for row in try Row.fetchAll(db, sql: "SELECT serial, undone, payload FROM command ORDER BY serial") {
                let serial: Int64 = row["serial"]
                guard let payload = String.fromDatabaseValue(row["payload"]),
                      let command = try? JSONDecoder().decode(LibraryCommand.self, from: Data(payload.utf8)) else {
                    Log.core.warning("an undo history entry (\(serial)) could not be read and was skipped")
                    continue
                }
                let recorded = RecordedCommand(serial: serial, command: command)
                if Bool.fromDatabaseValue(row["undone"]) == true { redo.append(recorded) } else { undo.append(recorded) }
            }
            return UndoStack(undoCommands: undo, redoCommands: redo.reversed())
        }
    }

    /// The next free album id: above every id ever given (AUTOINCREMENT's record of them).
    func nextAlbumID() throws -> AlbumID {
        try writer.read { db in
            let sequence = try AlbumID.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'album'") ?? 0
            let largest = try AlbumID.fetchOne(db, sql: "SELECT max(id) FROM album") ?? 0
            return max(sequence, largest) + 1
        }
    }

    /// An album row's columns, text read as bytes: GRDB reads text as a C string, which would
    /// cut it at a NUL character.
    static let columns = ["title", "artist", "genre", "coverUrl", "year", "folder"]
        .map { "CAST(\($0) AS BLOB) AS \($0)" }
        .joined(separator: ", ") + ", id, position, trackCount, duration"

    /// A row as an entry; a row that does not hold an album is skipped (and logged).
    static func entry(_ row: Row) -> LibraryEntry? {
        guard let id = AlbumID.fromDatabaseValue(row["id"]), let key = OrderKey.fromDatabaseValue(row["position"]) else {
            Log.core.warning("a library row without an id or a place was skipped")
            return nil
        }
        func text(_ column: String) -> String {
            Data.fromDatabaseValue(row[column]).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        let album = Album(
            title: text("title"), artist: text("artist"), genre: text("genre"), coverUrl: text("coverUrl"), year: text("year"),
            folder: Data.fromDatabaseValue(row["folder"]).map { String(decoding: $0, as: UTF8.self) },
            trackCount: Int.fromDatabaseValue(row["trackCount"]), duration: Double.fromDatabaseValue(row["duration"])
        )
        return LibraryEntry(id: id, key: key, album: album)
    }

    // MARK: Writing

    /// Makes `change` in one transaction; throws `Replaced` when another program has put
    /// another file at `url` since it was opened (nothing is written then).
    func write(_ change: DatabaseChange) throws {
        if let replaced = checkReplacement() { throw replaced }
        try writer.write { db in try change.write(db) }
        let touched = change.touchedAlbums
        changes.withLock { $0.record(touched) }
        commitsSinceCheckpoint.withLock { $0 += 1 }
        checkpointIfManyCommits()
    }

    /// How many changes this instance wrote (what was read before may be stale once it
    /// grows), and the albums those after the first `count` touched
    /// (`nil` when this instance no longer remembers them, `ChangeLog`), read together.
    func albumsTouched(since count: Int) -> (changeCount: Int, albums: Set<AlbumID>?) {
        changes.withLock { ($0.count, $0.albumsTouched(since: count)) }
    }

    /// Whether `close()` has run.
    var isClosed: Bool { closed.withLock { $0 } }


    /// Fills a new database: `entries` and the history, in one transaction.
    func fill(with entries: [LibraryEntry], history: UndoStack = UndoStack()) throws {
        try writer.write { db in
            try DatabaseChange.insert(entries, in: db)
            let undone = history.redoCommands.reversed().map { ($0, true) }
            for (recorded, isUndone) in history.undoCommands.map({ ($0, false) }) + undone {
                try db.execute(
                    sql: "INSERT INTO command (serial, undone, payload) VALUES (?, ?, ?)",
                    arguments: [recorded.serial, isUndone, try DatabaseChange.payload(recorded.command)]
                )
            }
        }
    }

    // MARK: Backup

    /// Copies the database to `destination` with SQLite's online backup, atomically: the
    /// copy is made beside it and renamed over it only once complete.
    func backUp(to destination: URL) throws {
        let partial = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        do {
            let copy = try DatabaseQueue(path: partial.path)
            try writer.backup(to: copy)
            try copy.close()
            guard rename(partial.path, destination.path) == 0 else {
                throw PersistenceError.system("rename", file: destination, errno: errno)
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// Closes the database as it is (a damaged file stays byte for byte as it was), e.g.
    /// before the file is renamed.
    package func close() {
        closed.withLock { $0 = true }
        do {
            try (writer as? DatabasePool)?.close()
            try (writer as? DatabaseQueue)?.close()
        } catch {
            Log.core.warning("the library database could not be closed: \(error)")
        }
    }

    /// Moves the WAL into the database file and empties it, then closes: what quitting does,
    /// so that `library.sqlite3` alone holds every change (a backup or sync tool may copy only
    /// it). GRDB closes a pool's writer before its readers, and a reader closing last cannot
    /// checkpoint, so closing alone would leave the WAL as it is. Returns whether the WAL is
    /// gone or empty afterwards: every change is in the database file.
    @discardableResult
    func checkpointAndClose() -> Bool {
        if let pool = writer as? DatabasePool {
            do {
                _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            } catch {
                Log.core.warning("the library's WAL could not be moved into it: \(error)")
            }
        }
        close()
        guard let url else { return false }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path + "-wal"))?[.size] as? NSNumber
        return size.map { $0.intValue == 0 } ?? true
    }
}
