import GtkKit
import LibraryCore

// MARK: - MainWindowController

/// The main window's controller: it lays out the cover strip, the properties list, the
/// toolbar, the banner and the undo notice; feeds the strip as its data source and delegate;
/// turns actions into `LibraryAPI` calls; and updates the views when the library announces a
/// change.
///
/// What it shows is readable by the package (`package`): the diagnostics that `main` attaches
/// and the benchmarks read the window from there, and the controller knows nothing of them.
@MainActor
public final class MainWindowController {
    /// The default size on a first launch.
    static let defaultSize = WindowSize(width: 900, height: 600)

    package let window: ApplicationWindow
    package let library: LibraryAPI
    package let scroller = HorizontalScrollerView()
    package let properties = PropertiesListView()
    package let toolbar = Toolbar()
    package let toast = UndoToast()
    package let banner = Banner()
    package let importProgress = ImportProgressView()
    package let browsingBar = BrowsingBar()
    package let actions: WindowActions
    /// The covers decoded for this window's album views.
    let coverTextures = CoverTextures()

    private var observation: LibraryObservation?
    /// The Add Album or Edit Album dialog while it is open.
    package internal(set) var editor: AlbumEditor?
    /// The music folder import under way, and those waiting.
    var musicImports = MusicImports()
    /// Takes folders dropped anywhere on the window (the strip takes its own drops).
    package let windowDropTarget = DropTarget()
    /// The user was told that quitting loses changes that could not be saved.
    var hasWarnedAboutUnsavedChanges = false
    /// Albums the last command brought back or changed that the search or filter hides.
    var hiddenByLastCommand: [Album] = []

    // MARK: Life cycle

    public init(application: Application, library: LibraryAPI) {
        self.library = library
        window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        window.defaultSize = Self.openingSize(remembered: library.windowSize)

        actions = WindowActions(window: window)
        window.setTitlebar(toolbar)
        window.setChild(makeContent())

        scroller.dataSource = self
        scroller.delegate = self
        scroller.setStripAccessibleLabel(localized("Albums"))
        toast.onFocusReturn = { [weak self] in self?.scroller.focus() }
        toast.onShownChange = { [weak self] _ in self?.refreshEscape() }
        importProgress.cancelButton.onClicked { [weak self] in self?.cancelMusicImport() }
        properties.onOpenFolder = { [weak self] uri in self?.openFolder(uri) }
        actions.connect(to: self)
        connectBrowsing()
        observation = library.observe { [weak self] event in self?.handle(event) }
        window.onResize { [weak self] in self?.rememberWindowSize() }
        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            rememberWindowSize()
            return !mayClose()
        }

        scroller.reload()
        refreshSelection(animated: false)
        refreshActions()
        banner.show(library.loadProblems.map(\.message))
    }

    /// Shows the window with the keyboard focus in the cover strip.
    public func present() {
        window.present()
        scroller.focusWhenShown { [weak self] in self?.properties.deselectText() }
    }

    /// The remembered size, or the default one, made no larger than the screen: a window
    /// saved larger (by an earlier version, or by hand) would open off the screen.
    static func openingSize(remembered: WindowSize?) -> (width: Int, height: Int) {
        var size = remembered ?? defaultSize
        if let screen = ApplicationWindow.largestMonitorSize {
            size = size.fitting(within: WindowSize(width: screen.width, height: screen.height))
        }
        return (size.width, size.height)
    }

    private func makeContent() -> Widget {
        let column = Box(.vertical, spacing: 0)
        column.append(banner)
        column.append(browsingBar)
        column.append(scroller)
        column.append(properties)
        let overlay = Overlay(child: column)
        // The import's progress floats above the undo notice, over the window: the strip
        // keeps its size (laying out 100,000 albums again at every frame of a slide stalls).
        let notices = Box(.vertical, spacing: 0)
        notices.setAlignment(horizontal: .center, vertical: .end)
        notices.append(importProgress)
        notices.append(toast)
        overlay.addOverlay(notices)
        windowDropTarget.onDrop { [weak self] item, _, _ in
            guard let self, case .file(let url) = item, Self.isMusic(url) else { return false }
            importMusic([url])
            return true
        }
        overlay.addController(windowDropTarget)
        return overlay
    }

    // MARK: Reacting to the library

    private func handle(_ event: LibraryEvent) {
        switch event {
        case .albumsChanged(.removed(let index)):
            scroller.removeView(at: index)
            refreshSelection(animated: true)
        case .albumsChanged(.inserted(let index)):
            scroller.insertView(at: index)
            refreshSelection(animated: true)
        case .albumsChanged(.updated(let index)):
            scroller.reconfigureView(at: index)
            if index == library.selectedIndex { refreshSelection(animated: true) }
        case .albumsChanged(.appended):
            scroller.appendViews()
            refreshSelection(animated: false)
        case .albumsChanged(.reloaded):
            scroller.reload()
            refreshSelection(animated: false)
        case .selectionChanged:
            refreshSelection(animated: true)
        case .undoStateChanged:
            refreshActions()
        case .hiddenByView(let albums):
            rememberHidden(albums)
        case .facetsChanged:
            browsingBar.showFacets(library.facets)
        case .saveFailed(let error):
            banner.show([error.message])
        case .saveRecovered:
            banner.dismiss()
            hasWarnedAboutUnsavedChanges = false  // a later failure warns again at quit
        }
    }

    /// Makes the strip, the properties and the Trash action follow the library's selection.
    func refreshSelection(animated: Bool) {
        showStrip(library.count > 0)
        refreshMatchCount()
        if let selected = library.selectedIndex, selected < library.count {
            if scroller.selectedIndex != selected {
                scroller.selectView(at: selected, animated: animated)
            }
            let album = library.album(at: selected)
            properties.show(album?.tableRepresentation, folder: album?.folder, emptyMessage: localized("No album selected"))
        } else {
            properties.show(nil, emptyMessage: library.count == 0 ? nothingShownMessage : localized("No album selected"))
        }
        refreshActions()
    }

    /// The strip shows only when there are albums: an empty library is one empty state (in
    /// the properties' place), not a blank band above it; so is a search that matches
    /// nothing. When the first album comes back, the strip takes the keyboard focus again,
    /// unless the user is typing a search.
    private func showStrip(_ shown: Bool) {
        guard scroller.isVisible != shown else { return }
        scroller.isVisible = shown
        if shown, !browsingBar.containsFocus { scroller.focusWhenShown() }
    }

    func refreshActions() {
        actions.update(canUndo: library.canUndo, canRedo: library.canRedo, hasSelection: library.selectedAlbum != nil)
        toolbar.describeUndo(library.commandToUndo.map(Self.describe))
    }

    /// Stores the size the window has now (called on resize, and at quit, which destroys the
    /// window without one).
    package func rememberWindowSize() {
        let size = window.defaultSize
        guard size.width > 0, size.height > 0, !window.isMaximized else { return }
        library.windowSize = WindowSize(width: size.width, height: size.height)
    }

    // MARK: Commands

    /// Deletes the selected album and offers to undo it.
    func deleteSelectedAlbum() {
        guard let index = library.selectedIndex, let album = library.deleteAlbum(at: index) else { return }
        toast.show(localized("“%@” deleted", album.title.isolatedForDisplay))
    }

    func undo() {
        toast.dismiss()
        hiddenByLastCommand = []
        library.undo()
        tellHiddenAfterUndo()
    }

    func redo() {
        hiddenByLastCommand = []
        library.redo()
        tellHiddenAfterUndo()
    }

    static func describe(_ command: LibraryCommand) -> String {
        let title = command.album?.title.isolatedForDisplay ?? ""
        return switch command.kind {
        case .delete: localized("Delete “%@”", title)
        case .add: localized("Add “%@”", title)
        case .edit: localized("Edit “%@”", title)
        case .setCover: localized("New Cover for “%@”", title)
        case .importFile, .importFolder: localizedPlural("Import of %@ Album", "Import of %@ Albums", command.entries.count)
        }
    }
}

// MARK: - Data source and delegate of the strip

extension MainWindowController: HorizontalScrollerViewDataSource, HorizontalScrollerViewDelegate {
    public func numberOfViews(in scroller: HorizontalScrollerView) -> Int {
        library.count
    }

    public func makeReusableView(for scroller: HorizontalScrollerView) -> HorizontalScrollerReusableView {
        AlbumView(library: library, textures: coverTextures)
    }

    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, configure view: HorizontalScrollerReusableView, at index: Int) {
        guard let albumView = view as? AlbumView, let album = library.album(at: index) else { return }
        albumView.configure(with: album)
    }

    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, didSelectViewAt index: Int) {
        library.selectAlbum(at: index)
    }

    public func initialViewIndex(for scroller: HorizontalScrollerView) -> Int {
        library.selectedIndex ?? 0
    }

    /// A double click on a cover (or Enter on it) opens the Edit Album dialog.
    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, didActivateViewAt index: Int) {
        editSelectedAlbum()
    }

    /// An image file or image data dropped onto a cover becomes its album's cover; a music
    /// folder (or an audio file) is imported.
    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, didReceive item: DroppedItem, onViewAt index: Int) -> Bool {
        if case .file(let url) = item, Self.isMusic(url) {
            importMusic([url])
        } else {
            setCover(from: item, at: index)
        }
        return true
    }
}
