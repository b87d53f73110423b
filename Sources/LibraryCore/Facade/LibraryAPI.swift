import Foundation

// MARK: - LibraryAPI

/// The one entry point of the app's core (the facade): the albums, the selection, undo and
/// redo, covers, import and export, and saving. Views and the controller talk to
/// `LibraryAPI.shared` only; nothing else touches the persistency manager, the database or
/// the HTTP client. The cover store is the one part it hands out (`coverStore`), for the
/// window's first covers, read off the GTK thread while the window is built.
///
/// It lives on the main actor, the GTK thread. It holds the order of the albums (their ids)
/// and reads the albums themselves as they are asked for, so a library of 100,000 albums
/// starts as fast as one of five. Each change is announced to observers (`observe(_:)`) as
/// one event once it is whole, returned by the command that made it, and committed to the
/// database in the background, one transaction per command.
@MainActor
public final class LibraryAPI {
    /// The app's library, over the user's XDG folders.
    public static let shared = LibraryAPI(locations: .standard)

    // MARK: State

    /// The album list and its order, and the ids new albums get.
    let albumOrder: AlbumOrder
    /// The undo history.
    var history: CommandHistory
    /// Numbers the changes handed to the commit queue.
    var nextSequence = 1

    /// What the window shows: the search, filter and sort, and the albums they pick
    /// (`LibraryAPI+Browsing`).
    var browsing: BrowsingState

    /// The selected album's index among those shown; `nil` exactly when none is shown.
    public internal(set) var selectedIndex: Int?
    /// The main window's size, remembered across launches.
    public var windowSize: WindowSize? {
        didSet { if windowSize != oldValue { saveState() } }
    }
    /// Files of imports not committed yet.
    var pendingTracks = PendingTracks()
    /// What plays (or is paused) and where, remembered across launches; the player keeps it.
    public var playback: PlaybackMemento? {
        didSet { if playback != oldValue { saveState() } }
    }
    /// Shuffle, repeat and volume, remembered across launches; the player keeps them.
    public var listening: ListeningSettings {
        didSet { if listening != oldValue { saveState() } }
    }
    /// What was listened to: the history, each album's plays.
    public private(set) lazy var listenHistory = ListenHistory(persistency: persistency, observers: observers, isReadOnly: isReadOnly) { [weak self] in self?.submitAlone($0) }
    /// What the user chose in the Preferences window, remembered across launches.
    public var preferences: Preferences {
        didSet { if preferences != oldValue { saveState() } }
    }
    /// What went wrong while loading (and how it was recovered), for the window's problem dialog.
    public let loadProblems: [LoadProblem]
    /// Another BlueLibrary has this library open; this instance shows nothing and quits.
    public let isInUseElsewhere: Bool
    /// A newer BlueLibrary made this library: it is shown as it is, and every change is
    /// refused (`LibraryEvent.changeRefused`); nothing is written, `state.json` included.
    public let isReadOnly: Bool

    let persistency: PersistencyManager
    private var lock: StorageLock?
    nonisolated let covers: CoverStore
    /// Finds covers online (MusicBrainz and the Cover Art Archive).
    let coverLookup: CoverLookup
    package let ownCovers: OwnCovers
    let observers = ObserverRegistry()
    /// What the change under way has changed so far (`announcing(_:)`), posted as one event
    /// once it is whole.
    var gathering: LibraryUpdate?
    /// Whether the last commit failed, and whether the last state save did: the user is told
    /// once when saving starts failing, and once when it works again.
    var isCommitFailing = false
    /// How often an import hands over the albums it found (tests make it hand over each chunk).
    var musicImportPartInterval: Duration = .milliseconds(250)
    /// Music imports, run one at a time.
    let imports = SerialImports()
    /// Keeps the library in step with the music folders, once `followMusicFolders()` started it.
    public internal(set) var follower: MusicFolderFollower?
    /// Albums none of whose files was there when their folder was last looked at.
    var missingAlbums = MissingAlbums()
    var isStateSaveFailing = false
    /// Counts the questions asked of the database about what to show: an answer to an older
    /// one is dropped, and the commit queue skips questions asked again since.
    let askedGeneration = Protected(0)

    // MARK: Life cycle

    /// Opens the library at `locations` (taking the opening `LibraryPreload` started, if
    /// any); tests pass temporary folders.
    ///
    /// - Parameters:
    ///   - lookupServices: Where covers are looked up online (the environment may name mirrors).
    ///   - saveDelay: How long state saves wait to coalesce with further changes.
    ///   - tagReader: The helpers that read music files for imports (the tests' faulty ones).
    public init(
        locations: StorageLocations,
        http: HTTPClient.Configuration = HTTPClient.Configuration(),
        lookupServices: CoverLookupServices = .fromEnvironment(),
        saveDelay: Duration = .milliseconds(300),
        tagReader: any MusicFileReader = TagReaderPool.shared
    ) {
        let opened = LibraryPreload.take(locations)
        let tagReader = tagReader.remembering(failuresIn: locations.unreadableFilesFile)
        let relay = SaveResultRelay()
        persistency = PersistencyManager(
            locations: locations, database: opened.database, browsingIndex: opened.browsingIndex, saveDelay: saveDelay, tagReader: tagReader,
            onCommit: { outcome in Task { @MainActor in relay.library?.commitFinished(outcome) } },
            onStateSave: { error in Task { @MainActor in relay.library?.stateSaveFinished(error) } }
        )
        ownCovers = OwnCovers(directory: locations.ownCoverDirectory)
        let coverClient = HTTPClient(configuration: http)
        covers = CoverStore(directory: locations.coverDirectory, client: coverClient, ownCovers: ownCovers)
        coverLookup = CoverLookup(
            services: lookupServices, archive: coverClient,
            searchConfiguration: CoverLookup.searchConfiguration(from: http), cacheDirectory: locations.lookupDirectory
        )
        albumOrder = AlbumOrder(ids: opened.order, rows: AlbumRows(database: opened.database), nextID: opened.nextAlbumID)
        history = CommandHistory(opened.history)
        lock = opened.lock
        isInUseElsewhere = opened.isInUseElsewhere
        isReadOnly = opened.isReadOnly
        loadProblems = opened.problems
        windowSize = opened.state.windowSize
        playback = opened.state.playback
        listening = opened.state.listening
        preferences = opened.state.preferences
        browsing = BrowsingState(query: opened.shownIDs == nil ? AlbumQuery() : opened.state.query, shownIDs: opened.shownIDs)
        browsing.heldSelection = opened.state.selectedAlbumID
        selectedIndex = opened.state.restoredSelection(in: opened.shownIDs ?? opened.order)
        if let selectedIndex { browsing.heldSelection = (opened.shownIDs ?? opened.order)[selectedIndex] }
        relay.library = self
        if opened.isBackupDue { persistency.backUp() }
        refreshFacets()
        listenHistory.read()
    }

    /// An instance that goes away (a test's, say) still saves what it has not saved yet.
    deinit {
        persistency.flush()
        persistency.stopUpkeep()  // before the lock goes: no upkeep may write after it
    }

    /// Saves everything and lets go of the library: moves the WAL into `library.sqlite3` and
    /// empties it (so the file alone holds every change, for a backup or sync tool that copies
    /// only it), closes the database and drops its lock, so that another instance may open
    /// it. What quitting does; tests also relaunch within one process with it.
    public func close() {
        follower = nil
        listenHistory.outbox.stop()
        persistency.flush()
        let isEmptied = persistency.closeDatabase()
        if isReadOnly {
            lock?.restorePreviousRecord()
        } else if isEmptied {
            lock?.recordCleanClose()
        }
        lock = nil
    }

    /// In a newer version's library (`isReadOnly`): makes the folder of a separate library
    /// for this version (`StorageLocations.separateLibrary`), which the next start opens and
    /// fills as a first run does. Nothing of this library is moved, deleted or written.
    /// Returns whether the folder is there.
    public func startSeparateLibrary() -> Bool {
        isReadOnly && persistency.locations.makeSeparateLibraryFolder()
    }

    /// Checks every page of the database in the background (the window asks once its first
    /// frame is painted; the launch checked only the tables it reads): damage found is told
    /// (`LibraryEvent.damageFound`), and repaired at the next launch (`DamageFoundAfterLaunch`).
    public func checkWholeFile() {
        guard !isReadOnly else { return }  // a newer version's library is left as it is
        persistency.checkWholeFile { [weak self] message in self?.observers.post(.damageFound(message)) }
    }

    /// The folder the library lives in (`$XDG_DATA_HOME/bluelibrary`).
    public var dataFolder: URL { persistency.locations.dataFolder }

    // MARK: Reading

    /// Every album's id, in the user's order.
    var order: [AlbumID] { albumOrder.ids }
    /// The albums read so far, and those not committed yet.
    var rows: AlbumRows { albumOrder.rows }

    /// How many albums are shown (all of the library's, unless a search or filter is on).
    public var count: Int { shownIDs.count }

    /// How many albums the library holds, shown or not.
    public var libraryCount: Int { order.count }

    /// The album shown at `index`, or `nil` outside the list.
    public func album(at index: Int) -> Album? {
        entry(at: index)?.album
    }

    /// The selected album, `nil` when the library is empty.
    public var selectedAlbum: Album? {
        selectedIndex.flatMap(album(at:))
    }

    /// The identity of the album at `index`, which stays with it as others come and go.
    public func albumID(at index: Int) -> AlbumID? {
        let shown = shownIDs
        return shown.indices.contains(index) ? shown[index] : nil
    }

    /// Where the album `id` is shown now; `nil` if it is hidden or no longer in the library.
    public func index(of id: AlbumID) -> Int? {
        shownIDs.firstIndex(of: id)
    }

    /// The entry shown at `index`; a miss reads the albums around it too (the strip's next asks).
    func entry(at index: Int) -> LibraryEntry? {
        let shown = shownIDs
        guard shown.indices.contains(index) else { return nil }
        let half = AlbumRows.pageSize / 2
        return rows.entry(shown[index], page: shown[max(index - half, 0)..<min(index + half, shown.count)])
    }

    /// The place of album `id` in the order.
    func key(of id: AlbumID) -> OrderKey? {
        albumOrder.key(of: id)
    }

    public var canUndo: Bool { history.canUndo && !isReadOnly }
    public var canRedo: Bool { history.canRedo && !isReadOnly }
    /// What `undo()` would undo, e.g. to name it in a tooltip.
    public var commandToUndo: LibraryCommand? { history.commandToUndo }
    /// What `redo()` would redo.
    public var commandToRedo: LibraryCommand? { history.commandToRedo }

    // MARK: Selection

    /// Selects the album shown at `index`, clamped into the list.
    public func selectAlbum(at index: Int) {
        guard count > 0, setSelection(min(max(index, 0), count - 1)) else { return }
        saveState()
    }

    /// Selects album `id` where it is shown; when the search or a filter hides it, it is the
    /// album selected once they show it again (the search closed). Nothing for an album not
    /// in the library.
    public func selectAlbum(withID id: AlbumID) {
        if let index = index(of: id) { return selectAlbum(at: index) }
        guard contains(albumID: id) else { return }
        browsing.heldSelection = id
    }

    /// Changes the selection and tells the observers; `false` if it was already `index`.
    @discardableResult
    func setSelection(_ index: Int?) -> Bool {
        guard index != selectedIndex else { return false }
        selectedIndex = index
        if let index { browsing.heldSelection = shownIDs[index] }
        announce { $0.selectionChanged = true }
        return true
    }

    // MARK: Observing

    /// Calls `handler` on the main actor for every event until the returned observation is
    /// cancelled or released.
    public func observe(_ handler: @escaping @MainActor @Sendable (LibraryEvent) -> Void) -> LibraryObservation {
        observers.add(handler)
    }
}

// MARK: - SaveResultRelay

/// Carries save results from the save queues back to the library, without keeping it alive.
@MainActor
final class SaveResultRelay {
    weak var library: LibraryAPI?
}
