import BlueLibrary
import Fixtures
import Foundation
import GtkKit
import LibraryCore

// MARK: - FollowingBench

/// Music folders followed by themselves (issue 29), in the open window (100,000 albums):
/// - an album folder (two tagged MP3s) written beside a followed music folder and moved into
///   it, as a file manager's copy ends, 20 times: from the move to the album in the strip's
///   model, and the longest main-loop stall meanwhile;
/// - a tree of 20,000 folders watched by a `FolderWatcher` of its own: the time to set the
///   watches up (off the GTK thread), the resident memory it adds, and the reports it makes
///   in 5 s with nothing changing.
@MainActor
struct FollowingBench {
    let controller: MainWindowController
    let root: URL

    static let copies = 20
    static let folderCount = 20_000

    func run() async {
        await copiedIn()
        await twentyThousandFolders()
    }

    // MARK: Album folders copied in

    private func copiedIn() async {
        let maker = MusicFolderMaker(templates: root.appendingPathComponent("templates"))
        let followed = root.appendingPathComponent("Followed"), staging = root.appendingPathComponent("Followed staging")
        let library = controller.library
        do {
            try make("Already There", in: followed, maker: maker)
            for number in 0..<Self.copies { try make("Copied In \(number)", in: staging, maker: maker) }
        } catch {
            note("could not make the followed music: \(error)")
            return
        }
        _ = await library.importMusic([followed])
        guard await waitUntil(seconds: 10, { library.follower?.watchCount ?? 0 >= 2 }) else {
            note("the music folder is not followed")
            return
        }
        var samples: [Double] = []
        let monitor = StallMonitor()
        monitor.start()
        for number in 0..<Self.copies {
            let count = library.count
            let start = nowMilliseconds()
            do {
                try FileManager.default.moveItem(at: staging.appendingPathComponent("Copied In \(number)"),
                                                 to: followed.appendingPathComponent("Copied In \(number)"))
            } catch {
                note("could not move an album folder in: \(error)")
                break
            }
            if await waitUntil(seconds: 10, { library.count == count + 1 }) { samples.append(nowMilliseconds() - start) }
        }
        let stall = monitor.stop()
        BenchResult.distribution(section: "music folders followed", name: "an album folder moved into a followed folder: to the album in the strip",
                                 samples: samples, goal: "≤ 2,000 ms (median)", met: { median, _ in median <= 2000 }).print()
        BenchResult.single(section: "music folders followed", name: "longest main-loop stall while 20 album folders came in", value: stall, unit: "ms",
                           goal: "≤ 16 ms", met: stall <= 16).print()
    }

    private func make(_ album: String, in folder: URL, maker: MusicFolderMaker) throws {
        for track in 1...2 {
            let tags = TrackTags(title: "Track \(track)", artist: "Follower", album: album, genre: "Rock", year: 2020, trackNumber: track)
            try maker.track(folder.appendingPathComponent("\(album)/\(track).mp3"), tags: tags)
        }
    }

    // MARK: 20,000 folders

    private func twentyThousandFolders() async {
        let tree = root.appendingPathComponent("Watched Tree")
        do {
            for index in 0..<Self.folderCount {
                try FileManager.default.createDirectory(at: tree.appendingPathComponent("\(index / 100)/\(index)"), withIntermediateDirectories: true)
            }
        } catch {
            note("could not make the folders: \(error)")
            return
        }
        guard let path = MusicFilePath(url: tree) else { return }
        let reports = ReportCount()
        guard let watcher = FolderWatcher(report: { _ in reports.add() }) else {
            note("no inotify here")
            return
        }
        let before = MemoryCounters.read()?.resident ?? 0
        let start = nowMilliseconds()
        await withCheckedContinuation { continuation in watcher.watch([path]) { continuation.resume() } }
        let setUp = nowMilliseconds() - start
        let after = MemoryCounters.read()?.resident ?? 0
        let watched = watcher.watchCount
        try? await Task.sleep(for: .seconds(5))
        BenchResult.single(section: "music folders followed", name: "watching \(watched) folders: set up, off the GTK thread", value: setUp / 1000, unit: "s",
                           goal: "≤ 2 s", met: setUp <= 2000).print()
        BenchResult.single(section: "music folders followed", name: "resident memory added by watching them (VmRSS after − before)",
                           value: Double(after - before) / 1024, unit: "MiB", goal: "≤ 20 MiB", met: after - before <= 20 * 1024).print()
        let idleReports = reports.value
        BenchResult.single(section: "music folders followed", name: "reports in 5 s with nothing changing", value: Double(idleReports), unit: "",
                           goal: "0", met: idleReports == 0).print()
    }

    /// Waits (up to `seconds`) until `condition` holds; whether it did.
    private func waitUntil(seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = nowMilliseconds() + seconds * 1000
        while !condition() {
            guard nowMilliseconds() < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}

// MARK: - ReportCount

/// How many reports a watcher made (it reports on a queue of its own).
private final class ReportCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
