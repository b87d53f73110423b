import Foundation
import GtkKit
import LibraryCore
import TestSupport
@testable import BlueLibrary

// MARK: - BenchmarkSession

/// The app over temporary folders and a local cover server, and the scenarios run in it.
@MainActor
final class BenchmarkSession {
    let albumCount: Int
    let folders = TestFolders()
    let server: TestHTTPServer
    let library: LibraryAPI
    let app: BlueLibraryApp

    init(albumCount: Int) {
        self.albumCount = albumCount
        do {
            let server = try TestHTTPServer()
            self.server = server
            let albums = (0..<albumCount).map { number in
                Album(title: "Album \(number)", artist: "Artist \(number % 997)", genre: "Genre \(number % 13)",
                      coverUrl: server.url("/cover/\(number)"), year: "\(1950 + number % 70)")
            }
            try folders.writeLibrary(String(decoding: try AlbumList.encode(albums), as: UTF8.self))
        } catch {
            note("could not prepare the library: \(error)")
            exit(1)
        }
        library = LibraryAPI(locations: folders.locations)
        app = BlueLibraryApp(allowsMultipleInstances: true, library: { [library] in library })
    }

    /// Runs the app's loop with the scenarios as a task inside it; returns the exit status.
    func run() -> Int32 {
        Task { @MainActor in
            await runScenarios()
            app.quit()
        }
        return app.run()
    }

    private func runScenarios() async {
        guard let window = await openedWindow(), let frames = FrameWatcher(window: window.window) else {
            note("the window did not open")
            exit(1)
        }
        note("window open with \(library.albums.count) albums")
        await Interactions(window: window, frames: frames).run()
        await Saving(library: library).run()
        await CoverLoading(server: server).run()
    }

    /// The main window once it is on screen with its visible covers placed.
    private func openedWindow() async -> MainWindow? {
        for _ in 0..<2000 {
            if let window = app.mainWindow, window.window.isMapped, window.visibleCoversArePlaced {
                return window
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}
