import GtkKit
import LibraryCore

// MARK: - MusicFoldersController

/// The window's music folders: the Music Folders window (main menu ▸ Music Folders), where a
/// folder is removed with its albums (one undoable command), and the folders followed once
/// the main window is painted, a drive mounted meanwhile looked at at once. It knows the main
/// window only as the parent of what it shows.
@MainActor
package final class MusicFoldersController {
    private let library: LibraryAPI
    private let parent: ApplicationWindow
    private let problems: ProblemDialog
    private let toast: ToastNotice
    /// The Music Folders window's Import button: main menu ▸ Import Music Folder.
    var onImport: (@MainActor () -> Void)?
    /// The Music Folders window, while it is open.
    package private(set) var foldersWindow: MusicFoldersWindow?
    /// Tells when a drive is mounted, while the music folders are followed.
    private var mountMonitor: MountMonitor?

    init(library: LibraryAPI, parent: ApplicationWindow, problems: ProblemDialog, toast: ToastNotice) {
        self.library = library
        self.parent = parent
        self.problems = problems
        self.toast = toast
    }

    // MARK: The Music Folders window

    /// Main menu ▸ Music Folders: the folders imported, to look at and remove.
    func show() {
        let shown = MusicFoldersWindow(
            over: parent, library: library,
            onImport: { [weak self] in self?.onImport?() },
            onRemove: { [weak self] folder in self?.remove(folder) }
        )
        foldersWindow = shown
        shown.window.onCloseRequest { [weak self] in
            self?.foldersWindow = nil
            return false
        }
        shown.present()
    }

    /// Lists the folders again, if the window is open (an import added one).
    func reload() {
        foldersWindow?.reload()
    }

    /// Closes the window, before the main window goes.
    func close() {
        foldersWindow?.window.close()
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
            reload()
        }
    }

    // MARK: Following

    /// Starts following the music folders once the main window's first frame is painted (the
    /// look at the folders must not slow it down): what changed while the app was closed,
    /// then every change as it settles, reach the library by themselves.
    func follow() {
        guard !library.isReadOnly else { return }
        parent.afterNextFrame { [weak self] in
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
}
