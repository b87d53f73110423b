// MARK: - LibraryUpdate

/// What one command or one answer of the library changed, told once it is whole: the facade
/// gathers every change a command makes and posts them as one `LibraryEvent.changed`, after
/// its own state (order, albums shown, selection, undo history) is final, so an observer
/// never reads a state in the middle of a change. A command returns the same value.
public struct LibraryUpdate: Sendable {
    /// How the list of albums shown changed, in the order it changed: applied one after the
    /// other to a view of the old list, they make the new one.
    public var albumChanges: [LibraryChange] = []
    /// Whether the selection (`selection`) may have moved.
    public var selectionChanged = false
    /// The selected album's index among those shown, once the change is whole.
    public var selection: Int?
    /// Whether `canUndo`, `canRedo` or what they name may have changed.
    public var undoStateChanged = false
    /// The albums a command added, removed or changed (as they are after it; a removed album
    /// as it was).
    public var albums: [Album] = []
    /// Of those, the albums the search or filter hides: they are in the library, only not
    /// shown, and the window says so.
    public var hidden: [Album] = []
    /// The albums that left the library, shown or not (a deletion, an undone import, a music
    /// folder removed): the player lets their tracks go. A search or filter that hides albums
    /// removes none.
    public var removedAlbums: Set<AlbumID> = []
    /// The albums whose tracks changed: an import or a followed folder gave them new or
    /// changed files, or found some of their files gone or moved.
    public var albumsWithChangedTracks: Set<AlbumID> = []

    public init() {}

    /// Whether nothing changed that an observer would show or follow.
    var isEmpty: Bool {
        albumChanges.isEmpty && !selectionChanged && !undoStateChanged && hidden.isEmpty
            && removedAlbums.isEmpty && albumsWithChangedTracks.isEmpty
    }

    /// Whether the change is one album inserted at `index` and selected there (an album put
    /// back by an undo, where the album that took its place was selected).
    public func insertsTheSelection(at index: Int) -> Bool {
        albumChanges.count == 1 && selection == index
    }
}
