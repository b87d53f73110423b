import Foundation

// MARK: - AppState

/// What the app remembers between launches besides the album list (the memento): the
/// selected album, the window size and the undo history. Saved as `state.json`.
public struct AppState: Codable, Hashable, Sendable {
    /// The selected album's index, `nil` for none.
    public var selectedIndex: Int?
    /// The main window's size, `nil` until the window has reported one.
    public var windowSize: WindowSize?
    /// Commands that can be undone, oldest first.
    public var undoHistory: [LibraryCommand]
    /// Commands that can be redone, the next one last.
    public var redoHistory: [LibraryCommand]

    public init(
        selectedIndex: Int? = nil,
        windowSize: WindowSize? = nil,
        undoHistory: [LibraryCommand] = [],
        redoHistory: [LibraryCommand] = []
    ) {
        self.selectedIndex = selectedIndex
        self.windowSize = windowSize
        self.undoHistory = undoHistory
        self.redoHistory = redoHistory
    }

    // MARK: Restoring

    /// The selection to restore for a list of `albumCount` albums: the saved index clamped
    /// into the list, the first album if none was saved, and `nil` for an empty list.
    public func restoredSelection(albumCount: Int) -> Int? {
        guard albumCount > 0 else { return nil }
        return min(max(selectedIndex ?? 0, 0), albumCount - 1)
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case selectedIndex, windowSize, undoHistory, redoHistory
    }

    /// Every key is optional, so a state file from an older version still loads; a key that
    /// is present with the wrong type is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        selectedIndex = try container.decodeIfPresent(Int.self, forKey: .selectedIndex)
        windowSize = try container.decodeIfPresent(WindowSize.self, forKey: .windowSize)
        undoHistory = try container.decodeIfPresent([LibraryCommand].self, forKey: .undoHistory) ?? []
        redoHistory = try container.decodeIfPresent([LibraryCommand].self, forKey: .redoHistory) ?? []
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
