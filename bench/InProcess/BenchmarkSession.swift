import BlueLibrary
import Fixtures
import Foundation
import GtkKit
import LibraryCore
import WindowDiagnostics

// MARK: - BenchmarkSession

/// The app over temporary folders and a local cover server, and the scenarios run in it.
@MainActor
final class BenchmarkSession {
    let albumCount: Int
    let folders = ScratchFolders(prefix: "bluelibrary-bench", defaultLibrary: nil)
    let server: CoverServer
    /// The stand-in for MusicBrainz and the Cover Art Archive.
    let lookupServer: MusicBrainzServer
    let library: LibraryAPI
    let app: BlueLibraryApp

    init(albumCount: Int) {
        self.albumCount = albumCount
        do {
            let server = try CoverServer()
            self.server = server
            // Covers of 288 × 288 pixels, as the C window's (`bench/bluebench/versus_c.py`) and
            // a real cover's: the app decodes them at the 144 points shown and draws them unscaled.
            let albums = (0..<albumCount).map { number in
                Album(title: "Album \(number)", artist: "Artist \(number % 997)", genre: "Genre \(number % 13)",
                      coverUrl: server.url("/shaped-cover/288x288/\(number)"), year: "\(1950 + number % 70)")
            }
            try folders.writeLegacyLibrary(try AlbumList.encode(albums))
            lookupServer = try MusicBrainzServer(releases: CoverLookupBench.releases)
        } catch {
            note("could not prepare the library: \(error)")
            exit(1)
        }
        library = LibraryAPI(locations: folders.locations,
                             lookupServices: CoverLookupServices(musicBrainz: lookupServer.baseURL, coverArtArchive: lookupServer.baseURL))
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
        guard let controller = await openedWindow(), let frames = FrameWatcher(window: controller.window) else {
            note("the window did not open")
            exit(1)
        }
        note("window open with \(library.count) albums")
        let music = folders.root.appendingPathComponent("music")
        if runs("interactions") { await Interactions(controller: controller, frames: frames).run() }
        if runs("browsing") { await BrowsingBench(controller: controller, frames: frames).run() }
        if runs("saving") { await Saving(library: library).run() }
        if runs("covers") { await CoverLoading(server: server).run() }
        if runs("import") { await MusicImportBench(controller: controller, root: music).run() }
        if runs("covers-online") { await CoverLookupBench(controller: controller, server: lookupServer, root: music).run() }
        if runs("following") { await FollowingBench(controller: controller, root: music).run() }
        if runs("listening") { await ListeningBench(controller: controller, frames: frames).run() }
    }

    /// Whether the scenario `name` runs: all of them, unless `BLUELIBRARY_BENCH_ONLY` names
    /// some (comma-separated: interactions, browsing, saving, covers, import, covers-online,
    /// following, listening),
    /// to measure one thing again without the others.
    private func runs(_ name: String) -> Bool {
        guard let only = ProcessInfo.processInfo.environment["BLUELIBRARY_BENCH_ONLY"], !only.isEmpty else { return true }
        return only.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == name }
    }

    /// The main window once it is on screen with its visible covers placed.
    private func openedWindow() async -> MainWindowController? {
        for _ in 0..<2000 {
            if let controller = app.windowController, controller.window.isMapped, controller.visibleCoversArePlaced {
                return controller
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}
