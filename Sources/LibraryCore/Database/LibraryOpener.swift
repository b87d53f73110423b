import Foundation
import GRDB

// MARK: - LibraryOpener

/// Opens the user's library as the app starts: takes the lock, checks the database, restores
/// it from its backup when damaged, and on a first run makes it from `albums.json` (an
/// earlier version's library, imported once with its undo history) or from the bundled
/// default library. Nothing is ever deleted: a damaged or imported file is renamed.
enum LibraryOpener {
    static let backupInterval: TimeInterval = 24 * 60 * 60

    /// - Parameters:
    ///   - lockWait: how long to wait for the lock while another process holds it.
    ///   - onWaitingForLock: called when the lock is found held, before the wait.
    static func open(_ locations: StorageLocations, lockWait: Duration = .zero,
                     onWaitingForLock: () -> Void = {}) -> OpenedLibrary {
        let lock: StorageLock?
        do {
            lock = try StorageLock(file: locations.lockFile, waitingUpTo: lockWait, onWaiting: onWaitingForLock)
        } catch .heldByAnotherInstance {
            return inUseElsewhere(locations)
        } catch {
            lock = nil
        }
        let stateFile = JSONDocumentFile(url: locations.stateFile, decode: AppState.decode, encode: JSONDocumentCoding.encode)
        var (state, stateProblem) = load(stateFile, locations)
        var problems = stateProblem.map { [$0] } ?? []

        if let lock, let problem = setAsideForeignJournal(locations, previousHolder: lock.previousHolder) {
            problems.append(problem)
        }
        let database: LibraryDatabase
        do {
            let (opened, problem, migrated) = try openOrCreate(locations, state: state)
            database = opened
            if let problem { problems.insert(problem, at: 0) }
            if let migrated { state.selectedAlbumID = migrated }
        } catch {
            let reason = describe(error)
            Log.core.warning("the library could not be kept in \(locations.dataFolder.path): \(reason)")
            let (albums, _) = defaultLibrary(locations)
            database = memoryDatabase(with: albums)
            problems.insert(LoadProblem(document: .library, file: locations.databaseFile, cause: .storageUnusable(reason: reason),
                                        keptAs: nil, recovery: .memoryOnly), at: 0)
        }
        do {
            let browsing = BrowsingIndex(database: database)
            return OpenedLibrary(
                database: database,
                order: try database.orderedIDs(),
                shownIDs: browsing.shownIDs(for: state.query),
                browsingIndex: browsing,
                history: try database.history(),
                nextAlbumID: try database.nextAlbumID(),
                state: state,
                problems: problems,
                lock: lock,
                isInUseElsewhere: false,
                isBackupDue: database.url != nil && !problems.contains { $0.cause == .madeByNewerVersion } && isBackupDue(locations.backupFile)
            )
        } catch {
            Log.core.warning("the library could not be read: \(error)")
            return OpenedLibrary(database: memoryDatabase(with: []), order: [], history: UndoStack(), nextAlbumID: 1, state: state,
                                 problems: problems, lock: lock, isInUseElsewhere: false, isBackupDue: false)
        }
    }

    // MARK: The database

    /// The database, checked (and migrated, after a backup), or made anew. Returns the
    /// problem to tell the user, and the selection an import of `albums.json` found.
    private static func openOrCreate(_ locations: StorageLocations, state: AppState) throws
        -> (LibraryDatabase, LoadProblem?, AlbumID?) {
        let file = locations.databaseFile
        try FileManager.default.createDirectory(at: locations.dataFolder, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: file.path) {
            // A newer version's library is shown as it is: not checked by this version's
            // rules, not migrated, backed up, renamed or written. Without a WAL beside it,
            // not even one is made (`immutable`: no other BlueLibrary writes it while this
            // one holds the lock).
            if LibrarySnapshot.isFromNewerVersion(file) {
                Log.core.warning("\(file.path) was made by a newer BlueLibrary: it is opened for reading only")
                let database = try LibraryDatabase(readingOnly: file, immutable: LibrarySnapshot.isClosed(file))
                return (database, LoadProblem(document: .library, file: file, cause: .madeByNewerVersion, keptAs: nil, recovery: .readOnly), nil)
            }
            // The tables the first frame reads, unless the last session found damage in the
            // rest of the file (`LibraryAPI.checkWholeFile()`): then all of it, so that the
            // damage is repaired as one found now.
            let damageFound = locations.damageFoundFile
            let wholeFile = FileManager.default.fileExists(atPath: damageFound.path)
            let checked = check(file, scope: wholeFile ? .wholeFile : .launchTables)
            if wholeFile { try? FileManager.default.removeItem(at: damageFound) }
            switch checked {
            case .success(let database):
                if wholeFile { Log.core.warning("\(file.path) passed its whole check this time: the damage found last time is gone") }
                try migrate(database, backup: locations.backupFile)
                return (database, nil, nil)
            case .failure(let damage):
                let reason = damage.reason
                let keptAs = keepAside(file)
                if let restored = restoreBackup(locations) {
                    return (restored, LoadProblem(document: .library, file: file, cause: .damagedDatabase(reason: reason), keptAs: keptAs, recovery: .backup), nil)
                }
                let (albums, seedProblem) = defaultLibrary(locations)
                let database = try create(file, entries: entries(albums), history: UndoStack())
                let recovery: LoadProblem.Recovery = seedProblem == nil ? .defaultLibrary : .emptyLibrary
                return (database, LoadProblem(document: .library, file: file, cause: .damagedDatabase(reason: reason), keptAs: keptAs, recovery: recovery), nil)
            }
        }
        if FileManager.default.fileExists(atPath: locations.legacyLibraryFile.path) {
            return try migrateLegacyLibrary(locations, state: state)
        }
        let (albums, problem) = defaultLibrary(locations)
        return (try create(file, entries: entries(albums), history: UndoStack()), problem, nil)
    }

    /// How much of a database `check(_:scope:open:)` checks.
    enum CheckScope {
        /// Every page (`LibraryDatabase.damage()`).
        case wholeFile
        /// The tables the first frame reads (`LibraryDatabase.damageInLaunchTables()`); the
        /// rest is checked after it (`LibraryAPI.checkWholeFile()`).
        case launchTables
    }

    /// Opens (with `open`: read-write for the app, read-only for an export) and checks an
    /// existing database; the reason, in words, when it cannot be used.
    static func check(_ file: URL, scope: CheckScope = .wholeFile,
                      open: (URL) throws -> LibraryDatabase = { try LibraryDatabase(url: $0) }) -> Result<LibraryDatabase, Damage> {
        // SQLite would take an empty file for a new database, and write to it.
        if let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber, size.intValue == 0 {
            return .failure(Damage(reason: localized("the file is empty")))
        }
        let database: LibraryDatabase
        do {
            database = try open(file)
        } catch {
            return .failure(Damage(reason: describe(error)))
        }
        if let damage = scope == .wholeFile ? database.damage() : database.damageInLaunchTables() {
            database.close()
            Log.core.warning("\(file.path) failed its integrity check: \(damage)")
            return .failure(Damage(reason: localized("its content is damaged")))
        }
        // An existing file without the library in it (emptied, or another program's).
        guard (try? database.hasSchema()) == true else {
            database.close()
            return .failure(Damage(reason: localized("it holds no library")))
        }
        return .success(database)
    }

    /// Why a database cannot be used, in words.
    struct Damage: Error {
        let reason: String
    }

    /// Brings the schema up to date, after a backup of the database as it was.
    private static func migrate(_ database: LibraryDatabase, backup: URL) throws {
        guard try database.needsMigration() else { return }
        if try database.hasSchema() { try database.backUp(to: backup) }
        try database.migrate()
    }

    /// A new database at `file`, filled, made beside it and renamed into place when complete.
    private static func create(_ file: URL, entries: [LibraryEntry], history: UndoStack) throws -> LibraryDatabase {
        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).new")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: partial.path + suffix) }
        let building = try LibraryDatabase(url: partial)
        try building.migrate()
        try building.fill(with: entries, history: history)
        building.close()
        guard rename(partial.path, file.path) == 0 else { throw PersistenceError.system("rename", file: file, errno: errno) }
        let database = try LibraryDatabase(url: file)
        try database.migrate()
        return database
    }

    /// Imports an earlier version's `albums.json` with the undo history and selection its
    /// `state.json` holds, then renames it (`albums.json.imported-<time>`). A damaged one is
    /// kept aside and the default library is used.
    private static func migrateLegacyLibrary(_ locations: StorageLocations, state: AppState) throws -> (LibraryDatabase, LoadProblem?, AlbumID?) {
        let legacyFile = JSONDocumentFile(url: locations.legacyLibraryFile, decode: AlbumList.decode, encode: AlbumList.encode)
        switch legacyFile.load() {
        case .loaded(let albums):
            let legacy = LegacyLibrary(albums: albums, state: state)
            let database = try create(locations.databaseFile, entries: legacy.entries, history: legacy.history)
            let keptAs = AtomicFile.keepAside(locations.legacyLibraryFile, suffix: "imported")
            Log.core.message("imported \(albums.count) albums from \(locations.legacyLibraryFile.path); kept as \(keptAs?.path ?? "is")")
            return (database, nil, legacy.selectedID)
        case .missing:
            let (albums, problem) = defaultLibrary(locations)
            return (try create(locations.databaseFile, entries: entries(albums), history: UndoStack()), problem, nil)
        case .damaged(let cause, let keptAs, let backup):
            let (albums, seedProblem) = backup.map { ($0, nil) } ?? defaultLibrary(locations)
            let recovery: LoadProblem.Recovery = backup != nil ? .backup : seedProblem == nil ? .defaultLibrary : .emptyLibrary
            let database = try create(locations.databaseFile, entries: entries(albums), history: UndoStack())
            return (database, LoadProblem(document: .library, file: locations.legacyLibraryFile, cause: cause, keptAs: keptAs, recovery: recovery), nil)
        }
    }

    /// The latest backup copied into place and opened, if there is a sound one.
    private static func restoreBackup(_ locations: StorageLocations) -> LibraryDatabase? {
        let backup = locations.backupFile
        guard FileManager.default.fileExists(atPath: backup.path) else { return nil }
        let file = locations.databaseFile
        do {
            try FileManager.default.copyItem(at: backup, to: file)
        } catch {
            Log.core.warning("the backup \(backup.path) could not be copied: \(error)")
            return nil
        }
        switch check(file) {
        case .success(let database):
            try? migrate(database, backup: backup)
            return database
        case .failure(let damage):
            Log.core.warning("the backup \(backup.path) is damaged too: \(damage.reason)")
            _ = keepAside(file)
            return nil
        }
    }

    /// Renames the database and its WAL files `*.corrupt-<time>`; the new name of the main file.
    private static func keepAside(_ file: URL) -> URL? {
        let keptAs = AtomicFile.keepAside(file, suffix: "corrupt")
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: file.path + suffix)
            if let keptAs, FileManager.default.fileExists(atPath: companion.path) {
                rename(companion.path, keptAs.path + suffix)
            }
        }
        Log.core.warning("\(file.path) is damaged; kept as \(keptAs?.path ?? "is")")
        return keptAs
    }

    private static func isBackupDue(_ backup: URL) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: backup.path),
              let modified = attributes[.modificationDate] as? Date else { return true }
        return Date().timeIntervalSince(modified) > backupInterval
    }

    // MARK: Fallbacks

    /// An empty library for an instance that must not touch the real one.
    private static func inUseElsewhere(_ locations: StorageLocations) -> OpenedLibrary {
        OpenedLibrary(database: memoryDatabase(with: []), order: [], history: UndoStack(), nextAlbumID: 1, state: AppState(),
                      problems: [], lock: nil, isInUseElsewhere: true, isBackupDue: false)
    }

    private static func memoryDatabase(with albums: [Album]) -> LibraryDatabase {
        // An in-memory SQLite database only fails to open when memory is exhausted.
        let database = try! LibraryDatabase(inMemory: ())
        try? database.fill(with: entries(albums))
        return database
    }

    static func entries(_ albums: [Album], firstID: AlbumID = 1) -> [LibraryEntry] {
        zip(albums, OrderKey.spread(count: albums.count)).enumerated().map { offset, pair in
            LibraryEntry(id: firstID + AlbumID(offset), key: pair.1, album: pair.0)
        }
    }

    /// The bundled default library; empty, with the reason, when it cannot be read.
    static func defaultLibrary(_ locations: StorageLocations) -> (albums: [Album], problem: LoadProblem?) {
        func unavailable(_ reason: String) -> (albums: [Album], problem: LoadProblem?) {
            Log.core.warning("the default library could not be loaded: \(reason)")
            let cause = LoadProblem.Cause.defaultLibraryUnavailable(reason: reason)
            return ([], LoadProblem(document: .library, file: locations.databaseFile, cause: cause, keptAs: nil, recovery: .emptyLibrary))
        }
        guard let url = locations.defaultLibrary else { return unavailable(localized("it was not found")) }
        do {
            return (try AlbumList.decode(try Data(contentsOf: url)), nil)
        } catch let error as DocumentDecodingError {
            return unavailable("\(url.path): \(error)")
        } catch {
            return unavailable("\(url.path): \(error.localizedDescription)")
        }
    }

    private static func load(_ file: JSONDocumentFile<AppState>, _ locations: StorageLocations) -> (AppState, LoadProblem?) {
        switch file.load() {
        case .loaded(let state):
            return (state, nil)
        case .missing:
            return (AppState(), nil)
        case .damaged(let cause, let keptAs, let backup):
            let recovery: LoadProblem.Recovery = backup == nil ? .defaultState : .backup
            return (backup ?? AppState(), LoadProblem(document: .state, file: locations.stateFile, cause: cause, keptAs: keptAs, recovery: recovery))
        }
    }

    /// Why opening failed, in words a user can read (SQLite's own are for the log).
    static func describe(_ error: any Error) -> String {
        if let error = error as? PersistenceError { return error.reason }
        guard let error = error as? DatabaseError else { return "\(error)" }
        Log.core.warning("the library database could not be opened: \(error)")
        return switch error.resultCode {
        case .SQLITE_NOTADB: localized("it is not a database")
        case .SQLITE_CORRUPT: localized("its content is damaged")
        case .SQLITE_CANTOPEN: localized("it cannot be opened")
        case .SQLITE_READONLY, .SQLITE_PERM: localized("it cannot be written")
        case .SQLITE_FULL: localized("the disk is full")
        default: error.message ?? "\(error.resultCode)"
        }
    }
}
