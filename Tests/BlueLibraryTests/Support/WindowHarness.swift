import Fixtures
import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
import WindowDiagnostics
@testable import GtkKit
@testable import LibraryCore

/// The real window, built by the real app on temporary XDG folders, and driven as a user
/// would: actions, clicks and key presses, with the main loop running in between.
@MainActor
final class WindowHarness {
    let folders: TestFolders
    let library: LibraryAPI
    let app: BlueLibraryApp
    let window: MainWindowController

    /// How long a download may take in the window's library, in all (libcurl's timeout), unless
    /// a test says otherwise.
    static let downloadTimeout = Duration.seconds(5)

    /// Opens the window over `albums` (the bundled library when nil) and waits until it is
    /// on screen with the focus in the strip; covers are looked up online at `lookupServices`.
    ///
    /// Notices stay until closed (Preferences ▸ Keep Notices Until Closed), as a user who
    /// needs the time has them: a test reads a notice, and clicks its Undo, however long a
    /// loaded machine takes to get there. `keepsNoticesUntilClosed: false` for the 5 seconds.
    /// A download gives up after `downloadTimeout`.
    init(albums: [Album]? = nil, folders: TestFolders = TestFolders(), keepsNoticesUntilClosed: Bool = true,
         downloadTimeout: Duration = WindowHarness.downloadTimeout,
         lookupServices: CoverLookupServices = CoverLookupServices(musicBrainz: "http://127.0.0.1:9", coverArtArchive: "http://127.0.0.1:9")) async throws {
        try #require(MainLoopDriver.start(), "GTK needs a display: run the tests under xvfb-run")
        self.folders = folders
        if let albums {
            try folders.writeLibrary(albums)
        }
        var http = HTTPClient.Configuration()
        http.connectTimeout = .seconds(2)
        http.totalTimeout = downloadTimeout
        let library = LibraryAPI(locations: folders.locations, http: http, lookupServices: lookupServices, saveDelay: .milliseconds(20))
        self.library = library
        library.preferences.keepsNoticesUntilClosed = keepsNoticesUntilClosed
        app = BlueLibraryApp(allowsMultipleInstances: true, library: { library })
        app.application.register()
        app.activate()
        window = try #require(app.windowController)
        let shown = await MainLoopDriver.run(until: { [window] in
            window.window.isMapped && (window.scroller.hasFocus || library.albums.isEmpty)  // empty: no strip
        })
        #expect(shown, "the window should open with the focus in the cover strip")
        await nextFrames()
    }

    /// Closes the window and writes what is pending, as quitting does (without the warning
    /// about changes that could not be saved).
    func close() async {
        app.quit(warningOfUnsavedChanges: false)
        await MainLoopDriver.settle(frames: 1)
    }

    var report: WindowReport { window.report() }

    // MARK: Driving

    /// Activates a window action (`win.delete`), as its shortcut or button would.
    func activate(_ action: String) {
        #expect(window.window.activateAction(action), "\(action) should exist")
    }

    /// Runs the loop until `condition` holds; records a failure naming `what` if it never does.
    @discardableResult
    func wait(for what: String, timeout: Duration = MainLoopDriver.hangGuard, until condition: @MainActor () -> Bool) async -> Bool {
        let held = await MainLoopDriver.run(until: condition, timeout: timeout)
        #expect(held, "timed out waiting for \(what)")
        return held
    }

    /// Runs xdotool and keeps the loop running until it is done, then lets GTK settle.
    func deliver(_ arguments: [String]) async throws {
        let process = try InputDriver.start(arguments)
        await wait(for: "xdotool \(arguments.joined(separator: " "))") { !process.isRunning }
        #expect(process.terminationStatus == 0)
        await nextFrames()
    }

    /// Runs the loop until the window has drawn `count` more frames: what a change made
    /// before the call looks like once GTK has laid it out and painted it, however slowly.
    func nextFrames(_ count: Int = 3) async {
        var frames = 0
        window.window.addTickCallback { _ in
            frames += 1
            return frames < count
        }
        await wait(for: "\(count) frames") { frames >= count }
    }

    var input: InputDriver { InputDriver(windowID: window.window.x11WindowID) }

    /// Clicks the middle of the cover at `index` (it must be materialised) with `button`.
    func clickCover(at index: Int, button: Int = 1) async throws {
        let view = try #require(window.scroller.view(at: index) as? AlbumView, "cover \(index) should be on screen")
        let size = view.allocatedSize
        let point = try #require(view.surfacePoint(x: Double(size.width) / 2, y: Double(size.height) / 3))
        try await deliver(input.click(x: point.x, y: point.y, button: button))
    }

    func press(_ keys: String) async throws {
        try await deliver(input.press(keys))
    }

    /// Waits until the centring animation has ended and returns whether `index` is centred
    /// (as far as the ends of the strip allow).
    func isCentred(_ index: Int) async -> Bool {
        await wait(for: "the centring animation to end") { [window] in !window.scroller.isAnimating }
        await nextFrames()
        return window.scroller.isCentred(index)
    }
}

/// Albums whose covers come from `server`, at `paths` (one album per path).
func albums(coveredBy server: CoverServer, paths: [String]) -> [Album] {
    paths.enumerated().map { number, path in
        Album(title: "Album \(number)", artist: "Artist \(number)", genre: "Genre", coverUrl: server.url(path), year: "2001")
    }
}
