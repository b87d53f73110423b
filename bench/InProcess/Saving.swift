import Foundation
import LibraryCore

// MARK: - Saving

/// How long saving the 100,000-album library takes (on the writer's queue), and the longest
/// stall of the main loop while saves run in the background.
@MainActor
struct Saving {
    let library: LibraryAPI
    var repetitions = 7

    func run() async {
        var durations: [Double] = []
        for _ in 0..<repetitions {
            library.save()
            let start = nowMilliseconds()
            library.flush()  // writes now, on the writer's queue, and waits
            durations.append(nowMilliseconds() - start)
        }
        BenchResult.distribution(section: "saving", name: "save \(library.albums.count) albums (encode, write, fsync, both files)",
                                 samples: durations, goal: nil, met: nil).print()

        let monitor = StallMonitor()
        monitor.start()
        for _ in 0..<repetitions {
            // What a delete does to the disk: a debounced save on the writer's queue.
            library.save()
            try? await Task.sleep(for: .milliseconds(600))
        }
        let stall = monitor.stop()
        BenchResult.single(section: "saving", name: "longest main-loop stall while saving", value: stall, unit: "ms",
                           goal: "≤ 16 ms", met: stall <= 16).print()
    }
}
