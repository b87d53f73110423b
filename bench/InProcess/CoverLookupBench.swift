import BlueLibrary
import Fixtures
import Foundation
import GtkKit
import LibraryCore

// MARK: - CoverLookupBench

/// Covers found online (issue 32), in the open window (100,000 albums), against the local
/// stand-in for MusicBrainz and the Cover Art Archive (`MusicBrainzServer`):
/// - Find Missing Covers over 1,000 imported albums without a cover, 900 of whose files carry
///   a MusicBrainz release id (the archive is asked directly) and 100 not (one search each):
///   the searches the server saw, the shortest time between two of them, the wall time and
///   the longest main-loop stall;
/// - Find Cover Online on the selected album, 20 times (20 albums whose files carry an id):
///   from the action to the cover painted in the strip, which bounds the time from the
///   server's answer to the cover on screen.
@MainActor
struct CoverLookupBench {
    let controller: MainWindowController
    let server: MusicBrainzServer
    let root: URL

    static let taggedCount = 900
    static let untaggedCount = 100
    static let selectedCount = 20

    /// The releases the server knows: one per album of the bench.
    static var releases: [MusicBrainzServer.Release] {
        (0..<(taggedCount + untaggedCount + selectedCount)).map { number in
            MusicBrainzServer.Release(id: MusicBrainzServer.releaseID(100_000 + number), title: title(number), artist: "Online \(number % 50)",
                                      date: "2001", country: "GB", trackCount: 1)
        }
    }

    static func title(_ number: Int) -> String { "Online Album \(number)" }

    func run() async {
        let maker = MusicFolderMaker(templates: root.appendingPathComponent("templates"))
        let batch = root.appendingPathComponent("Coverless"), single = root.appendingPathComponent("Coverless Selected")
        do {
            try make(0..<(Self.taggedCount + Self.untaggedCount), in: batch, maker: maker)
            try make((Self.taggedCount + Self.untaggedCount)..<Self.releases.count, in: single, maker: maker)
        } catch {
            note("could not make the coverless music: \(error)")
            return
        }
        _ = await controller.library.importMusic([batch])
        await findMissingCovers()
        _ = await controller.library.importMusic([single])
        await findCoverForSelected()
    }

    /// One album folder per release, one tagged track in each, no cover; all but the
    /// untagged ones carry their release id.
    private func make(_ numbers: Range<Int>, in folder: URL, maker: MusicFolderMaker) throws {
        let releases = Self.releases
        for number in numbers {
            let release = releases[number]
            let tagged = number < Self.taggedCount || number >= Self.taggedCount + Self.untaggedCount
            let tags = TrackTags(title: "Track 1", artist: release.artist, album: release.title,
                                 musicBrainzAlbumID: tagged ? release.id : "", trackNumber: 1)
            try maker.track(folder.appendingPathComponent(String(format: "%04d/01.mp3", number)), tags: tags)
        }
    }

    private func findMissingCovers() async {
        let before = (try? server.stats().searches.count) ?? 0
        let monitor = StallMonitor()
        monitor.start()
        let start = nowMilliseconds()
        controller.coverLookup.findMissingCovers()
        while controller.coverLookup.isFindingMissingCovers {
            try? await Task.sleep(for: .milliseconds(20))
        }
        let elapsed = nowMilliseconds() - start
        let stall = monitor.stop()
        let stats = try? server.stats()
        let searches = (stats?.searches.count ?? 0) - before
        let gap = stats?.shortestMusicBrainzGap ?? 0
        note("Find Missing Covers: \(controller.toast.message)")
        BenchResult.single(section: "covers online", name: "Find Missing Covers, 1,000 albums (900 with a release id): searches sent", value: Double(searches),
                           unit: "", goal: "one per album without an id (100)", met: searches == Self.untaggedCount).print()
        BenchResult.single(section: "covers online", name: "shortest time between two MusicBrainz requests, at the server", value: gap, unit: "s",
                           goal: "≥ 1.0 s", met: gap >= 1.0).print()
        BenchResult.single(section: "covers online", name: "Find Missing Covers, 1,000 albums: wall time", value: elapsed / 1000, unit: "s").print()
        BenchResult.single(section: "covers online", name: "longest main-loop stall during Find Missing Covers", value: stall, unit: "ms",
                           goal: "≤ 16 ms", met: stall <= 16).print()
    }

    private func findCoverForSelected() async {
        let library = controller.library
        var samples: [Double] = []
        // The last import's albums are the last of the library's order.
        for index in max(library.count - Self.selectedCount, 0)..<library.count where library.album(at: index)?.coverUrl.isEmpty == true {
            library.selectAlbum(at: index)
            controller.scroller.selectView(at: index, animated: false)
            await waitUntil { (controller.scroller.view(at: index) as? AlbumView)?.showsPlaceholder == true }
            let start = nowMilliseconds()
            controller.coverLookup.findCoverForSelectedAlbum()
            let shown = await waitUntil { (controller.scroller.view(at: index) as? AlbumView)?.showsCover == true }
            if shown { samples.append(nowMilliseconds() - start) }
        }
        BenchResult.distribution(section: "covers online", name: "Find Cover Online (release id known): action to the cover painted in the strip",
                                 samples: samples, goal: "≤ 300 ms", met: { median, _ in median <= 300 }).print()
    }

    /// Waits (up to 10 s) until `condition` holds; whether it did.
    @discardableResult
    private func waitUntil(_ condition: () -> Bool) async -> Bool {
        let deadline = nowMilliseconds() + 10_000
        while !condition() {
            guard nowMilliseconds() < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
