// MARK: - Import state

/// What one import has done so far, on the main actor.
struct MusicImportState {
    /// Whether the import is a command the user can undo (not one following a folder).
    var isCommand = true
    /// The import's command, once it changed something.
    var serial: Int64?
    /// The album each group of tracks became.
    var ids: [AlbumGroupKey: AlbumID] = [:]
    /// The albums of the library some group became.
    var claimed: Set<AlbumID> = []
    var added: Set<AlbumID> = []
    var updated: Set<AlbumID> = []
    /// The first album added or updated.
    var first: AlbumID?
}

/// What one part of an import changes in the library.
struct ImportPartChange {
    var added: [(id: AlbumID, album: Album)] = []
    var replaced: [LibraryEntry] = []
    var previous: [LibraryEntry] = []
    var tracks: [StoredTrack] = []
    /// Albums whose files' new tags replace the user's edit (a followed folder's change): made
    /// one undoable command, as they become and as they were.
    var retagged: [(updated: LibraryEntry, current: LibraryEntry)] = []
}
