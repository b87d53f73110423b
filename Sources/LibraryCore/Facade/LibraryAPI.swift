import Foundation

// MARK: - LibraryAPI

/// The one entry point of the app's core (the facade): the album list, the selection, undo
/// and redo, covers, and saving. Views and the controller talk to `LibraryAPI.shared` only;
/// nothing else touches the persistency manager, the HTTP client or the cover store.
///
/// It lives on the main actor, the GTK thread. Changes are announced to observers
/// (`observe(_:)`) right after they happen; files are saved in the background.
@MainActor
public final class LibraryAPI {
    /// The app's library, over the user's XDG folders.
    public static let shared = LibraryAPI(locations: .standard)

    // MARK: State

    /// Every album, in display order.
    public private(set) var albums: [Album]
    /// The selected album's index; `nil` exactly when the library is empty.
    public private(set) var selectedIndex: Int?
    /// The main window's size, remembered across launches.
    public var windowSize: WindowSize? {
        didSet { if windowSize != oldValue { saveState() } }
    }
    /// What went wrong while loading (and how it was recovered), for the window's banner.
    public let loadProblems: [LoadProblem]

    private var history: UndoStack
    private let persistency: PersistencyManager
    private let saveDelay: Duration
    /// The pending save of the album list (see `scheduleLibrarySave`).
    private var librarySave: Task<Void, Never>?
    /// The documents whose last save failed: the user is told once, not at every change.
    private var failingDocuments: Set<LoadProblem.Document> = []
    private let covers: CoverStore
    private let observers = ObserverRegistry()

    // MARK: Life cycle

    /// Loads the library and state from `locations`; tests pass temporary folders.
    ///
    /// - Parameter saveDelay: How long saves wait to coalesce with further changes.
    public init(
        locations: StorageLocations,
        http: HTTPClient.Configuration = HTTPClient.Configuration(),
        saveDelay: Duration = .milliseconds(300)
    ) {
        self.saveDelay = saveDelay
        let relay = SaveResultRelay()
        persistency = PersistencyManager(
            locations: locations, saveDelay: saveDelay, librarySaveDelay: .zero,
            onSaveError: { error, document in Task { @MainActor in relay.library?.saveFailed(error, document) } },
            onSaveSuccess: { document in Task { @MainActor in relay.library?.saveSucceeded(document) } }
        )
        covers = CoverStore(directory: locations.coverDirectory, client: HTTPClient(configuration: http))

        let (albums, libraryProblem) = persistency.loadAlbums()
        let (state, stateProblem) = persistency.loadState()
        self.albums = albums
        selectedIndex = state.restoredSelection(albumCount: albums.count)
        windowSize = state.windowSize
        history = UndoStack(undoCommands: state.undoHistory, redoCommands: state.redoHistory)
        loadProblems = [libraryProblem, stateProblem].compactMap { $0 }
        relay.library = self
    }

    /// An instance that goes away (a test's, say) still writes what it has not saved yet.
    deinit {
        if librarySave != nil { persistency.save(albums: albums) }
        persistency.flush()
    }

    // MARK: Reading

    /// The album at `index`, or `nil` outside the list.
    public func album(at index: Int) -> Album? {
        albums.indices.contains(index) ? albums[index] : nil
    }

    /// The selected album, `nil` when the library is empty.
    public var selectedAlbum: Album? {
        selectedIndex.flatMap(album(at:))
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }
    /// What `undo()` would undo, e.g. to name it in a tooltip.
    public var commandToUndo: LibraryCommand? { history.undoCommands.last }
    /// What `redo()` would redo.
    public var commandToRedo: LibraryCommand? { history.redoCommands.last }

    // MARK: Selection

    /// Selects the album at `index`, clamped into the list.
    public func selectAlbum(at index: Int) {
        guard !albums.isEmpty, setSelection(min(max(index, 0), albums.count - 1)) else { return }
        saveState()
    }

    /// Changes the selection and tells the observers; `false` if it was already `index`.
    @discardableResult
    private func setSelection(_ index: Int?) -> Bool {
        guard index != selectedIndex else { return false }
        selectedIndex = index
        observers.post(.selectionChanged(index))
        return true
    }

    // MARK: Editing (undoable)

    /// Deletes the album at `index`; undo puts it back. The album that takes its place (or
    /// the new last one) becomes selected. Returns the deleted album, `nil` outside the list.
    @discardableResult
    public func deleteAlbum(at index: Int) -> Album? {
        guard let album = album(at: index) else { return nil }
        return perform(.delete(album: album, index: index), as: .newCommand)?.album
    }

    /// Inserts `album` at `index` (at the end when `nil` or past it) and selects it.
    public func addAlbum(_ album: Album, at index: Int? = nil) {
        perform(.add(album: album, index: index ?? albums.count), as: .newCommand)
    }

    /// Undoes the last command; a restored album becomes selected. Nothing to undo: no-op.
    public func undo() {
        guard let command = history.popUndo() else { return }
        if perform(command.inverse, as: .undo) == nil { historyOnlyChanged() }
    }

    /// Redoes the last undone command. Nothing to redo: no-op.
    public func redo() {
        guard let command = history.popRedo() else { return }
        if perform(command, as: .redo) == nil { historyOnlyChanged() }
    }

    private enum HistoryRole {
        case newCommand, undo, redo
    }

    /// Applies `command`, files it in the history as `role` says, updates the selection,
    /// tells the observers and schedules the saves. `nil` if the command no longer fits.
    @discardableResult
    private func perform(_ command: LibraryCommand, as role: HistoryRole) -> LibraryCommand? {
        guard let applied = command.apply(to: &albums) else {
            Log.core.warning("a command no longer fits the library and was dropped: \(command)")
            return nil
        }
        switch role {
        case .newCommand: history.record(applied)
        case .undo: history.pushRedo(applied.inverse)
        case .redo: history.pushUndo(applied)
        }

        switch applied {
        case .add(_, let index):
            observers.post(.albumsChanged(.inserted(index)))
            setSelection(index)
        case .delete(_, let index):
            observers.post(.albumsChanged(.removed(index)))
            setSelection(selection(afterRemovingAt: index))
        }
        observers.post(.undoStateChanged)
        scheduleLibrarySave()
        saveState()
        return applied
    }

    /// The selection after the album at `removed` was deleted: the same album if another was
    /// selected, else the one that took its place, else the new last one.
    private func selection(afterRemovingAt removed: Int) -> Int? {
        guard !albums.isEmpty else { return nil }
        guard let selected = selectedIndex, selected != removed else {
            return min(removed, albums.count - 1)
        }
        return selected > removed ? selected - 1 : selected
    }

    private func historyOnlyChanged() {
        observers.post(.undoStateChanged)
        saveState()
    }

    // MARK: Covers

    /// The cover at `address`: from memory, the disk cache, or the network (once). The one
    /// way covers reach a view: it awaits the answer (no event is posted).
    public func cover(for address: String) async -> Result<Data, CoverError> {
        await covers.cover(for: address)
    }

    // MARK: Saving

    /// What `state.json` holds (the memento).
    public var state: AppState {
        AppState(
            selectedIndex: selectedIndex,
            windowSize: windowSize,
            undoHistory: history.undoCommands,
            redoHistory: history.redoCommands
        )
    }

    /// Schedules saving the album list and the state.
    public func save() {
        scheduleLibrarySave()
        saveState()
    }

    /// Writes everything pending now and returns once it is on disk (at quit).
    public func flush() {
        if librarySave != nil { submitLibrarySave() }
        persistency.flush()
    }

    /// Saves the album list after `saveDelay`. The list is handed to the writer only then,
    /// on the main actor: if the writer held it from the first edit on, every further edit
    /// within the delay would copy the whole array (copy-on-write), 10 ms at 100,000 albums.
    private func scheduleLibrarySave() {
        guard librarySave == nil else { return }
        let delay = saveDelay
        librarySave = Task { @MainActor [weak self] in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            self?.submitLibrarySave()
        }
    }

    /// Tells observers when saving starts failing, and when it works again; failures in between
    /// are only logged (the user was told, and every change tries again).
    private func saveFailed(_ error: PersistenceError, _ document: LoadProblem.Document) {
        let wasSaving = failingDocuments.isEmpty
        failingDocuments.insert(document)
        if wasSaving { observers.post(.saveFailed(error)) }
    }

    private func saveSucceeded(_ document: LoadProblem.Document) {
        guard failingDocuments.remove(document) != nil, failingDocuments.isEmpty else { return }
        observers.post(.saveRecovered)
    }

    private func submitLibrarySave() {
        librarySave?.cancel()
        librarySave = nil
        persistency.save(albums: albums)
    }

    private func saveState() {
        persistency.save(state: state)
    }

    // MARK: Observing

    /// Calls `handler` on the main actor for every event until the returned observation is
    /// cancelled or released.
    public func observe(_ handler: @escaping @MainActor @Sendable (LibraryEvent) -> Void) -> LibraryObservation {
        observers.add(handler)
    }
}

// MARK: - SaveResultRelay

/// Carries save results from the save queue back to the library, without keeping it alive.
@MainActor
private final class SaveResultRelay {
    weak var library: LibraryAPI?
}
