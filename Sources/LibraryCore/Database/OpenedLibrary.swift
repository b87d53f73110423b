import Foundation

// MARK: - OpenedLibrary

/// Everything the window needs from storage at start: the database, the order of the albums
/// (ids only; the albums themselves are read as the strip shows them), the undo history,
/// the memento, and what went wrong on the way.
struct OpenedLibrary: Sendable {
    let database: LibraryDatabase
    let order: [AlbumID]
    /// The albums the saved search, filter and sort show; `nil` for the whole library in
    /// the user's order (or when they could not be read).
    var shownIDs: [AlbumID]? = nil
    /// What answered `shownIDs`, with what it read kept (`nil` when nothing was asked).
    var browsingIndex: BrowsingIndex? = nil
    let history: UndoStack
    let nextAlbumID: AlbumID
    let state: AppState
    let problems: [LoadProblem]
    /// Held for as long as the library is open; `nil` when storage is unusable or in use.
    let lock: StorageLock?
    /// Another instance has this library open: this one must not use it.
    let isInUseElsewhere: Bool
    /// A newer BlueLibrary made the library: it is open for reading only, and nothing of it
    /// (`state.json` included) may be written.
    var isReadOnly: Bool { problems.contains { $0.cause == .madeByNewerVersion } }
    /// The daily backup is due (made on the commit queue, after the start).
    let isBackupDue: Bool
}
