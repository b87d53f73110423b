import GtkKit
import LibraryCore

// MARK: - Music folders

extension MainWindowController {
    /// Main menu ▸ Music Folders: the folders imported, to look at and remove.
    func showMusicFolders() {
        let foldersWindow = MusicFoldersWindow(
            over: window, library: library,
            onImport: { [weak self] in self?.chooseMusicFolder() },
            onRemove: { [weak self] folder in self?.remove(folder) }
        )
        musicFoldersWindow = foldersWindow
        foldersWindow.window.onCloseRequest { [weak self] in
            self?.musicFoldersWindow = nil
            return false
        }
        foldersWindow.present()
    }

    /// Starts following the music folders once the window's first frame is painted (the look
    /// at the folders must not slow it down): what changed while the app was closed, then
    /// every change as it settles, reach the library by themselves.
    func followMusicFolders() {
        guard !library.isReadOnly else { return }
        window.afterNextFrame { [weak self] in
            guard let self else { return }
            // A drive plugged in, a share connected: its music folders are looked for at once.
            mountMonitor = MountMonitor()
            mountMonitor?.onMountsChanged { [weak self] in self?.library.follower?.lookForMissingFolders() }
            Task { [weak self, library] in
                await library.followMusicFolders { [weak self] folders in self?.tellNotWatched(folders) }
            }
        }
    }

    /// Says once that some folders cannot be watched whole, and what happens instead.
    private func tellNotWatched(_ folders: [MusicFilePath]) {
        let minutes = String(MusicFolderFollower.rescanInterval.components.seconds / 60)
        let names = folders.map { "• " + $0.displayString.isolatedForDisplay }
        problems.show([localizedPlural(
            "This computer’s limit of watched folders is reached: changes in this music folder are looked for every %@ minutes instead of at once:",
            "This computer’s limit of watched folders is reached: changes in these music folders are looked for every %@ minutes instead of at once:",
            folders.count, minutes
        )] + names, heading: localized("Some Music Folders Are Not Watched"))
    }

    // MARK: Albums whose files are gone

    /// The selected `album`'s properties, with "Played: 12 times · last on 3 March" once it
    /// was listened to, and "Files: Not found…" when its files are gone.
    func propertyRows(for album: Album) -> [AlbumPropertyRow] {
        let plays = library.selectedIndex.flatMap(library.albumID(at:)).flatMap(library.listenHistory.plays(ofAlbum:))
        var rows = album.tableRepresentation(plays: plays)
        if player.selectedAlbumIsMissing {
            rows.append(AlbumPropertyRow(title: localized("Files"), value: localized("Not found: they may have moved, or be on a drive that is not connected")))
        }
        return rows
    }

    /// Dims (or lights up again) the albums found gone (or back), and the selected one's details.
    func showMissingChanged(_ ids: Set<AlbumID>) {
        for id in ids {
            guard let index = library.index(of: id) else { continue }
            scroller.reconfigureView(at: index)
            if index == library.selectedIndex { refreshSelection(animated: false) }
        }
    }

    /// Says that new tags in a followed folder's files replaced the user's edits (Undo puts
    /// the edits back).
    func showEditsReplacedByTags(_ albums: [Album]) {
        guard let first = albums.first else { return }
        toast.show(albums.count == 1
            ? localized("New tags in the files of “%@” replaced your edit", first.title.isolatedForDisplay)
            : localizedPlural("New tags in their files replaced your edits of %@ album", "New tags in their files replaced your edits of %@ albums",
                              albums.count))
    }

    /// Takes `folder` and its albums out of the library (one undoable command) and says so.
    private func remove(_ folder: MusicFolder) {
        Task { [weak self] in
            guard let self else { return }
            let removed = await library.removeMusicFolder(folder.path)?.albums.count ?? 0
            let name = folder.name.isolatedForDisplay
            toast.show(removed > 0
                ? localizedPlural("“%2$@” removed with its %1$@ album", "“%2$@” removed with its %1$@ albums", removed, String(removed), name)
                : localized("“%@” removed", name), offersUndo: removed > 0)
            musicFoldersWindow?.reload()
        }
    }
}
