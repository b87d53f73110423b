import GtkKit
import LibraryCore

// MARK: - MusicFoldersWindow

/// Main menu ▸ Music Folders: every folder the user imported, with the albums it gave and
/// whether it is there now ("Not found" when its drive is not connected or it moved), a Remove
/// button on each (its albums leave the library as one undoable command; its files stay), and
/// Import Folder… in the header bar, which closes the window for the folder chooser.
@MainActor
package final class MusicFoldersWindow {
    package let window: DialogWindow
    /// The folders listed, in the list's order.
    package private(set) var folders: [MusicFolder] = []
    /// One Remove button per folder, in the list's order.
    package private(set) var removeButtons: [Button] = []
    private let list = ListBox()
    private let emptyLabel = Label(localized("No music folders yet. The folders you import are listed here."))
    private let library: LibraryAPI
    private let onRemove: @MainActor (MusicFolder) -> Void
    private var loading: Task<Void, Never>?
    /// Whether the folders were shown once (the first row then took the focus).
    private var hasShownFolders = false

    package init(over parent: ApplicationWindow, library: LibraryAPI, onImport: @escaping @MainActor () -> Void,
                 onRemove: @escaping @MainActor (MusicFolder) -> Void) {
        self.library = library
        self.onRemove = onRemove
        window = DialogWindow(title: localized("Music Folders"), over: parent)
        window.setDefaultSize(width: 520, height: 420)
        window.setTitlebar(Self.makeHeaderBar { [weak window] in
            window?.close()
            onImport()
        })
        window.setChild(makeContent())
        window.onCloseRequest { [weak self] in
            self?.loading?.cancel()
            return false
        }
    }

    package func present() {
        window.present()
        reload()
    }

    /// Reads the folders again (after an import, a removal, an undo) and shows them.
    package func reload() {
        loading?.cancel()
        loading = Task { [weak self, library] in
            let folders = await library.musicFolders()
            guard !Task.isCancelled else { return }
            self?.show(folders)
        }
    }

    /// Whether the list shows what the library holds now (no reading under way).
    package var isUpToDate: Bool { loading == nil }

    // MARK: Layout

    private static func makeHeaderBar(onImport: @escaping @MainActor () -> Void) -> Widget {
        let bar = HeaderBar()
        let importButton = Button(mnemonic: localized("_Import Folder…"))
        importButton.tooltip = localized("Import a music folder; it joins this list")
        importButton.onClicked(onImport)
        bar.packStart(importButton)
        bar.setTitleWidget(WindowTitle(title: localized("Music Folders")))
        return bar
    }

    private func makeContent() -> Widget {
        let content = Box(.vertical, spacing: 12)
        content.setMargins(18)
        let intro = Label(localized("The folders your albums were imported from. Removing one takes its albums out of the library; its files stay where they are."))
        intro.wrap(maxWidthChars: 50)
        intro.xAlign = 0
        content.append(intro)
        list.addCSSClass("boxed-list")
        list.setAlignment(horizontal: .fill, vertical: .start)  // as tall as its rows
        list.setAccessibleLabel(localized("Music folders"))
        emptyLabel.addCSSClass("dim-label")
        emptyLabel.wrap(maxWidthChars: 50)
        emptyLabel.isVisible = false
        content.append(emptyLabel)
        let scrolled = ScrolledWindow(child: list)
        scrolled.scrollsVerticallyOnly()
        scrolled.expandsVertically = true
        content.append(scrolled)
        return content
    }

    private func show(_ folders: [MusicFolder]) {
        loading = nil
        self.folders = folders
        list.removeAll()
        removeButtons = []
        for folder in folders {
            list.append(makeRow(for: folder), accessibleLabel: Self.describe(folder))
        }
        list.isVisible = !folders.isEmpty
        emptyLabel.isVisible = folders.isEmpty
        if !hasShownFolders {
            hasShownFolders = true
            _ = list.row(at: 0)?.grabFocus()
        }
    }

    private func makeRow(for folder: MusicFolder) -> Widget {
        let row = Box(.horizontal, spacing: 12)
        row.setMargins(8)
        let texts = Box(.vertical, spacing: 4)
        texts.expandsHorizontally = true
        texts.setAlignment(horizontal: .fill, vertical: .center)
        let name = Label(folder.name.isolatedForDisplay)
        name.addCSSClass("heading")
        let path = Label(folder.path.displayString.isolatedForDisplay)
        path.addCSSClass("caption")
        let state = Label(Self.state(of: folder))
        state.addCSSClass(folder.isReachable ? "dim-label" : "warning")
        state.wrap(maxWidthChars: 40)
        for label in [name, path] { label.ellipsize() }
        for label in [name, path, state] {
            label.xAlign = 0
            texts.append(label)
        }
        row.append(texts)

        let remove = Button(mnemonic: localized("_Remove"))
        remove.setAlignment(horizontal: .end, vertical: .center)
        remove.setSoleAccessibleLabel(localized("Remove “%@” and its albums", folder.name.isolatedForDisplay))
        remove.onClicked { [weak self] in self?.onRemove(folder) }
        removeButtons.append(remove)
        row.append(remove)
        return row
    }

    // MARK: Words

    /// "3 albums", or "Not found: its drive may not be connected, or it moved · 3 albums".
    static func state(of folder: MusicFolder) -> String {
        let albums = localizedPlural("%@ album", "%@ albums", folder.albumCount)
        guard folder.isReachable else {
            return localized("Not found: its drive may not be connected, or it moved · %@", albums)
        }
        return albums
    }

    /// What a screen reader says of a row: "Rock, /home/ann/Music/Rock, 3 albums".
    static func describe(_ folder: MusicFolder) -> String {
        [folder.name, folder.path.displayString, state(of: folder)].joined(separator: ", ")
    }
}
