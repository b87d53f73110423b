import Foundation

// MARK: - Importing music folders

extension LibraryAPI {
    /// Imports the music in `folders` (folders, or audio files): reads their tags off the GTK
    /// thread and adds their albums after the last one, as they are found, as one command
    /// that grows while the import runs ("Undo Import of 120 Albums"). Files read by an earlier
    /// import that did not change (path, size, modification time) are not read again; albums
    /// whose files changed are updated; no album is ever removed by an import. The folders
    /// among `folders` join the music folders (`musicFolders()`).
    ///
    /// Cancelling the calling task stops the import; what it added so far stays, undoable. So
    /// does undoing the import while it runs.
    ///
    /// An import that follows a change in the music folders (`origin: .folderChange`) is no
    /// command: it changes only albums with a new or changed file, so an album the user
    /// deleted stays deleted while its files are as they were, and nothing is added to the
    /// undo history. Imports run one after the other, in the order they were asked for.
    ///
    /// - Parameter onProgress: Called on the main actor as the import goes on.
    public func importMusic(
        _ folders: [URL],
        origin: MusicImportOrigin = .user,
        onProgress: @escaping @MainActor (MusicImportProgress) -> Void = { _ in }
    ) async -> MusicImportSummary {
        await imports.oneAtATime { [self] in
            await runImport(MusicImportScope(folders: folders.compactMap(MusicFilePath.init(url:))), origin: origin, onProgress: onProgress)
        }
    }

    /// Imports what changed in a followed music folder, looking only at `scope` (the folders
    /// where files changed): as `importMusic(_:origin: .folderChange)` does.
    func importChanges(in scope: MusicImportScope) async -> MusicImportSummary {
        await imports.oneAtATime { [self] in
            await runImport(scope, origin: .folderChange) { _ in }
        }
    }

    private func runImport(
        _ scope: MusicImportScope, origin: MusicImportOrigin, onProgress: @escaping @MainActor (MusicImportProgress) -> Void
    ) async -> MusicImportSummary {
        guard !refusesChange() else { return MusicImportSummary() }
        // Changes that could not be saved (a full disk since freed) are tried again first:
        // their files are remembered all the same (`pendingTracks`), never imported twice.
        if persistency.hasUncommittedChanges { persistency.retryCommits() }
        if origin == .user { rememberMusicFolders(scope.folders) }
        let importer = persistency.musicImporter(
            scope: scope, ownCovers: ownCovers, pendingTracks: pendingTracks.byPath, albumsInLibrary: Set(order),
            partInterval: musicImportPartInterval, changedFilesOnly: origin == .folderChange
        )
        var state = MusicImportState(isCommand: origin == .user)
        let outcome = await MusicImportRun(importer: importer).run { part in
            let isGoingOn = apply(part, to: &state)
            onProgress(part.progress)
            return isGoingOn
        }
        var summary = outcome.summary
        summary.firstAlbumID = state.first
        summary.added = state.added.count
        summary.updated = state.updated.count
        summary.wasCancelled = summary.wasCancelled || outcome.wasStopped
        return summary
    }

    /// Adds and updates the albums of one part; `false` when the import was undone meanwhile.
    private func apply(_ part: MusicImporter.Part, to state: inout MusicImportState) -> Bool {
        if let presence = part.presence { takeIn(presence) }
        guard !part.albums.isEmpty else { return true }
        var change = ImportPartChange()
        // Which albums are in the library: read once, and only for a part that needs it.
        var presentIDs: Set<AlbumID>?
        func isPresent(_ id: AlbumID) -> Bool {
            if presentIDs == nil { presentIDs = Set(order) }
            return presentIDs?.contains(id) == true
        }
        for found in part.albums {
            if found.givesCoverOnly {
                // Only the cover is news: the album keeps everything else, the user's edits too.
                guard let id = found.existingID, isPresent(id), let current = rows.entry(id, page: [id][...]),
                      current.album.coverUrl.isEmpty else { continue }
                var updated = current
                updated.album.coverUrl = found.album.coverUrl
                change.replaced.append(updated)
                if !state.added.contains(id), state.updated.insert(id).inserted { change.previous.append(current) }
                continue
            }
            // An album another group of this import already took (its files' tags no longer
            // agree: some retagged, the others not yet) is left to that group.
            if state.ids[found.key] == nil, let id = found.existingID, state.claimed.contains(id) { continue }
            if let id = state.ids[found.key] ?? found.existingID.flatMap({ isPresent($0) ? $0 : nil }) {
                state.claimed.insert(id)
                change.tracks += found.newTracks.map { StoredTrack(stamp: $0.stamp, albumID: id, tags: $0.tags) }
                state.ids[found.key] = id
                guard isPresent(id), let current = rows.entry(id, page: [id][...]) else { continue }
                var updated = current
                updated.album = found.album
                if updated.album.coverUrl.isEmpty { updated.album.coverUrl = current.album.coverUrl }
                if !state.isCommand, let taggedBefore = found.taggedBefore {
                    // A followed folder's change: the user's edits stay unless the tags changed.
                    let update = FollowedAlbumUpdate(current: current.album, taggedBefore: taggedBefore, taggedNow: found.album)
                    updated.album = update.album
                    if update.overridesEdit, updated != current {
                        change.retagged.append((updated, current))
                        continue
                    }
                }
                guard updated != current else { continue }
                change.replaced.append(updated)
                if !state.added.contains(id), state.updated.insert(id).inserted { change.previous.append(current) }
            } else {
                let id = albumOrder.newID()
                state.ids[found.key] = id
                state.added.insert(id)
                change.added.append((id, found.album))
                change.tracks += found.newTracks.map { StoredTrack(stamp: $0.stamp, albumID: id, tags: $0.tags) }
            }
        }
        state.first = state.first ?? change.added.first?.id ?? change.replaced.first?.id
        return carryOut(change, in: &state)
    }

    /// Records (or grows) the import's command, changes the library, and commits the part.
    private func carryOut(_ change: ImportPartChange, in state: inout MusicImportState) -> Bool {
        var carried = false
        announcing { carried = carryOutPart(change, in: &state) }
        return carried
    }

    private func carryOutPart(_ change: ImportPartChange, in state: inout MusicImportState) -> Bool {
        if !change.retagged.isEmpty { retag(change.retagged) }
        let sequence = nextSequence
        nextSequence += 1
        let keys = albumOrder.keysAfterLast(count: change.added.count)
        let added = zip(change.added, keys).map { found, key in LibraryEntry(id: found.id, key: key, album: found.album) }
        let written = added + change.replaced
        pendingTracks.add(change.tracks, sequence: sequence)
        if !change.tracks.isEmpty { announce { $0.albumsWithChangedTracks.formUnion(change.tracks.map(\.albumID)) } }
        guard !written.isEmpty else {
            if !change.tracks.isEmpty { persistency.submit(.rememberTracks(change.tracks), sequence: sequence) }
            return true
        }
        let part = LibraryCommand(kind: .importFolder, entries: written, previous: change.previous)
        let databaseChange: DatabaseChange
        if state.isCommand {
            let isFirst = state.serial == nil
            let recorded: RecordedCommand
            if let serial = state.serial {
                guard let grown = history.grow(serial, by: part) else { return false }
                recorded = grown
            } else {
                recorded = history.record(part)
                state.serial = recorded.serial
            }
            databaseChange = .importPart(recorded, part: part, isFirst: isFirst, tracks: change.tracks)
        } else {
            let rebased = history.rebase(onto: Dictionary(change.replaced.map { ($0.id, $0.album) }) { _, last in last })
            databaseChange = .followPart(part, tracks: change.tracks, rebased: rebased)
            if !rebased.isEmpty { announce { $0.undoStateChanged = true } }  // what Undo names may have changed
        }
        rows.insert(written, sequence: sequence)
        albumOrder.append(contentsOf: added.map { $0.id })
        if !added.isEmpty { showAppended(added) }
        if !change.replaced.isEmpty { _ = showReplaced(change.replaced) }
        if selectedIndex == nil, count > 0 { setSelection(0) }
        persistency.submit(databaseChange, sequence: sequence)
        if state.isCommand { announce { $0.undoStateChanged = true } }
        saveState()
        return true
    }
}

// MARK: - New tags over the user's edits

extension LibraryAPI {
    /// Gives albums the user edited their files' new tags as one undoable command, and tells
    /// the observers (the window says so, with Undo).
    private func retag(_ albums: [(updated: LibraryEntry, current: LibraryEntry)]) {
        record(LibraryCommand(kind: .edit, entries: albums.map(\.updated), previous: albums.map(\.current)), selecting: false)
        observers.post(.editsReplacedByTags(albums.map(\.updated.album)))
    }
}
