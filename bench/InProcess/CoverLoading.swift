import BlueLibrary
import Fixtures
import Foundation
import GtkKit
import LibraryCore

// MARK: - CoverLoading

/// 200 distinct covers from the local server: how long until all are decoded into textures
/// at the size shown, off the GTK thread (what an album view does, through `CoverTextures`), how many connections the server saw at once, the longest
/// main-loop stall meanwhile, and how many requests a relaunch makes (it must be none: the
/// covers are on disk).
@MainActor
struct CoverLoading {
    let server: CoverServer
    var coverCount = 200

    func run() async {
        let folders = ScratchFolders(prefix: "bluelibrary-bench", defaultLibrary: nil)
        let addresses = (0..<coverCount).map { server.url("/photo-cover/\($0)") }
        let requestsBefore = (try? server.stats().total) ?? 0

        let monitor = StallMonitor()
        monitor.start()
        let start = nowMilliseconds()
        let shown = await load(addresses, with: LibraryAPI(locations: folders.locations))
        let elapsed = nowMilliseconds() - start
        let stall = monitor.stop()
        let stats = try? server.stats()

        BenchResult.single(section: "covers", name: "time until \(coverCount) covers are shown (\(shown) shown)",
                           value: elapsed, unit: "ms").print()
        BenchResult.single(section: "covers", name: "most simultaneous connections the server saw",
                           value: Double(stats?.maxConcurrent ?? -1), unit: "connections").print()
        BenchResult.single(section: "covers", name: "longest main-loop stall while downloading", value: stall, unit: "ms",
                           goal: "≤ 16 ms", met: stall <= 16).print()

        let afterFirstRun = (try? server.stats().total) ?? 0
        let shownAgain = await load(addresses, with: LibraryAPI(locations: folders.locations))
        let relaunchRequests = ((try? server.stats().total) ?? 0) - afterFirstRun
        BenchResult.single(section: "covers", name: "requests on relaunch (\(shownAgain) shown from disk)",
                           value: Double(relaunchRequests), unit: "requests", goal: "0", met: relaunchRequests == 0).print()
        note("covers: \(afterFirstRun - requestsBefore) requests on the first run")
    }

    /// Asks for every cover at once, as the strip's views do, and decodes each as it arrives,
    /// as an album view does; returns how many became textures.
    private func load(_ addresses: [String], with library: LibraryAPI) async -> Int {
        let textures = CoverTextures()
        let requests = addresses.map { address in
            Task { @MainActor in
                guard case .success(let data) = await library.cover(for: address) else { return false }
                let key = CoverTextures.Key(address: address, pixelSize: AlbumView.coverSize)
                return (try? await textures.decode(data, for: key)) != nil
            }
        }
        var shown = 0
        for request in requests where await request.value { shown += 1 }
        return shown
    }
}
