// MARK: - ChangeLog

/// How many changes a database instance has written, and which albums the last of them
/// touched: what lets a reader bring what it read before up to date (the browsing index's
/// orders) instead of reading it all again.
struct ChangeLog: Sendable {
    /// How many changes the log remembers the albums of.
    static let length = 64

    /// How many changes were written.
    private(set) var count = 0
    /// The albums each of the last changes touched, oldest first, with its number.
    private var recent: [(number: Int, albums: Set<AlbumID>)] = []

    /// Counts one more change, which touched `albums` (`nil`: it may have touched any album,
    /// so nothing read before it can be brought up to date).
    mutating func record(_ albums: Set<AlbumID>?) {
        count += 1
        guard let albums else {
            recent = []
            return
        }
        recent.append((count, albums))
        if recent.count > Self.length { recent.removeFirst(recent.count - Self.length) }
    }

    /// The albums touched by the changes after the first `count` (an empty set when there are
    /// none); `nil` when the log no longer reaches back that far, or `count` is not one it
    /// gave.
    func albumsTouched(since count: Int) -> Set<AlbumID>? {
        guard count >= 0, count <= self.count else { return nil }
        guard count < self.count else { return [] }
        guard let oldest = recent.first, oldest.number <= count + 1 else { return nil }
        return recent.reduce(into: Set<AlbumID>()) { touched, change in
            if change.number > count { touched.formUnion(change.albums) }
        }
    }
}

// MARK: - DatabaseChange + albums touched

extension DatabaseChange {
    /// The albums the change inserts, removes or rewrites, or whose plays it changes; `nil`
    /// when that may be any album (the history cleared).
    var touchedAlbums: Set<AlbumID>? {
        switch self {
        case .recordListen(let listen, _): return [listen.albumID]
        case .clearHistory: return nil
        default: break
        }
        let carried: (command: LibraryCommand, forward: Bool)? = switch self {
        case .perform(let recorded), .redo(let recorded): (recorded.command, true)
        case .undo(let recorded): (recorded.command, false)
        case .importPart(_, let part, _, _), .followPart(let part, _, _): (part, true)
        case .rememberTracks, .rememberFolders, .forgetFolder, .forgetTracks, .recordListen, .markSent, .clearHistory: nil
        }
        guard let carried else { return [] }
        return Set(carried.command.changes(forward: carried.forward).flatMap { $0.entries.map(\.id) })
    }
}
