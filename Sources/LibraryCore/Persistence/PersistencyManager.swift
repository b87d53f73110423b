import Dispatch
import Foundation

// MARK: - PersistencyManager

/// Loads and saves the user's two documents: the album list (`albums.json`) and the app's
/// state (`state.json`). Only `LibraryAPI` talks to it.
///
/// Loading never fails: a damaged file is kept aside and replaced by its backup or a default,
/// and the problem is returned for the UI to show. Saving runs on a background queue,
/// coalesced and in order, and a failure reaches `onSaveError` (called on that queue).
public final class PersistencyManager: Sendable {
    private let locations: StorageLocations
    private let libraryDocument: JSONDocumentFile<[Album]>
    private let stateDocument: JSONDocumentFile<AppState>
    private let libraryWriter: CoalescingWriter<[Album]>
    private let stateWriter: CoalescingWriter<AppState>

    /// - Parameters:
    ///   - saveDelay: How long saves wait to coalesce with further changes; a crash loses at
    ///     most this much.
    ///   - librarySaveDelay: The same for the album list, when it differs (a caller that
    ///     coalesces its own saves passes `.zero`).
    ///   - onSaveError: Told about every failed save and its document, on the save queue.
    ///   - onSaveSuccess: Told which document was saved, after every successful save, on the
    ///     save queue.
    public init(
        locations: StorageLocations,
        saveDelay: Duration = .milliseconds(300),
        librarySaveDelay: Duration? = nil,
        onSaveError: @escaping @Sendable (PersistenceError, LoadProblem.Document) -> Void = { _, _ in },
        onSaveSuccess: @escaping @Sendable (LoadProblem.Document) -> Void = { _ in }
    ) {
        self.locations = locations
        let libraryDocument = JSONDocumentFile(url: locations.libraryFile, decode: AlbumList.decode, encode: AlbumList.encode)
        let stateDocument = JSONDocumentFile(url: locations.stateFile, decode: AppState.decode, encode: JSONDocumentCoding.encode)
        self.libraryDocument = libraryDocument
        self.stateDocument = stateDocument

        // One serial queue for both documents: saves are never reordered.
        let queue = DispatchQueue(label: "io.github.bluelibrary.save", qos: .utility)
        func writer<Value>(_ document: JSONDocumentFile<Value>, _ kind: LoadProblem.Document, delay: Duration) -> CoalescingWriter<Value> {
            CoalescingWriter(queue: queue, delay: delay) { value in
                do throws(PersistenceError) {
                    try document.write(value)
                    onSaveSuccess(kind)
                } catch {
                    Log.core.warning("\(error)")
                    onSaveError(error, kind)
                }
            }
        }
        libraryWriter = writer(libraryDocument, .library, delay: librarySaveDelay ?? saveDelay)
        stateWriter = writer(stateDocument, .state, delay: saveDelay)
    }

    // MARK: Loading

    /// The album list. On first run it is the default library, which is then saved.
    public func loadAlbums() -> (albums: [Album], problem: LoadProblem?) {
        switch libraryDocument.load() {
        case .loaded(let albums):
            return (albums, nil)
        case .missing:
            let seed = loadDefaultLibrary()
            // Written only when it loaded: a broken install must not leave an empty library
            // behind that a repaired one would no longer seed.
            if seed.problem == nil { libraryWriter.submit(seed.albums) }
            return seed
        case .damaged(let cause, let keptAs, let backup):
            if let backup {
                return (backup, problem(.library, cause, keptAs, .backup))
            }
            let fallback = loadDefaultLibrary()
            let recovery: LoadProblem.Recovery = fallback.problem == nil ? .defaultLibrary : .emptyLibrary
            return (fallback.albums, problem(.library, cause, keptAs, recovery))
        }
    }

    /// The saved state, or a fresh one on first run.
    public func loadState() -> (state: AppState, problem: LoadProblem?) {
        switch stateDocument.load() {
        case .loaded(let state):
            return (state, nil)
        case .missing:
            return (AppState(), nil)
        case .damaged(let cause, let keptAs, let backup):
            if let backup {
                return (backup, problem(.state, cause, keptAs, .backup))
            }
            return (AppState(), problem(.state, cause, keptAs, .defaultState))
        }
    }

    private func loadDefaultLibrary() -> (albums: [Album], problem: LoadProblem?) {
        func unavailable(_ reason: String) -> (albums: [Album], problem: LoadProblem?) {
            Log.core.warning("the default library could not be loaded: \(reason)")
            let cause = LoadProblem.Cause.defaultLibraryUnavailable(reason: reason)
            return ([], LoadProblem(document: .library, file: locations.libraryFile, cause: cause, keptAs: nil, recovery: .emptyLibrary))
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

    private func problem(
        _ document: LoadProblem.Document,
        _ cause: LoadProblem.Cause,
        _ keptAs: URL?,
        _ recovery: LoadProblem.Recovery
    ) -> LoadProblem {
        let file = document == .library ? locations.libraryFile : locations.stateFile
        return LoadProblem(document: document, file: file, cause: cause, keptAs: keptAs, recovery: recovery)
    }

    // MARK: Saving

    /// Saves the album list soon, off the caller's thread.
    public func save(albums: [Album]) {
        libraryWriter.submit(albums)
    }

    /// Saves the state soon, off the caller's thread.
    public func save(state: AppState) {
        stateWriter.submit(state)
    }

    /// Writes every pending save now and returns when both files are on disk.
    public func flush() {
        libraryWriter.flush()
        stateWriter.flush()
    }
}
