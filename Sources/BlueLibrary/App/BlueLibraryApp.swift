import Foundation
import GtkKit
import LibraryCore

// MARK: - BlueLibraryApp

/// The application: one instance per session (a second launch presents the first window, or
/// opens it again), app-wide actions (quit, about, preferences), keyboard shortcuts, the
/// resource bundle, the library and its playback (`PlaybackSession`), both made when the
/// library opens and kept until quit whatever windows come and go, and saving at quit.
@MainActor
public final class BlueLibraryApp {
    let application: Application
    private let makeLibrary: @MainActor () -> LibraryAPI
    private(set) var library: LibraryAPI?
    /// The main window's controller while the window is open.
    package internal(set) var windowController: MainWindowController?
    /// The player and its app-wide observers, from the library's opening to quit: the window,
    /// GNOME Shell's search and Open With reach the same one.
    package private(set) var playback: PlaybackSession?
    /// Whether a main window was opened before (the problems met opening the library are told
    /// in the first one only).
    private var hasOpenedWindow = false
    /// Whether the app holds itself running for music playing with no window open.
    var isHeldForMusic = false
    /// Follows the player while no window is open (`followMusicWithoutWindow(_:)`): the app
    /// holds itself while music plays, and lets go when it stops.
    var heldMusicObservation: PlayerObservation?
    /// The Preferences window while it is open.
    package internal(set) var preferencesWindow: AppPreferencesWindow?

    /// Album list files to import once the window opens (`bluelibrary --import FILE`).
    public var filesToImport: [URL] = []
    /// Music folders given on the command line (`bluelibrary FOLDER…`), passed to GApplication,
    /// which hands them to the running instance.
    public var musicToOpen: [String] = []
    /// What `run` returns when the app ends normally.
    private var exitStatus: Int32 = 0
    /// Shown while another process holds the library, and if it keeps it.
    private(set) var inUseWindow: LibraryInUseWindow?
    /// Checks whether the library is free yet, while `inUseWindow` says it is waiting.
    private var lockPoll: Timeout?
    /// Whether the launch waits for another process to let go of the library.
    var isWaitingForLibrary: Bool { lockPoll != nil }
    /// Music folders handed over while the launch waits for the library: imported once it
    /// opens (`open(_:)`).
    var musicAwaitingLibrary: [URL] = []
    /// What other launches ask of this one over the session bus, from its startup.
    private var launchRequests: LaunchRequests?
    /// Whether several apps run side by side (tests): none owns the app's name.
    private let allowsMultipleInstances: Bool
    /// GNOME Shell's search of the library, from `run`.
    private var searchProvider: ShellSearchProvider?
    /// Whether the desktop started the app as a D-Bus service (`--gapplication-service`): it
    /// opens no window until asked to, and ends after `serviceInactivityTimeout` unused.
    public var runsAsService = false
    /// How long a BlueLibrary started as a service waits for a question or a window.
    static let serviceInactivityTimeout = Duration.seconds(60)

    /// Called with the main window's controller when it has been created, before it is shown:
    /// where `main` attaches observers of its own (the diagnostics).
    public var onWindowOpened: (@MainActor (MainWindowController) -> Void)?

    /// - Parameters:
    ///   - allowsMultipleInstances: tests run several apps side by side.
    ///   - library: the library to show; the user's (`LibraryAPI.shared`) unless a test
    ///     passes one over temporary folders.
    public init(allowsMultipleInstances: Bool = false, library: @escaping @MainActor () -> LibraryAPI = { LibraryAPI.shared }) {
        AppResources.register()
        application = Application(id: AppInfo.applicationID, allowsMultipleInstances: allowsMultipleInstances, handlesOpen: true)
        self.allowsMultipleInstances = allowsMultipleInstances
        makeLibrary = library
        application.onActivate { [weak self] in self?.activate() }
        application.onStartup { [weak self] in
            guard let self else { return }
            launchRequests = LaunchRequests(app: self, application: application)
        }
        application.onOpen { [weak self] folders in self?.open(folders) }
        application.onShutdown { [weak self] in
            self?.playback?.shutDown()
            self?.library?.close()
        }
        addActions()
    }

    /// Runs the app until it quits; returns the exit status.
    public func run() -> Int32 {
        MainLoop.drainDispatchMainQueue()
        MainLoop.onTerminationRequest { [weak self] in self?.quit(warningOfUnsavedChanges: false) }
        if runsAsService { application.runAsService(inactivityTimeout: Self.serviceInactivityTimeout) }
        // Before the name is taken: the search that started the app finds its provider.
        if !allowsMultipleInstances { searchProvider = ShellSearchProvider(app: self, application: application) }
        let status = application.run(files: musicToOpen)
        return status == 0 ? exitStatus : status
    }

    /// Registers with the session: `true` if another process is the running instance, which
    /// this launch would only activate.
    public func isAnotherInstanceRunning() -> Bool {
        application.register()
        return application.isRemote
    }

    /// Opens the window, or presents it if it is already open (a second launch), or opens it
    /// again with the player as it is (music played on with the window closed).
    func activate() {
        if let windowController {
            windowController.present()
            return
        }
        if library == nil, LibraryPreload.isWaitingForLock {
            if let inUseWindow { inUseWindow.present() } else { waitForLibrary() }
            return
        }
        guard let library = openLibrary(), let playback else {
            // One instance per library: this launch was not sent to the running one (no
            // session bus, or one it cannot reach), and must not write the same database.
            let folder = makeLibrary().dataFolder
            Log.ui.message("BlueLibrary is already running with the library in \(folder.path); use its window.")
            exitStatus = 1
            let window = inUseWindow ?? LibraryInUseWindow(application: application, libraryFolder: folder)
            inUseWindow = window
            window.showInUse()
            refuseMusic(musicAwaitingLibrary)
            musicAwaitingLibrary = []
            window.present()
            return
        }
        openWindow(over: library, playback: playback)
        // The waiting window goes once the library's is there (never no window in between,
        // which would end the app).
        inUseWindow?.window.destroy()
        inUseWindow = nil
        for file in filesToImport { windowController?.albumLists.importAlbumList(from: file) }
        filesToImport = []
        if !musicAwaitingLibrary.isEmpty { windowController?.musicImport.openMusic(musicAwaitingLibrary) }
        musicAwaitingLibrary = []
    }

    /// The library, opened with its playback if it is not open yet, with no window (GNOME
    /// Shell's search asks a BlueLibrary that the desktop started as a service); nil while
    /// another process holds it.
    func openLibrary() -> LibraryAPI? {
        if let library { return library }
        guard !LibraryPreload.isWaitingForLock else { return nil }
        let library = makeLibrary()
        guard !library.isInUseElsewhere else { return nil }
        self.library = library
        playback = PlaybackSession(application: application, library: library,
                                   onRaise: { [weak self] in self?.activate() },
                                   onQuit: { [weak self] in self?.quit() })
        if let playback, windowController == nil { followMusicWithoutWindow(playback.player) }  // the media controls may start it
        return library
    }

    /// Opens the main window over `library`, showing and driving the app's player.
    private func openWindow(over library: LibraryAPI, playback: PlaybackSession) {
        AppResources.applyWindowIcon()
        let controller = MainWindowController(application: application, library: library, player: playback.player)
        controller.onClosed = { [weak self] in self?.windowClosed() }
        controller.hasToldLoadProblems = hasOpenedWindow
        hasOpenedWindow = true
        windowController = controller
        onWindowOpened?(controller)
        controller.present()
        stopHoldingForMusic()  // the window keeps the app running now
    }

    /// Shows that the launch waits for another process to let go of the library, and
    /// activates again once the wait is over (the library opened, or it is still held).
    private func waitForLibrary() {
        Log.ui.message("the window opens once the library is free")
        let window = LibraryInUseWindow(application: application, libraryFolder: StorageLocations.standard.dataFolder)
        inUseWindow = window
        window.present()
        lockPoll = Timeout(milliseconds: 50, repeats: true) { [weak self] in
            guard let self, !LibraryPreload.isWaitingForLock else { return }
            self.lockPoll?.cancel()
            self.lockPoll = nil
            self.activate()
        }
    }

    // MARK: Actions

    private func addActions() {
        for action in AppAction.allCases where action.group == .app {
            guard case .application(let perform) = action.declaration.handler else { continue }
            application.addAction(action.name) { [weak self] in
                if let self { perform(self) }
            }
        }
        application.setAccelerators(of: AppAction.allCases)
    }

    /// Saves and quits (Ctrl+Q); changes that could not be saved keep the window open once,
    /// with a warning.
    public func quit(warningOfUnsavedChanges: Bool = true) {
        if let windowController {
            windowController.rememberWindowSize()
            guard !warningOfUnsavedChanges || windowController.mayClose() else { return }
            preferencesWindow?.close()  // before its parent, which would destroy it
            preferencesWindow = nil
            windowController.prepareToClose()
            windowController.window.destroy()
        }
        playback?.shutDown()
        stopHoldingForMusic()
        library?.flush()
        application.quit()
    }

    /// Whether the app is to start again once it has quit: the user started a new library,
    /// which the next start opens.
    private var isRestartRequested = false

    /// After `run()`: starts the app again in this process if the user asked for it (a new
    /// library); returns when not (or when the system refused, which is logged).
    public func restartIfRequested() {
        guard isRestartRequested else { return }
        Log.ui.message("starting again with the new library")
        application.releaseBusName()  // free for the new start at once, not when the bus notices
        let reason = ProcessImage.restart()
        Log.ui.warning("BlueLibrary could not start again (\(reason)); open it again to use the new library")
    }

    /// Starts a separate library for this version beside a newer version's (which stays as
    /// it is), by quitting and starting again: the start opens the new one.
    func startNewLibrary() {
        guard let library, library.isReadOnly else { return }
        guard library.startSeparateLibrary() else {
            let folder = StorageLocations.standard.separateLibrary.dataFolder.path
            windowController?.problems.show([localized("The folder “%@” could not be made.", folder)],
                                            heading: localized("A New Library Could Not Be Started"))
            return
        }
        isRestartRequested = true
        quit(warningOfUnsavedChanges: false)
    }

    func showAbout() {
        guard let windowController else { return }
        // The translator's name, from the translation itself ("translator-credits" is the
        // gettext convention libadwaita documents); English has none.
        let translators = localized("translator-credits")
        AboutWindow.present(AboutWindow.Content(
            applicationName: AppInfo.name,
            applicationIcon: AppInfo.applicationID,
            version: AppInfo.version,
            comments: localized("Browse your music albums by their covers."),
            website: AppInfo.website,
            issueURL: AppInfo.website + "/issues",
            developers: [localized("The BlueLibrary authors")],
            copyright: localized("© 2026 The BlueLibrary authors"),
            translatorCredits: translators == "translator-credits" ? nil : translators
        ), over: windowController.window)
    }
}
