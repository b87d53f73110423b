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

    /// Takes `folder` and its albums out of the library (one undoable command) and says so.
    private func remove(_ folder: MusicFolder) {
        Task { [weak self] in
            guard let self else { return }
            let removed = await library.removeMusicFolder(folder.path)
            let name = folder.name.isolatedForDisplay
            toast.show(removed > 0
                ? localizedPlural("“%2$@” removed with its %1$@ album", "“%2$@” removed with its %1$@ albums", removed, String(removed), name)
                : localized("“%@” removed", name), offersUndo: removed > 0)
            musicFoldersWindow?.reload()
        }
    }
}
