import GtkKit
import LibraryCore

// MARK: - WindowActions

/// The window's own actions (`win.add`, `win.edit`, `win.undo`, `win.redo`, `win.delete`,
/// `win.dismiss-notice`, `win.import`, `win.export`, `win.import-music-folder`, `win.music-folders`,
/// `win.find-cover-online`, `win.find-missing-covers`, `win.search`,
/// `win.sort`, `win.play`, `win.play-pause`, `win.next-track`, `win.previous-track`,
/// `win.show-help-overlay`):
/// what the toolbar buttons, the undo notice and the keyboard shortcuts trigger. Their
/// enabled state is what makes the buttons sensitive.
@MainActor
package final class WindowActions {
    package let addAction = SimpleAction(name: AppAction.addAlbum.name)
    package let editAction = SimpleAction(name: AppAction.editAlbum.name)
    package let undoAction = SimpleAction(name: AppAction.undo.name)
    package let redoAction = SimpleAction(name: AppAction.redo.name)
    package let deleteAction = SimpleAction(name: AppAction.delete.name)
    package let dismissNoticeAction = SimpleAction(name: AppAction.dismissNotice.name)
    package let importAction = SimpleAction(name: AppAction.importAlbumList.name)
    package let exportAction = SimpleAction(name: AppAction.exportAlbumList.name)
    package let importMusicFolderAction = SimpleAction(name: AppAction.importMusicFolder.name)
    package let musicFoldersAction = SimpleAction(name: AppAction.musicFolders.name)
    package let findCoverOnlineAction = SimpleAction(name: AppAction.findCoverOnline.name)
    package let findMissingCoversAction = SimpleAction(name: AppAction.findMissingCovers.name)
    package let searchAction = SimpleAction(name: AppAction.search.name)
    package let playAlbumAction = SimpleAction(name: AppAction.playAlbum.name)
    package let playPauseAction = SimpleAction(name: AppAction.playPause.name)
    package let nextTrackAction = SimpleAction(name: AppAction.nextTrack.name)
    package let previousTrackAction = SimpleAction(name: AppAction.previousTrack.name)
    /// Opens the Keyboard Shortcuts window, built the first time: GtkApplicationWindow's own
    /// action needs the window built with every window (`AppResources.shortcutsWindowPath`).
    package let showShortcutsAction = SimpleAction(name: AppAction.showShortcuts.name)
    /// The sort of the albums shown (`win.sort::title`), a radio group in the main menu.
    package let sortAction = StringChoiceAction(name: AppAction.sort.name, state: AlbumSort.libraryOrder.rawValue)

    init(window: ApplicationWindow) {
        for action in [addAction, editAction, undoAction, redoAction, deleteAction, dismissNoticeAction, importAction, exportAction, importMusicFolderAction, musicFoldersAction,
                       findCoverOnlineAction, findMissingCoversAction, searchAction, playAlbumAction, playPauseAction, nextTrackAction, previousTrackAction,
                       showShortcutsAction] {
            window.add(action)
        }
        window.add(sortAction)
        dismissNoticeAction.isEnabled = false
        window.addShortcuts(of: AppAction.allCases)
    }

    /// Routes the actions to `controller`.
    func connect(to controller: MainWindowController) {
        addAction.onActivate { [weak controller] in controller?.addAlbum() }
        editAction.onActivate { [weak controller] in controller?.editSelectedAlbum() }
        undoAction.onActivate { [weak controller] in controller?.undo() }
        redoAction.onActivate { [weak controller] in controller?.redo() }
        deleteAction.onActivate { [weak controller] in controller?.deleteSelectedAlbum() }
        dismissNoticeAction.onActivate { [weak controller] in controller?.escape() }
        importAction.onActivate { [weak controller] in controller?.chooseFileToImport() }
        exportAction.onActivate { [weak controller] in controller?.chooseFileToExport() }
        importMusicFolderAction.onActivate { [weak controller] in controller?.chooseMusicFolder() }
        musicFoldersAction.onActivate { [weak controller] in controller?.showMusicFolders() }
        findCoverOnlineAction.onActivate { [weak controller] in controller?.findCoverForSelectedAlbum() }
        findMissingCoversAction.onActivate { [weak controller] in controller?.findMissingCovers() }
        searchAction.onActivate { [weak controller] in controller?.startSearching() }
        sortAction.onChoose { [weak controller] name in controller?.sort(by: name) }
        playAlbumAction.onActivate { [weak controller] in controller?.player.playSelectedAlbum() }
        playPauseAction.onActivate { [weak controller] in controller?.player.playPauseOrPlaySelected() }
        nextTrackAction.onActivate { [weak controller] in controller?.player.next() }
        previousTrackAction.onActivate { [weak controller] in controller?.player.previous() }
        showShortcutsAction.onActivate { [weak controller] in controller?.showKeyboardShortcuts() }
    }

    func update(canUndo: Bool, canRedo: Bool, hasSelection: Bool) {
        undoAction.isEnabled = canUndo
        redoAction.isEnabled = canRedo
        deleteAction.isEnabled = hasSelection
        editAction.isEnabled = hasSelection
        findCoverOnlineAction.isEnabled = hasSelection
    }
}
