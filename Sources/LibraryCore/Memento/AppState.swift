import Foundation

// MARK: - AppState

/// What the app remembers between launches besides the library (the memento, like the
/// original sample's user defaults): the selected album, the window size, the search,
/// filter and sort, what was playing and where (the play queue), shuffle, repeat and volume,
/// and the preferences. Saved as
/// `state.json`. The undo history lives in the library database, with the albums.
public struct AppState: Codable, Hashable, Sendable {
    /// The selected album, `nil` for none.
    public var selectedAlbumID: AlbumID?
    /// Its index when saved: used when the album is gone, and by files of older versions.
    public var selectedIndex: Int?
    /// The main window's size, `nil` until the window has reported one.
    public var windowSize: WindowSize?
    /// The search, filter and sort shown.
    public var query: AlbumQuery
    /// What was playing (or paused) at quit; `nil` when nothing was.
    public var playback: PlaybackMemento?
    /// Shuffle, repeat and volume.
    public var listening: ListeningSettings
    /// What the user chose in the Preferences window.
    public var preferences: Preferences
    /// The undo history a version before the database saved here; read once, when its
    /// `albums.json` is imported, and never written again.
    var legacyUndoHistory: [LegacyCommand] = []
    var legacyRedoHistory: [LegacyCommand] = []

    public init(selectedAlbumID: AlbumID? = nil, selectedIndex: Int? = nil, windowSize: WindowSize? = nil, query: AlbumQuery = AlbumQuery(),
                playback: PlaybackMemento? = nil, listening: ListeningSettings = ListeningSettings(), preferences: Preferences = Preferences()) {
        self.selectedAlbumID = selectedAlbumID
        self.selectedIndex = selectedIndex
        self.windowSize = windowSize
        self.query = query
        self.playback = playback
        self.listening = listening
        self.preferences = preferences
    }

    /// The selection to show at launch among `order`: the saved album if it is there, else
    /// the saved index clamped into the list, else the first album; `nil` when none is shown.
    func restoredSelection(in order: [AlbumID]) -> Int? {
        guard !order.isEmpty else { return nil }
        if let id = selectedAlbumID, let index = order.firstIndex(of: id) { return index }
        return min(max(selectedIndex ?? 0, 0), order.count - 1)
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case selectedAlbumID, selectedIndex, windowSize, query, playback, listening, preferences, undoHistory, redoHistory
    }

    /// Every key is optional, so a state file from an older version still loads; a key that
    /// is present with the wrong type is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        selectedAlbumID = try container.decodeIfPresent(AlbumID.self, forKey: .selectedAlbumID)
        selectedIndex = try container.decodeIfPresent(Int.self, forKey: .selectedIndex)
        windowSize = try container.decodeIfPresent(WindowSize.self, forKey: .windowSize)
        query = try container.decodeIfPresent(AlbumQuery.self, forKey: .query) ?? AlbumQuery()
        playback = try container.decodeIfPresent(PlaybackMemento.self, forKey: .playback)
        listening = try container.decodeIfPresent(ListeningSettings.self, forKey: .listening) ?? ListeningSettings()
        preferences = try container.decodeIfPresent(Preferences.self, forKey: .preferences) ?? Preferences()
        legacyUndoHistory = try container.decodeIfPresent([LegacyCommand].self, forKey: .undoHistory) ?? []
        legacyRedoHistory = try container.decodeIfPresent([LegacyCommand].self, forKey: .redoHistory) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(selectedAlbumID, forKey: .selectedAlbumID)
        try container.encodeIfPresent(selectedIndex, forKey: .selectedIndex)
        try container.encodeIfPresent(windowSize, forKey: .windowSize)
        if query != AlbumQuery() { try container.encode(query, forKey: .query) }
        try container.encodeIfPresent(playback, forKey: .playback)
        if listening != ListeningSettings() { try container.encode(listening, forKey: .listening) }
        if preferences != Preferences() { try container.encode(preferences, forKey: .preferences) }
    }

    /// Decodes `state.json`, naming the entry and key on failure.
    public static func decode(_ data: Data) throws(DocumentDecodingError) -> AppState {
        try JSONDocumentCoding.decode(AppState.self, from: data, expectedTopLevel: localized("the app’s state"))
    }
}

// MARK: - WindowSize

/// A window's size in logical pixels.
public struct WindowSize: Codable, Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// This size made no larger than `limit` (a screen's), side by side.
    public func fitting(within limit: WindowSize) -> WindowSize {
        WindowSize(width: min(width, limit.width), height: min(height, limit.height))
    }
}
