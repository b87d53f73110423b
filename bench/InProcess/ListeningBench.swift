import BlueLibrary
import Fixtures
import Foundation
import LibraryCore

// MARK: - ListeningBench

/// What the listening history and ListenBrainz's outbox cost, at the library's size: recording
/// a listen on the GTK thread (the commit is on the commit queue), and sending 50,000 waiting
/// listens to a local stand-in (`ListenBrainzServer`) in batches of 1,000, with the longest
/// main-loop stall while they go; then, with the history grown to 1,000,000 listens over every
/// album (recorded as the app records them, not sent), a change of sort to Recently Played and
/// Most Played (at a typist's pace, then once the covers on screen are shown, beside the
/// albums' own sorts), and a search keystroke under Most Played, to the strip painted.
@MainActor
struct ListeningBench {
    let controller: MainWindowController
    let frames: FrameWatcher
    var library: LibraryAPI { controller.library }
    /// Listens that wait when the sending starts.
    var waiting = 50_000
    /// The history's length when the played sorts are measured (`BLUELIBRARY_BENCH_LISTENS`
    /// sets another, to try a change quickly).
    var history = ProcessInfo.processInfo.environment["BLUELIBRARY_BENCH_LISTENS"].flatMap { Int($0) } ?? 1_000_000

    func run() async {
        let token = "bench-token"
        guard let down = try? ListenBrainzServer(tokens: [token]), let server = try? ListenBrainzServer(tokens: [token]),
              let parsed = ListenBrainzToken(pasted: token) else {
            note("the ListenBrainz stand-in did not start")
            return
        }
        // Connected to a service that is down (the first retry an hour away): the listens wait.
        try? down.fail(.down, next: 1)
        library.listenHistory.outbox.connect(parsed, client: ListenBrainzClient(baseURL: down.baseURL), firstRetry: .seconds(3600))
        var recording: [Double] = []
        for number in 0..<waiting {
            let listen = Self.listen(number, album: library.albumID(at: number % max(library.count, 1)) ?? 1)
            let start = nowMilliseconds()
            library.listenHistory.record(listen)
            recording.append(nowMilliseconds() - start)
        }
        library.flush()
        // The 50,000 events of the recording (one per listen, a few minutes apart in real use)
        // are handled before the sending is measured.
        try? await Task.sleep(for: .seconds(2))
        BenchResult.distribution(section: "listening", name: "recording a listen on the GTK thread (\(waiting) listens, the commit queued)",
                                 samples: recording, goal: "≤ 1 ms (p99)", met: { _, p99 in p99 <= 1 }).print()

        let monitor = StallMonitor()
        monitor.start()
        let start = nowMilliseconds()
        library.listenHistory.outbox.connect(parsed, client: ListenBrainzClient(baseURL: server.baseURL))
        while library.listenHistory.outbox.report.status != .upToDate || library.listenHistory.outbox.report.waiting != 0 {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let took = (nowMilliseconds() - start) / 1000
        let stall = monitor.stop()
        let stats = try? server.stats()
        let kept = stats?.listens.count ?? 0
        BenchResult.single(section: "listening", name: "sending \(waiting) waiting listens to a local stand-in (\(stats?.submissions.count ?? 0) batches, \(kept) kept, \(stats?.duplicates ?? -1) twice)",
                           value: took, unit: "s", goal: "≤ 10 s", met: took <= 10 && kept == waiting).print()
        BenchResult.single(section: "listening", name: "longest main-loop stall while they are sent", value: stall, unit: "ms",
                           goal: "≤ 16 ms", met: stall <= 16).print()
        library.listenHistory.outbox.disconnect()

        await growHistory()
        let browsing = BrowsingBench(controller: controller, frames: frames)
        var sorts: [Double] = []
        for _ in 0..<5 {
            for sort in [AlbumSort.mostPlayed, .recentlyPlayed] { sorts.append(await browsing.sortChange(to: sort)) }
            _ = await browsing.sortChange(to: .libraryOrder)
        }
        BenchResult.distribution(section: "listening", name: "change of sort to Most or Recently Played at a typist's pace, the covers of the order before still arriving (\(library.count) albums, every one played, \(history) listens), to the strip painted",
                                 samples: sorts, goal: nil, met: nil).print()
        // Then as a user picks a sort from the menu: once the answer before shows its covers,
        // the played sorts and, for comparison, the albums' own sorts, in the same window.
        var played: [Double] = []
        var others: [Double] = []
        for _ in 0..<5 {
            for sort in [AlbumSort.mostPlayed, .recentlyPlayed] { played.append(await browsing.sortChangeOnceCoversArePlaced(to: sort)) }
            for sort in [AlbumSort.title, .artist] { others.append(await browsing.sortChangeOnceCoversArePlaced(to: sort)) }
        }
        _ = await browsing.sortChange(to: .libraryOrder)
        BenchResult.distribution(section: "listening", name: "change of sort to Most or Recently Played once the covers on screen are shown (\(history) listens), to the strip painted",
                                 samples: played, goal: "≤ 16 ms (median)", met: { median, _ in median <= 16 }).print()
        BenchResult.distribution(section: "listening", name: "change of sort to Title or Artist once the covers on screen are shown (the same window, for comparison)",
                                 samples: others, goal: nil, met: nil).print()
        let inLibraryOrder = await browsing.typing(BrowsingBench.typed)
        BenchResult.distribution(section: "listening", name: "keystroke in the search field, in the library's order (the same window, for comparison)",
                                 samples: inLibraryOrder, goal: nil, met: nil).print()
        _ = await browsing.sortChange(to: .mostPlayed)
        let keystrokes = await browsing.typing(BrowsingBench.typed)
        _ = await browsing.sortChange(to: .libraryOrder)
        BenchResult.distribution(section: "listening", name: "keystroke in the search field, sorted by Most Played (\(history) listens), to the strip painted (\(keystrokes.count) keys)",
                                 samples: keystrokes, goal: "≤ 16 ms (median)", met: { median, _ in median <= 16 }).print()
    }

    /// Records listens (not sent: the outbox is disconnected) until the history has `history`,
    /// spread over every album, in the main loop's turns as a long use of the app would, and
    /// returns once they are committed.
    private func growHistory() async {
        let start = nowMilliseconds()
        let albums = max(library.count, 1)
        var number = waiting
        while number < history {
            for _ in 0..<min(10_000, history - number) {
                library.listenHistory.record(Self.listen(number, album: library.albumID(at: (number * 7_919) % albums) ?? 1))
                number += 1
            }
            library.flush()
            _ = await library.listenHistory.plays(ofTracksAt: [])  // the commits before it are done
        }
        let took = (nowMilliseconds() - start) / 1000
        note("the history grown from \(waiting) to \(history) listens over \(albums) albums in \(String(format: "%.1f", took)) s (recorded and committed)")
    }

    /// A listen of a 200-second track of album `album`, `number` seconds after 1,700,000,000.
    private static func listen(_ number: Int, album: AlbumID) -> Listen {
        Listen(path: MusicFilePath(bytes: Array("/bench/\(number).flac".utf8)), albumID: album,
               listenedAt: Date(timeIntervalSince1970: Double(1_700_000_000 + number)), played: 100, duration: 200,
               artist: "Artist \(number % 997)", title: "Track \(number)", release: "Album \(number % 1000)")
    }
}
