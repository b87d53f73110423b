import Foundation

// MARK: - Music folders

extension LibraryAPI {
    /// The music folders the user imported, in path order, each with the albums of the library
    /// its files gave and whether it is there now. Read off the GTK thread, after every change
    /// submitted so far.
    public func musicFolders() async -> [MusicFolder] {
        let found: [(path: MusicFilePath, albums: Set<AlbumID>)]
        do {
            found = try await persistency.readAfterCommits { database in
                try database.musicFolderPaths().map { path in (path, try database.albumIDs(madeFromFilesIn: path)) }
            }
        } catch {
            Log.core.warning("the music folders could not be read: \(error)")
            return []
        }
        // Asked of the file system on a thread of its own: a network share that is down can
        // keep a `stat` waiting, which neither the GTK thread nor the commit queue may do.
        let paths = found.map(\.path)
        let reachable = await Task.detached { paths.map(\.isExistingFolder) }.value
        let inLibrary = Set(order)
        let pending = pendingTracks.byPath
        return zip(found, reachable).map { folder, isReachable in
            let pendingIDs = pending.values.filter { $0.stamp.path.isInside(folder.path) }.map(\.albumID)
            return MusicFolder(path: folder.path, albumCount: folder.albums.union(pendingIDs).intersection(inLibrary).count,
                               isReachable: isReachable)
        }
    }

    /// Removes `folder` from the music folders and its albums from the library, as one
    /// undoable command (undo brings both back); the files stay as they are. Returns what
    /// changed; a folder that gave no album is forgotten without a command, and `nil` returned.
    @discardableResult
    public func removeMusicFolder(_ folder: MusicFilePath) async -> LibraryUpdate? {
        guard !refusesChange() else { return nil }
        let stored: Set<AlbumID>
        do {
            stored = try await persistency.readAfterCommits { database in try database.albumIDs(madeFromFilesIn: folder) }
        } catch {
            Log.core.warning("the albums of a music folder could not be read: \(error)")
            return nil
        }
        let pendingIDs = pendingTracks.byPath.values.filter { $0.stamp.path.isInside(folder) }.map(\.albumID)
        let ids = stored.union(pendingIDs)
        let entries = order.filter(ids.contains).compactMap { rows.entry($0, page: [$0][...]) }
        defer { follower?.unfollow(folder) }
        guard !entries.isEmpty else {
            submitAlone(.forgetFolder(folder))
            return nil
        }
        return record(LibraryCommand(kind: .removeFolder, entries: entries, folder: folder))
    }

    /// Remembers the folders among `roots` (not the single files) as music folders.
    func rememberMusicFolders(_ roots: [MusicFilePath]) {
        let folders = roots.filter(\.isExistingFolder)
        guard !folders.isEmpty else { return }
        submitAlone(.rememberFolders(folders))
        follower?.follow(folders)
    }

    /// After `command` was undone (`forward` false) or redone: the folder of a removal is
    /// followed again or no longer, and the albums it brought back are looked for.
    func keepFollowing(after command: LibraryCommand, forward: Bool) {
        followFolder(of: command, forward: forward)
        lookForFiles(ofAlbumsBackBy: command, forward: forward)
    }

    /// Follows or stops following the folder of a removal being carried out, undone or redone.
    private func followFolder(of command: LibraryCommand, forward: Bool) {
        guard command.kind == .removeFolder, let folder = command.folder else { return }
        if forward { follower?.unfollow(folder) } else { follower?.follow([folder]) }
    }
}

// MARK: - Albums whose files are gone

extension LibraryAPI {
    /// Whether none of the album's files was there when its music folder was last looked at
    /// (deleted, moved away, or on a drive that is not mounted). Such an album stays, shown
    /// dimmed, and is whole again when its files come back.
    public func isMissing(_ id: AlbumID) -> Bool {
        missingAlbums.contains(id)
    }

    /// Looks, off the GTK thread and the commit queue (the rows of a deleted album's files
    /// stay, so what is committed is enough), whether the files of the albums a command's undo
    /// or redo brought back are there: one whose files are all gone (its folder was removed
    /// since it was deleted) comes back marked missing.
    private func lookForFiles(ofAlbumsBackBy command: LibraryCommand, forward: Bool) {
        let ids = command.changes(forward: forward).flatMap { change -> [AlbumID] in
            guard case .insert(let entries) = change else { return [] }
            return entries.filter { $0.album.folder != nil }.map(\.id)
        }
        guard !ids.isEmpty else { return }
        Task { [weak self] in
            guard let self, let gone = try? await persistency.readAside({ database in try database.albumsWithoutFiles(among: ids) }) else { return }
            let newlyMissing = missingAlbums.mark(gone, inLibrary: Set(order))
            if !newlyMissing.isEmpty { observers.post(.missingChanged(newlyMissing)) }
        }
    }

    /// Takes in what a look at followed folders found: the albums whose files are all gone are
    /// missing, those whose files are there are not; files gone from albums made again are
    /// forgotten.
    func takeIn(_ presence: AlbumPresence) {
        let changed = missingAlbums.takeIn(presence)
        if !presence.goneFiles.isEmpty || !presence.movedFrom.isEmpty {
            submitAlone(.forgetTracks(presence.goneFiles + presence.movedFrom))
        }
        let reshaped = presence.shrunk.union(presence.movedTo.map(\.albumID))
        if !reshaped.isEmpty { announce { $0.albumsWithChangedTracks.formUnion(reshaped) } }
        if !presence.movedTo.isEmpty {
            let sequence = nextSequence
            nextSequence += 1
            pendingTracks.add(presence.movedTo, sequence: sequence)
            persistency.submit(.rememberTracks(presence.movedTo), sequence: sequence)
        }
        if !changed.isEmpty { observers.post(.missingChanged(changed)) }
    }
}
