import Foundation

// MARK: - LibraryEvent

/// What `LibraryAPI` announces to its observers (the observer pattern).
public enum LibraryEvent: Sendable {
    /// A command, a search's answer or an import's part changed the albums shown, the
    /// selection or the undo history: one event per change, posted once it is whole.
    case changed(LibraryUpdate)
    /// The genres or decades of the library changed (`LibraryAPI.facets`).
    case facetsChanged
    /// A file could not be saved; the in-memory state is kept and saved again on the next change.
    /// Sent once per run of failures: further failures are only logged until a save succeeds.
    case saveFailed(PersistenceError)
    /// A save succeeded after `saveFailed`: everything is on disk again.
    case saveRecovered
    /// A change was refused: a newer BlueLibrary made the library (`LibraryAPI.isReadOnly`).
    case changeRefused
    /// These albums' files were found gone, or back (`LibraryAPI.isMissing(_:)`).
    case missingChanged(Set<AlbumID>)
    /// These albums' plays changed (a listen, the history read at launch or cleared: `nil`,
    /// every album's).
    case playsChanged(Set<AlbumID>?)
    /// New tags in a followed folder's files replaced what the user had edited of these
    /// albums, as one undoable command (the albums as they are now).
    case editsReplacedByTags([Album])
    /// The check of the whole database after the launch found damage (`LibraryAPI.checkWholeFile()`):
    /// what to tell the user, in words; the next launch repairs it.
    case damageFound(String)
}

/// How the album list changed, so a view can update only what moved.
public enum LibraryChange: Hashable, Sendable {
    /// An album was inserted at this index.
    case inserted(Int)
    /// The album at this index was removed.
    case removed(Int)
    /// The album at this index changed in place (an edit or a new cover).
    case updated(Int)
    /// Albums were added after the last one (a part of a music folder import); the others
    /// kept their places.
    case appended(count: Int)
    /// Many albums came or went at once (an import, or its undo): show the list anew.
    case reloaded
}

// MARK: - Observation

/// Keeps an observer registered; it is removed by `cancel()` or when this is released.
public final class LibraryObservation: Sendable {
    private let onCancel: Protected<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Protected(onCancel)
    }

    /// Stops the observer; calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        cancel()
    }
}

// MARK: - ObserverRegistry

/// The observers of one `LibraryAPI`. Thread-safe, because an observation may be released on
/// any thread; events are delivered on the main actor.
final class ObserverRegistry: Sendable {
    typealias Handler = @MainActor @Sendable (LibraryEvent) -> Void

    private struct State {
        var nextID = 0
        /// In registration order.
        var handlers: [(id: Int, handler: Handler)] = []
    }

    private let state = Protected(State())

    func add(_ handler: @escaping Handler) -> LibraryObservation {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.handlers.append((state.nextID, handler))
            return state.nextID
        }
        return LibraryObservation { [weak self] in
            self?.state.withLock { $0.handlers.removeAll { $0.id == id } }
        }
    }

    /// Calls every handler registered now, in registration order.
    @MainActor
    func post(_ event: LibraryEvent) {
        let handlers = state.withLock { $0.handlers.map(\.handler) }
        for handler in handlers { handler(event) }
    }
}
