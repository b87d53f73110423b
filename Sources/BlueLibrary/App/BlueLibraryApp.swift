import Foundation
import GtkKit
import LibraryCore

// MARK: - BlueLibraryApp

/// The application: one instance per session (a second launch presents the first window),
/// app-wide actions (quit, about), keyboard shortcuts, the style sheet, and saving at quit.
@MainActor
public final class BlueLibraryApp {
    let application: Application
    private let makeLibrary: @MainActor () -> LibraryAPI
    private(set) var library: LibraryAPI?
    private(set) var mainWindow: MainWindow?

    /// - Parameters:
    ///   - allowsMultipleInstances: tests run several apps side by side.
    ///   - library: the library to show; the user's (`LibraryAPI.shared`) unless a test
    ///     passes one over temporary folders.
    public init(allowsMultipleInstances: Bool = false, library: @escaping @MainActor () -> LibraryAPI = { LibraryAPI.shared }) {
        application = Application(id: AppInfo.applicationID, allowsMultipleInstances: allowsMultipleInstances)
        makeLibrary = library
        application.onActivate { [weak self] in self?.activate() }
        application.onShutdown { [weak self] in self?.library?.flush() }
        addActions()
    }

    /// Runs the app until it quits; returns the exit status.
    public func run() -> Int32 {
        MainLoop.drainDispatchMainQueue()
        MainLoop.onTerminationRequest { [weak self] in self?.quit() }
        return application.run()
    }

    /// Opens the window, or presents it if it is already open (a second launch).
    func activate() {
        if let mainWindow {
            mainWindow.present()
            return
        }
        AppStyle.load()
        let library = makeLibrary()
        self.library = library
        let window = MainWindow(application: application, library: library)
        mainWindow = window
        window.present()
    }

    // MARK: Actions

    private func addActions() {
        application.addAction("quit") { [weak self] in self?.quit() }
        application.addAction("about") { [weak self] in self?.showAbout() }
        application.setAccelerators(["<Control>q"], for: "app.quit")
        application.setAccelerators(["<Control>w"], for: "window.close")
        application.setAccelerators(["<Control>question"], for: "win.show-help-overlay")
        for (action, keys) in WindowActions.accelerators {
            application.setAccelerators(keys, for: action)
        }
    }

    /// Saves and quits (Ctrl+Q).
    func quit() {
        if let mainWindow {
            mainWindow.rememberWindowSize()
            mainWindow.window.destroy()
        }
        library?.flush()
        application.quit()
    }

    private func showAbout() {
        guard let mainWindow else { return }
        AboutDialog.present(AboutDialog.Content(
            programName: AppInfo.name,
            version: AppInfo.version,
            comments: localized("Browse your music albums by their covers."),
            website: AppInfo.website,
            logoIconName: AppInfo.applicationID,
            copyright: localized("© 2026 The BlueLibrary authors")
        ), over: mainWindow.window)
    }
}
