import Dispatch
import Foundation

// MARK: - PersistencyManager

/// The facade's gateway to what is stored, for reads as well as writes (the name is the
/// original sample's, kept for those who know it). It saves what the user does: library
/// changes go to the database (`CommitQueue`, one
/// transaction each, off the GTK thread) and the memento to `state.json` (coalesced, atomic,
/// written through links). Only `LibraryAPI` talks to it, and it is the facade's one door to
/// the database: the facade asks it for what it needs (tracks, answers, facets, an export, an
/// importer) and never holds the database itself.
///
/// Results come back on the save queues: `onCommit` after each attempt at the database,
/// `onStateSave` after each write of the state.
final class PersistencyManager: Sendable {
    let locations: StorageLocations
    /// The library's database; read here, on the commit queue and by the tests.
    let database: LibraryDatabase
    /// Answers the search, filter and sort: on the commit queue (`read`), or at once when
    /// that is cheap and current (`albumIDsAtOnce`).
    private let browsingIndex: BrowsingIndex
    private let commits: CommitQueue
    /// The reads running aside from the commit queue (`readAside`), which closing waits for:
    /// a read on a closed pool would touch freed connections.
    private let asideReads = DispatchGroup()
    /// Set once closing began: a read aside that starts after it reads nothing.
    private let isClosing = Protected(false)
    /// Set once the whole file's check started (`checkWholeFile`): once a session, however
    /// many windows ask.
    let hasCheckedWholeFile = Protected(false)
    private let stateWriter: CoalescingWriter<AppState>
    /// What the imports read music files with.
    private let tagReader: any MusicFileReader

    init(
        locations: StorageLocations,
        database: LibraryDatabase,
        browsingIndex: BrowsingIndex? = nil,
        saveDelay: Duration,
        tagReader: any MusicFileReader = TagReaderPool.shared,
        onCommit: @escaping @Sendable (CommitQueue.Outcome) -> Void,
        onStateSave: @escaping @Sendable (PersistenceError?) -> Void
    ) {
        self.locations = locations
        self.database = database
        self.tagReader = tagReader
        let index = browsingIndex ?? BrowsingIndex(database: database)
        self.browsingIndex = index
        // The orders and words kept follow each commit at once, on the commit queue: however
        // many changes come before the next search, it finds them up to date.
        commits = CommitQueue(database: database) { outcome in
            if outcome.committedThrough != nil { index.followCommits() }
            onCommit(outcome)
        }
        let stateFile = JSONDocumentFile(url: locations.stateFile, decode: AppState.decode, encode: JSONDocumentCoding.encode)
        stateWriter = CoalescingWriter(queue: DispatchQueue(label: "io.github.bluelibrary.state", qos: .utility), delay: saveDelay) { state in
            do throws(PersistenceError) {
                try stateFile.write(state)
                onStateSave(nil)
            } catch {
                Log.core.warning("\(error.logDescription)")
                onStateSave(error)
            }
        }
    }

    // MARK: Saving

    /// Commits `change` soon, after every change submitted before it.
    func submit(_ change: DatabaseChange, sequence: Int) {
        commits.submit(change, sequence: sequence)
    }

    /// Saves the state soon, off the caller's thread.
    func save(state: AppState) {
        stateWriter.submit(state)
    }

    /// Tries the changes that could not be committed again, in the background.
    func retryCommits() {
        commits.retry()
    }

    /// Commits and writes everything pending now; returns when done (or failed).
    func flush() {
        commits.flush()
        stateWriter.flush()
    }

    /// Whether library changes are not in the database yet (waiting, or failing).
    var hasUncommittedChanges: Bool { commits.hasPendingChanges }

    // MARK: Reading

    /// The ids of the albums `query` picks, in its order, read on the commit queue after every
    /// change submitted so far (as the window shows the library); `nil` when `isStillAsked`
    /// says a newer question was asked meanwhile. Handed to `then` on the main actor.
    func albumIDs(
        matching query: AlbumQuery,
        isStillAsked: @escaping @Sendable () -> Bool,
        then: @escaping @MainActor @Sendable (Result<[AlbumID]?, any Error>) -> Void
    ) {
        let index = browsingIndex
        read({ _ in isStillAsked() ? try index.albumIDs(matching: query) : nil }, then: then)
    }

    /// The ids of the albums `query` picks, in its order, read on the calling thread, when
    /// that is current and cheap: every change is committed (none waits, none is being
    /// written: only the caller submits them), and the order of the query's sort is in
    /// memory, so what is read is the full-text or filter index alone. `nil` otherwise (and on
    /// an error, logged): ask `albumIDs(matching:isStillAsked:then:)`.
    ///
    /// An answer that comes back a moment after the keystroke misses the frame that shows the
    /// key typed, and waits a whole frame more to be shown; read here, it is in that frame.
    func albumIDsAtOnce(matching query: AlbumQuery) -> [AlbumID]? {
        guard !commits.hasPendingChanges else { return nil }
        do {
            return try browsingIndex.albumIDsIfOrderKept(matching: query)
        } catch {
            Log.core.warning("the search could not be made at once: \(error)")
            return nil
        }
    }

    /// Reads, on the commit queue, every album's search words and the order of `sort`, so
    /// that the first key typed in the search is answered from memory; then the order of
    /// every other sort, and every album's genre and year, so that the first change of sort
    /// or filter is too.
    func prepareBrowsing(in sort: AlbumSort) {
        let others = AlbumSort.allCases.filter { $0 != sort }.map(BrowsingIndex.Preparation.order)
        prepare([.search(in: sort)] + others + [.filters])
    }

    /// Reads what each of `preparations` names, one per turn of the commit queue: a change
    /// submitted meanwhile is committed between them.
    private func prepare(_ preparations: [BrowsingIndex.Preparation]) {
        guard let preparation = preparations.first else { return }
        let index = browsingIndex
        commits.enqueueWhileHeld { [weak self] _ in
            do {
                try index.prepare(preparation)
            } catch {
                Log.core.warning("what the search, sort and filters keep could not be read: \(error)")
            }
            self?.prepare(Array(preparations.dropFirst()))
        }
    }

    /// What `work` reads on the commit queue, after every change submitted so far.
    func readAfterCommits<Value: Sendable>(_ work: @escaping @Sendable (LibraryDatabase) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            read(work, then: { continuation.resume(with: $0) })
        }
    }

    /// What `work` reads on a background queue of its own (what is committed; never delaying
    /// a commit).
    func readAside<Value: Sendable>(_ work: @escaping @Sendable (LibraryDatabase) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            readAside(work, then: { continuation.resume(with: $0) })
        }
    }

    /// An importer of the music in `scope` that knows the files this library has read.
    func musicImporter(scope: MusicImportScope, ownCovers: OwnCovers, pendingTracks: [MusicFilePath: StoredTrack],
                       albumsInLibrary: Set<AlbumID>, partInterval: Duration, changedFilesOnly: Bool) -> MusicImporter {
        MusicImporter(scope: scope, importedFiles: ImportedFiles(database), ownCovers: ownCovers, tagReader: tagReader,
                      pendingTracks: pendingTracks, albumsInLibrary: albumsInLibrary, partInterval: partInterval,
                      changedFilesOnly: changedFilesOnly)
    }

    /// Writes every committed album to `file` in the `albums.json` format, off the GTK thread.
    func exportCommittedAlbums(to file: URL) async throws(PersistenceError) {
        let database = database
        try await Background.run { () throws(PersistenceError) in
            let albums: [Album]
            do {
                albums = try database.allEntries().map(\.album)
            } catch {
                throw PersistenceError(database: database.url, error: error)
            }
            try AlbumList.write(albums, to: file)
        }
    }

    /// Commits what waits and stops the upkeep, for an owner that goes away without closing.
    func stopUpkeep() {
        commits.stopUpkeep()
    }

    /// Moves the WAL into the database and closes it (`LibraryDatabase.checkpointAndClose`);
    /// whether every change is in the database file now.
    func closeDatabase() -> Bool {
        // On the commit queue, so that no upkeep runs while it closes; after the reads aside.
        commits.finish { [asideReads, isClosing] database in
            isClosing.withLock { $0 = true }
            asideReads.wait()
            return database.checkpointAndClose()
        }
    }

    /// Runs `work` on the commit queue, after every change submitted so far (so it reads the
    /// library as the window shows it), and hands its result to `then` on the main actor: a
    /// `CancellationError` once the database is closed (the library closed before it came).
    private func read<Value: Sendable>(
        _ work: @escaping @Sendable (LibraryDatabase) throws -> Value,
        then: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) {
        commits.enqueue { [isClosing] database in
            guard !isClosing.withLock({ $0 }) else {
                Task { @MainActor in then(.failure(CancellationError())) }
                return
            }
            Self.answer(work, from: database, then: then)
        }
    }

    /// Runs `work` on a background queue of its own (what it reads is committed, and it never
    /// delays a commit), and hands its result to `then` on the main actor.
    func readAside<Value: Sendable>(
        _ work: @escaping @Sendable (LibraryDatabase) throws -> Value,
        then: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) {
        asideReads.enter()
        DispatchQueue.global(qos: .utility).async { [database, asideReads, isClosing] in
            defer { asideReads.leave() }
            guard !isClosing.withLock({ $0 }) else {
                Task { @MainActor in then(.failure(CancellationError())) }
                return
            }
            Self.answer(work, from: database, then: then)
        }
    }

    /// Runs `work` here and hands its result to `then` on the main actor.
    private static func answer<Value: Sendable>(
        _ work: @Sendable (LibraryDatabase) throws -> Value,
        from database: LibraryDatabase,
        then: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) {
        let result = Result { try work(database) }
        Task { @MainActor in then(result) }
    }

    /// Makes the daily backup on the commit queue, after the changes before it, of a file
    /// found sound: never a damaged copy over a sound backup (the launch checked only the
    /// tables its first frame reads).
    func backUp() {
        let backup = locations.backupFile
        commits.enqueue { database in
            if let damage = database.damage() {
                Log.core.warning("the backup \(backup.path) was not made: the library is damaged (\(damage))")
                return
            }
            do {
                try database.backUp(to: backup)
            } catch {
                Log.core.warning("the backup \(backup.path) could not be made: \(error)")
            }
        }
    }
}
