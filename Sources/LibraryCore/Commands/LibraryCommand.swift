// MARK: - LibraryCommand

/// An undoable change to the album list (the command pattern). Commands are values: they are
/// kept on the `UndoStack` and saved in `state.json`, so they outlive a relaunch.
public enum LibraryCommand: Codable, Hashable, Sendable {
    /// Removes `album`, which is at `index`.
    case delete(album: Album, index: Int)
    /// Inserts `album` at `index` (or at the end if the list is shorter).
    case add(album: Album, index: Int)

    /// The album the command is about.
    public var album: Album {
        switch self {
        case .delete(let album, _), .add(let album, _): album
        }
    }

    /// The command that undoes this one.
    public var inverse: LibraryCommand {
        switch self {
        case .delete(let album, let index): .add(album: album, index: index)
        case .add(let album, let index): .delete(album: album, index: index)
        }
    }

    // MARK: Applying

    /// Applies the command to `albums` and returns it as it was actually carried out (the
    /// real index), or `nil` when it no longer fits the list and nothing was changed.
    ///
    /// An insertion past the end goes to the end. A deletion removes the album at `index` if
    /// it is the recorded album, else the recorded album's first occurrence: the list and the
    /// history are two files, and a crash between their saves must not delete the wrong album.
    public func apply(to albums: inout [Album]) -> LibraryCommand? {
        switch self {
        case .add(let album, let index):
            let position = min(max(index, 0), albums.count)
            albums.insert(album, at: position)
            return .add(album: album, index: position)
        case .delete(let album, let index):
            let position: Int
            if albums.indices.contains(index), albums[index] == album {
                position = index
            } else if let found = albums.firstIndex(of: album) {
                position = found
            } else {
                return nil
            }
            albums.remove(at: position)
            return .delete(album: album, index: position)
        }
    }
}
