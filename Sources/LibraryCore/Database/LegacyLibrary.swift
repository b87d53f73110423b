// MARK: - LegacyCommand

/// A command as versions before the database saved it in `state.json`: the album and its
/// index, e.g. `{"delete": {"album": {…}, "index": 3}}`.
enum LegacyCommand: Codable, Hashable, Sendable {
    case delete(album: Album, index: Int)
    case add(album: Album, index: Int)
}

// MARK: - LegacyLibrary

/// The library of a version before the database (`albums.json`, and the undo history and
/// selection in `state.json`), turned into database entries and recorded commands.
///
/// Those commands named albums by index. Each is replayed on a copy of the list (undo
/// commands backwards from the current list, redo commands forwards from it) to find the
/// album it is about and the place it goes back to.
struct LegacyLibrary {
    let entries: [LibraryEntry]
    let history: UndoStack
    /// The selected album's id, from the saved index.
    let selectedID: AlbumID?
    let nextAlbumID: AlbumID

    init(albums: [Album], state: AppState) {
        var nextID: AlbumID = 1
        func newID() -> AlbumID {
            defer { nextID += 1 }
            return nextID
        }
        let keys = OrderKey.spread(count: albums.count)
        let current = zip(albums, keys).map { LibraryEntry(id: newID(), key: $1, album: $0) }
        entries = current
        selectedID = state.selectedIndex.flatMap { current.indices.contains($0) ? current[$0].id : nil }

        // Undo: from the newest command back, on a list that goes back in time.
        var list = current
        var undo: [LibraryCommand] = []
        for legacy in state.legacyUndoHistory.reversed() {
            switch legacy {
            case .delete(let album, let index):  // undoing it puts the album back at index
                let entry = Self.insert(album, at: index, into: &list, id: newID())
                undo.append(LibraryCommand(kind: .delete, entries: [entry]))
            case .add(let album, let index):  // undoing it takes the album out
                guard let entry = Self.remove(album, near: index, from: &list) else { continue }
                undo.append(LibraryCommand(kind: .add, entries: [entry]))
            }
        }
        // Redo: from the next command on, on a list that goes forward.
        list = current
        var redo: [LibraryCommand] = []
        for legacy in state.legacyRedoHistory.reversed() {
            switch legacy {
            case .delete(let album, let index):
                guard let entry = Self.remove(album, near: index, from: &list) else { continue }
                redo.append(LibraryCommand(kind: .delete, entries: [entry]))
            case .add(let album, let index):
                let entry = Self.insert(album, at: index, into: &list, id: newID())
                redo.append(LibraryCommand(kind: .add, entries: [entry]))
            }
        }
        // Serials: every command to undo before every command to redo (the next one first).
        var serial: Int64 = 0
        func recorded(_ command: LibraryCommand) -> RecordedCommand {
            serial += 1
            return RecordedCommand(serial: serial, command: command)
        }
        let undoRecorded = undo.reversed().map(recorded)
        let redoRecorded = redo.map(recorded)
        history = UndoStack(undoCommands: undoRecorded, redoCommands: redoRecorded.reversed())
        nextAlbumID = nextID
    }

    private static func insert(_ album: Album, at index: Int, into list: inout [LibraryEntry], id: AlbumID) -> LibraryEntry {
        let position = min(max(index, 0), list.count)
        let key = OrderKey.between(position > 0 ? list[position - 1].key : nil, position < list.count ? list[position].key : nil)
        let entry = LibraryEntry(id: id, key: key, album: album)
        list.insert(entry, at: position)
        return entry
    }

    /// The album at `index` if it is the one named, else its first occurrence.
    private static func remove(_ album: Album, near index: Int, from list: inout [LibraryEntry]) -> LibraryEntry? {
        let position = list.indices.contains(index) && list[index].album == album ? index : list.firstIndex { $0.album == album }
        return position.map { list.remove(at: $0) }
    }
}
