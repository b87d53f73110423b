// MARK: - Commands (undoable)

/// Each command returns what it changed (`LibraryUpdate`: the albums, how the list shown
/// changed, the new selection, what the search hides), or `nil` when it changed nothing; its
/// observers hear the same, once, after the change is whole.
extension LibraryAPI {
    /// Deletes the album at `index`; undo puts it back. The album that takes its place (or
    /// the new last one) becomes selected. `nil` outside the list.
    @discardableResult
    public func deleteAlbum(at index: Int) -> LibraryUpdate? {
        guard let entry = entry(at: index), !refusesChange() else { return nil }
        return record(LibraryCommand(kind: .delete, entries: [entry]))
    }

    /// Inserts `album` at `index` among the albums shown (at the end when `nil` or past it):
    /// in the user's order, it goes after the album shown before it. It is selected if shown.
    @discardableResult
    public func addAlbum(_ album: Album, at index: Int? = nil) -> LibraryUpdate? {
        guard !refusesChange() else { return nil }
        let position = libraryPosition(forShownInsertionAt: index)
        let key = albumOrder.key(forInsertionAt: position)
        return record(LibraryCommand(kind: .add, entries: [LibraryEntry(id: albumOrder.newID(), key: key, album: album)]))
    }

    /// Adds `albums` after the last album as one command (undone at once), and selects the
    /// first of them. `nil` when there were none.
    @discardableResult
    public func importAlbumList(_ albums: [Album]) -> LibraryUpdate? {
        guard !albums.isEmpty, !refusesChange() else { return nil }
        let keys = albumOrder.keysAfterLast(count: albums.count)
        let entries = zip(albums, keys).map { LibraryEntry(id: albumOrder.newID(), key: $1, album: $0) }
        return record(LibraryCommand(kind: .importFile, entries: entries))
    }

    /// Changes the fields of the album at `index` to those of `album` (its place and identity
    /// stay) and selects it. An edit that changes nothing records nothing: returns `nil`.
    @discardableResult
    public func editAlbum(at index: Int, to album: Album) -> LibraryUpdate? {
        replace(at: index, with: album, as: .edit)
    }

    /// Gives the album at `index` the cover at `coverUrl` (an address, or a reference from
    /// `storeCover(_:)`) and selects it. The same cover again records nothing: returns `nil`.
    @discardableResult
    public func setCover(_ coverUrl: String, at index: Int) -> LibraryUpdate? {
        guard var album = album(at: index) else { return nil }
        album.coverUrl = coverUrl
        return replace(at: index, with: album, as: .setCover)
    }

    /// Gives the album `id` (shown or not) the cover at `coverUrl` without changing the
    /// selection: a cover found while the user browses. Returns `false` if the album is gone
    /// or already has that cover.
    @discardableResult
    public func setCover(_ coverUrl: String, ofAlbumWithID id: AlbumID) -> Bool {
        guard let entry = rows.entry(id, page: [id][...]), contains(albumID: id), entry.album.coverUrl != coverUrl,
              !refusesChange() else { return false }
        var changed = entry
        changed.album.coverUrl = coverUrl
        record(LibraryCommand(kind: .setCover, entries: [changed], previous: [entry]), selecting: false)
        return true
    }

    /// Undoes the last command; a restored album becomes selected. Nothing to undo: `nil`.
    @discardableResult
    public func undo() -> LibraryUpdate? {
        guard history.canUndo, !refusesChange(), let recorded = history.undo() else { return nil }
        let update = carryOut(recorded.command, forward: false, as: .undo(recorded))
        keepFollowing(after: recorded.command, forward: false)
        return update
    }

    /// Redoes the last undone command. Nothing to redo: `nil`.
    @discardableResult
    public func redo() -> LibraryUpdate? {
        guard history.canRedo, !refusesChange(), let recorded = history.redo() else { return nil }
        let update = carryOut(recorded.command, forward: true, as: .redo(recorded))
        keepFollowing(after: recorded.command, forward: true)
        return update
    }

    // MARK: Carrying out

    /// In a library a newer BlueLibrary made (`isReadOnly`), refuses a change: the observers
    /// are told (the window says why) and `true` is returned.
    func refusesChange() -> Bool {
        guard isReadOnly else { return false }
        observers.post(.changeRefused)
        return true
    }

    private func replace(at index: Int, with album: Album, as kind: LibraryCommand.Kind) -> LibraryUpdate? {
        guard let entry = entry(at: index), entry.album != album, !refusesChange() else { return nil }
        var changed = entry
        changed.album = album
        return record(LibraryCommand(kind: kind, entries: [changed], previous: [entry]))
    }

    /// Carries a new command out and records it; `selecting` false leaves the selection alone.
    @discardableResult
    func record(_ command: LibraryCommand, selecting: Bool = true) -> LibraryUpdate {
        let recorded = history.record(command)
        return carryOut(command, forward: true, as: .perform(recorded), selecting: selecting)
    }

    /// Changes the order (and the selection) as the command says, hands the change to the
    /// commit queue, and tells the observers once it is whole; returns what it told them.
    @discardableResult
    private func carryOut(_ command: LibraryCommand, forward: Bool, as change: DatabaseChange, selecting: Bool = true) -> LibraryUpdate {
        let update = announcing {
            let sequence = nextSequence
            nextSequence += 1
            for change in command.changes(forward: forward) {
                switch change {
                case .insert(let entries): insert(entries, sequence: sequence)
                case .remove(let entries): remove(entries)
                case .replace(let entries): replace(entries, sequence: sequence, selecting: selecting)
                }
            }
            persistency.submit(change, sequence: sequence)
            let changed = forward || command.previous.isEmpty ? command.entries : command.previous
            announce {
                $0.undoStateChanged = true
                $0.albums += changed.map(\.album)
            }
        }
        saveState()
        return update
    }

    /// Puts the entries in the order (and among the albums shown, where the search and filter
    /// let them), and selects the first shown. Those hidden are announced.
    private func insert(_ entries: [LibraryEntry], sequence: Int) {
        rows.insert(entries, sequence: sequence)
        // Albums already in the list (a command that no longer fits) are not inserted twice.
        // One album (an undone deletion) is looked for without copying the order.
        let present: Set<AlbumID> = entries.count > 1 ? Set(order) : order.contains(entries[0].id) ? [entries[0].id] : []
        var first: Int?
        var hidden: [Album] = []
        var lastKey = order.last.flatMap(key(of:))
        for entry in entries.sorted(by: { $0.key < $1.key }) where !present.contains(entry.id) {
            // An import goes after the last album: appended without a search.
            let index = lastKey.map { $0 < entry.key } ?? true ? order.count : albumOrder.insertionIndex(for: entry.key)
            if index == order.count { lastKey = entry.key }
            albumOrder.insert(entry.id, at: index)
            guard let shown = showInserted(entry, atLibraryIndex: index) else {
                hidden.append(entry.album)
                continue
            }
            if entries.count == 1 { announce { $0.albumChanges.append(.inserted(shown)) } }
            first = min(first ?? shown, shown)
        }
        if entries.count > 1 { announce { $0.albumChanges.append(.reloaded) } }
        if let first {
            if entries.count > 1 { selectedIndex = nil }  // the old index means nothing now
            setSelection(first)
        } else if entries.count > 1 {
            reselect()
        }
        if !hidden.isEmpty { announce { $0.hidden += hidden } }
    }

    /// Shows the entries' new fields (moving them if the sort says so, hiding them if the
    /// search or filter no longer shows them), and selects the first shown if `selecting`.
    private func replace(_ entries: [LibraryEntry], sequence: Int, selecting: Bool) {
        rows.insert(entries, sequence: sequence)
        let (indexes, hidden) = showReplaced(entries)
        if selecting, let first = indexes.min() { setSelection(first) }
        if !hidden.isEmpty { announce { $0.hidden += hidden } }
    }

    private func remove(_ entries: [LibraryEntry]) {
        let removed = Set(entries.map(\.id))
        announce { $0.removedAlbums.formUnion(removed) }
        if entries.count == 1, let index = order.firstIndex(of: entries[0].id) {
            albumOrder.remove(at: index)
            guard let shown = hideRemoved(entries[0].id, atLibraryIndex: index) else { return }  // it was not shown
            announce { $0.albumChanges.append(.removed(shown)) }
            setSelection(selection(afterRemovingAt: shown))
            return
        }
        let firstRemoved = shownIDs.firstIndex(ofIDIn: removed)
        albumOrder.removeAll(in: removed)
        browsing.shownIDs?.removeAll(in: removed)
        selectedIndex = selectionAfterReload(near: firstRemoved)
        announce { $0.albumChanges.append(.reloaded) }
        announce { $0.selectionChanged = true }
    }

    /// The selection after the album at `removed` was deleted: the same album if another was
    /// selected, else the one that took its place, else the new last one.
    private func selection(afterRemovingAt removed: Int) -> Int? {
        guard count > 0 else { return nil }
        guard let selected = selectedIndex, selected != removed else {
            return min(removed, count - 1)
        }
        return selected > removed ? selected - 1 : selected
    }
}
