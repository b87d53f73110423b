import Foundation
import LibraryCore

// MARK: - Saving

/// What one deletion costs the disk at 100,000 albums: the bytes the process writes
/// (`/proc/self/io` `write_bytes`, which counts what reaches the block layer, and `wchar`,
/// every byte handed to `write`) and the latency of its commit on the commit queue; and the
/// longest stall of the main loop while deletions and undos commit in the background.
@MainActor
struct Saving {
    let library: LibraryAPI
    /// Deletions and undos measured for the bytes written (the goal is the worst of 50).
    var repetitions = 50

    func run() async {
        var commits: [Double] = []
        var written: [Double] = []
        var handed: [Double] = []
        library.flush()
        for round in 0..<repetitions {
            let before = IOCounters.read()
            let start = nowMilliseconds()
            if round.isMultiple(of: 2) { library.deleteAlbum(at: library.count / 2) } else { library.undo() }
            library.flush()  // waits for the commit (and the state file) on their queues
            commits.append(nowMilliseconds() - start)
            if let before, let after = IOCounters.read() {
                written.append(Double(after.writeBytes - before.writeBytes) / 1024)
                handed.append(Double(after.writtenCharacters - before.writtenCharacters) / 1024)
            }
        }
        BenchResult.distribution(section: "saving", name: "delete or undo at \(library.count) albums: to committed (incl. state.json)",
                                 samples: commits, goal: nil, met: nil).print()
        let worst = written.max() ?? .infinity
        BenchResult.single(section: "saving", name: "bytes written per deletion or undo (write_bytes, worst of \(written.count))", value: worst, unit: "KiB",
                           goal: "≤ 64 KiB", met: worst <= 64).print()
        BenchResult.single(section: "saving", name: "bytes written per deletion or undo (write_bytes, median)", value: median(written), unit: "KiB").print()
        BenchResult.single(section: "saving", name: "bytes handed to write() per deletion or undo (wchar, worst)", value: handed.max() ?? 0, unit: "KiB",
                           goal: nil, met: nil).print()

        let monitor = StallMonitor()
        monitor.start()
        for round in 0..<9 {
            if round.isMultiple(of: 2) { library.deleteAlbum(at: library.count / 2) } else { library.undo() }
            try? await Task.sleep(for: .milliseconds(400))
        }
        let stall = monitor.stop()
        BenchResult.single(section: "saving", name: "longest main-loop stall over 9 deletions or undos (each change drawn, its commit on the commit queue)", value: stall, unit: "ms",
                           goal: "≤ 16 ms", met: stall <= 16).print()
    }
}

/// The middle value of `values` (0 when empty).
private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

// MARK: - IOCounters

/// The process's own I/O counters from `/proc/self/io`.
struct IOCounters {
    let writeBytes: Int
    let writtenCharacters: Int

    static func read() -> IOCounters? {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return nil }
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            if parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespaces)) { values[String(parts[0])] = value }
        }
        guard let writeBytes = values["write_bytes"], let wchar = values["wchar"] else { return nil }
        return IOCounters(writeBytes: writeBytes, writtenCharacters: wchar)
    }
}
