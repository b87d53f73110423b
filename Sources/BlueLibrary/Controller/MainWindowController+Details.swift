import GtkKit
import LibraryCore

// MARK: - The details: albums whose files are gone, new tags, the album's folder

extension MainWindowController {
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

    /// Properties ▸ Open Folder: the album's folder in the file manager (the desktop's
    /// default handler for folders).
    func openFolder(_ uri: String) {
        guard let problem = DesktopLauncher.open(uri) else { return }
        problems.show([localized("The album’s folder could not be opened: %@", problem)], heading: localized("The Folder Could Not Be Opened"))
    }
}
