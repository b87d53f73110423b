import GtkKit
import LibraryCore

// MARK: - MainWindowController

/// The main window's controller: it lays out the header bar, the cover strip, the
/// properties list and the undo notice, and shows problems in a dialog; feeds the strip as
/// its data source and delegate; turns actions into `LibraryAPI` calls; and updates the
/// views when the library announces a change.
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
    package let properties = PropertiesView()
    package let headerBar = MainHeaderBar()
    package let toast: ToastNotice
    package let problems: ProblemDialog
    package let browsingBar = BrowsingBar()
    package let trackList = TrackListView()
    package let playBar = PlayBar()
    /// The application's player, which this window shows and drives while it is open.
    package let player: Player
    /// The properties and the track list, side by side in a wide window, one above the other
    /// in a narrow one.
    let details = Box(.horizontal, spacing: 0)
    /// Keeps the play bar, the track list and the strip's mark following the player.
    var playerObservation: PlayerObservation?
    /// The selected album's tracks being read for the track list.
    var trackListLoad: Task<Void, Never>?
    /// The album the strip marks as playing.
    var markedAlbumID: AlbumID?
    package let actions: WindowActions
    /// The covers decoded for this window's album views.
    let coverTextures = CoverTextures()

    private var observation: LibraryObservation?
    /// Called once the window has closed (its close button, Ctrl+W), after `prepareToClose`:
    /// the application then lets the music play on, or pauses it and quits.
    package var onClosed: (@MainActor () -> Void)?
    /// Find Cover Online and Find Missing Covers.
    package let coverLookup: CoverLookupController
    /// The play queue: Play Next, Add to Queue, Play All and the queue view.
    package let queue: QueueController
    /// The music imports: Import Music Folder, music opened from outside, their progress.
    package let musicImport: MusicImportController
    /// Import Album List and Export Album List.
    package let albumLists: AlbumListController
    /// Add Album, Edit Album, and an image made a cover.
    package let editing: AlbumEditingController
    /// Keeps the play bar showing the player.
    private let playBarController: PlayBarController
    /// The Music Folders window and the folders followed.
    package let musicFolders: MusicFoldersController
    /// Takes folders dropped anywhere on the window (the strip takes its own drops).
    package let windowDropTarget = DropTarget()
    /// The user was told that quitting loses changes that could not be saved.
    var hasWarnedAboutUnsavedChanges = false
    /// The problems met while opening the library were shown (by this window, or by one the
    /// app opened before it).
    package var hasToldLoadProblems = false
    /// The window was shown once (what follows its first showing is done).
    private var hasBeenPresented = false
    /// The dialog asking whether to quit without the changes that could not be saved.
    package internal(set) var quitConfirmation: MessageDialog?

    // MARK: Life cycle

    init(application: Application, library: LibraryAPI, player: Player) {
        self.library = library
        self.player = player
        window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        window.defaultSize = Self.openingSize(remembered: library.windowSize)
        window.setMinimumSize(width: Self.minimumSize.width, height: Self.minimumSize.height)

        actions = WindowActions(window: window)
        problems = ProblemDialog(over: window, of: application)
        details.append(properties)
        details.append(trackList)
        let importProgress = MusicImportController.makeProgressCard()
        let coverSearchProgress = CoverLookupController.makeProgressCard()
        toast = ToastNotice(over: MainWindowContent.make(browsingBar: browsingBar, scroller: scroller, details: details,
                                                        cards: [importProgress, coverSearchProgress]))
        toast.keepsUntilClosed = { [weak library] in library?.preferences.keepsNoticesUntilClosed ?? false }
        coverLookup = CoverLookupController(library: library, parent: window, toast: toast, textures: coverTextures, progress: coverSearchProgress)
        queue = QueueController(library: library, player: player, toast: toast, view: playBar.queueView, textures: coverTextures)
        musicImport = MusicImportController(library: library, player: player, parent: window, toast: toast, problems: problems,
                                            progress: importProgress)
        albumLists = AlbumListController(library: library, parent: window, toast: toast, problems: problems)
        editing = AlbumEditingController(library: library, parent: window, toast: toast, problems: problems, textures: coverTextures)
        playBarController = PlayBarController(library: library, player: player, bar: playBar, textures: coverTextures)
        musicFolders = MusicFoldersController(library: library, parent: window, problems: problems, toast: toast)
        prefetchFirstCovers(windowWidth: window.defaultSize.width)
        let page = Box(.vertical, spacing: 0)
        page.append(headerBar)
        page.append(toast.overlay)
        page.append(playBar)
        window.setContent(page)
        windowDropTarget.onDrop { [weak self] item, _, _ in
            guard let self, !item.files.isEmpty else { return false }
            musicImport.openMusic(item.files)
            return true
        }
        toast.overlay.addController(windowDropTarget)

        scroller.dataSource = self
        scroller.delegate = self
        scroller.setStripAccessibleLabel(localized("Albums"))
        toast.onFocusReturn = { [weak self] in self?.scroller.focus() }
        toast.onShownChange = { [weak self] _ in self?.refreshActions() }
        properties.onOpenFolder = { [weak self] uri in self?.openFolder(uri) }
        musicFolders.onImport = { [weak self] in self?.musicImport.chooseFolder() }
        musicImport.onReveal = { [weak self] id in self?.reveal(albumID: id) }
        musicImport.onImported = { [weak self] in self?.musicFolders.reload() }
        editing.onEditorClosed = { [weak self] in self?.scroller.focusWhenShown() }  // once the window has its focus back
        actions.connect(to: self)
        connectBrowsing()
        connectPlayback()
        observation = library.observe { [weak self] event in self?.handle(event) }
        window.onResize { [weak self] in
            guard let self else { return }
            rememberWindowSize()
            fit(windowWidth: window.defaultSize.width)
        }
        fit(windowWidth: window.defaultSize.width)
        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            rememberWindowSize()
            guard mayClose() else { return true }
            prepareToClose()
            onClosed?()
            return false
        }

        scroller.reload()
        refreshSelection(animated: false)
        refreshActions()
        player.prepareIfSelectionIsPlayable()
    }

    /// Shows the window with the keyboard focus in the cover strip.
    public func present() {
        window.present()
        // Once, after the window: a dialog shown before its window can end up behind it.
        if !hasBeenPresented {
            hasBeenPresented = true
            if !hasToldLoadProblems {
                hasToldLoadProblems = true
                let heading = library.isReadOnly ? Self.readOnlyHeading : localized("Your Library Needed Repair")
                problems.show(library.loadProblems.map(\.message), heading: heading, remedy: readOnlyRemedy)
            }
            musicFolders.follow()
            window.afterNextFrame { [weak self] in
                self?.library.prepareBrowsing()
                self?.library.checkWholeFile()
            }
        }
        scroller.focusWhenShown { [weak self] in self?.properties.deselectText() }
    }

    /// Before the window goes: stops following the library and the player (which is the
    /// application's, and may play on), and closes the dialogs.
    package func prepareToClose() {
        observation?.cancel()
        playerObservation?.cancel()
        queue.close()
        playBarController.close()
        closeDialogs()
    }

    /// Closes the dialogs over the window before it goes: libadwaita 1.2's message dialog
    /// disconnects from its window as it closes, which must still exist then; a window kept
    /// here past its parent's end would disconnect from a parent already freed.
    package func closeDialogs() {
        problems.withdraw()
        quitConfirmation?.close()
        quitConfirmation = nil
        coverLookup.close()
        musicFolders.close()
    }

    // MARK: Reacting to the library

    private func handle(_ event: LibraryEvent) {
        switch event {
        case .changed(let update):
            show(update)
        case .facetsChanged:
            browsingBar.showFacets(library.facets)
        case .saveFailed(let error):
            problems.show([error.message], heading: localized("Changes Could Not Be Saved"), topic: .saving)
        case .saveRecovered:
            problems.withdraw(.saving)
            hasWarnedAboutUnsavedChanges = false  // a later failure warns again at quit
        case .missingChanged(let ids):
            showMissingChanged(ids)
        case .editsReplacedByTags(let albums):
            showEditsReplacedByTags(albums)
        case .playsChanged(let ids):
            showPlaysChanged(ids)
        case .damageFound(let message):
            problems.show([message], heading: localized("Your Library Needs Repair"))
        case .changeRefused:
            let refusal = localized("This library was made by a newer version of BlueLibrary, so the change was not made.")
            problems.show([refusal, LoadProblem.readOnlyAdvice], heading: Self.readOnlyHeading, remedy: readOnlyRemedy)
        }
    }

    /// Shows one change of the library, whole: the strip's views move as the list did, then
    /// the selection, the details and the actions are refreshed once.
    private func show(_ update: LibraryUpdate) {
        var touchesSelection = update.selectionChanged
        var animated = true
        for change in update.albumChanges {
            switch change {
            case .removed(let index): scroller.removeView(at: index)
            case .inserted(let index): scroller.insertView(at: index, selected: update.insertsTheSelection(at: index))
            case .updated(let index): scroller.reconfigureView(at: index)
            case .appended:
                scroller.appendViews()
                animated = false
            case .reloaded:
                scroller.reload()
                animated = false
            }
            // An album changed in place elsewhere leaves the selection's details as they are.
            if case .updated(let index) = change, index != update.selection { continue }
            touchesSelection = true
        }
        if touchesSelection {
            refreshSelection(animated: animated)
        } else if update.undoStateChanged {
            refreshActions()
        }
    }

    /// Makes the strip, the properties, the track list, the count and the actions follow the
    /// library's selection.
    func refreshSelection(animated: Bool) {
        showStrip(library.count > 0)
        refreshCount()
        if let selected = library.selectedIndex, selected < library.count {
            if scroller.selectedIndex != selected {
                scroller.selectView(at: selected, animated: animated)
            }
            let album = library.album(at: selected)
            properties.show(album.map(propertyRows), folder: album?.folder, emptyState: .noSelection)
        } else {
            properties.show(nil, emptyState: library.count == 0 ? nothingShownState : .noSelection)
        }
        refreshTrackList()
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

    /// Enables every action as its declaration's rule reads the library, the window and the
    /// player, and says what Undo would undo and why Play may not.
    func refreshActions() {
        actions.update(from: self)
        headerBar.describeUndo(library.commandToUndo?.displayName)
        explainPlayButton()
    }
}
