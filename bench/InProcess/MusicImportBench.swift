import BlueLibrary
import Foundation
import GtkKit
import LibraryCore
import Fixtures

// MARK: - MusicImportBench

/// Importing a music folder into the open window (100,000 albums): a generated folder of
/// 10,000 tracks in 1,000 album folders (MP3, tagged through TagLib; every album folder has a
/// cover.png, in ten colours), imported a first time and again with nothing changed, each
/// through the window's own import (progress bar included): the wall time and the longest
/// main-loop stall. Then, through `LibraryAPI` alone (no selection moving across the strip,
/// whose new covers would count too), how much the process's peak memory rises importing
/// another such folder, and a tenth of it: memory should not grow with the number of tracks.
/// Last, the first folder imported into new libraries, read by the helpers and by TagLib in
/// this process, side by side (issue 56's goal: the helpers at most 1.15× the time).
@MainActor
struct MusicImportBench {
    let controller: MainWindowController
    let root: URL

    func run() async {
        let maker = MusicFolderMaker(templates: root.appendingPathComponent("templates"))
        let small = root.appendingPathComponent("Small"), large = root.appendingPathComponent("Music")
        let other = root.appendingPathComponent("More Music")
        do {
            let start = nowMilliseconds()
            try make(albums: 100, in: small, maker: maker)
            try make(albums: 1000, in: large, maker: maker)
            try make(albums: 1000, in: other, maker: maker)
            note("music folders made in \(Int(nowMilliseconds() - start)) ms")
        } catch {
            note("could not make the music folders: \(error)")
            return
        }
        let control = await cardAlone()
        let first = await importOnce(large)
        let second = await importOnce(large)
        let smallPeak = await peakRise(importing: small)
        let largePeak = await peakRise(importing: other)
        let readers = await compareReaders(importing: large)
        BenchResult.single(section: "import", name: "first import of 10,000 tracks in 1,000 folders: to the last album shown", value: first.milliseconds / 1000, unit: "s",
                           goal: "≤ 10 s", met: first.milliseconds <= 10_000).print()
        BenchResult.single(section: "import", name: "second import, nothing changed", value: second.milliseconds / 1000, unit: "s",
                           goal: "≤ 2 s", met: second.milliseconds <= 2000).print()
        BenchResult.single(section: "import", name: "longest main-loop stall during the first import", value: first.stall, unit: "ms",
                           goal: "≤ 16 ms", met: first.stall <= 16).print()
        BenchResult.single(section: "import", name: "longest main-loop stall during the second import", value: second.stall, unit: "ms",
                           goal: "≤ 16 ms", met: second.stall <= 16).print()
        BenchResult.single(section: "import", name: "control: longest stall showing the progress card 0.6 s with no import", value: control, unit: "ms").print()
        BenchResult.single(section: "import", name: "peak memory rise importing 1,000 tracks (VmHWM − RSS before)", value: smallPeak, unit: "MiB").print()
        BenchResult.single(section: "import", name: "peak memory rise importing 10,000 tracks (VmHWM − RSS before)", value: largePeak, unit: "MiB",
                           goal: "not growing with the tracks", met: largePeak <= smallPeak + 16).print()
        note("imported: \(controller.library.count) albums in the library")
        for (name, figures) in [("through the tag reader helpers", readers.helpers), ("with TagLib in this process (before issue 56)", readers.inProcess)] {
            BenchResult.single(section: "import", name: "first import of 10,000 tracks into a new library, \(name), median of \(figures.seconds.count)",
                               value: median(figures.seconds), unit: "s").print()
            BenchResult.single(section: "import", name: "its peak memory rise in the app's process, \(name), median", value: median(figures.peakMiB), unit: "MiB").print()
        }
        let ratio = median(readers.helpers.seconds) / max(median(readers.inProcess.seconds), 0.001)
        BenchResult.single(section: "import", name: "the helpers' import time against TagLib in process", value: ratio, unit: "×",
                           goal: "≤ 1.15×", met: ratio <= 1.15).print()
    }

    /// Imports `folder` into new libraries through `LibraryAPI` alone, alternately read by the
    /// app's helpers and by TagLib in this process (three each, the order swapped every round):
    /// the wall time and the rise of this process's peak memory of each, from a heap trimmed
    /// before each round.
    private func compareReaders(importing folder: URL) async -> (helpers: ReaderFigures, inProcess: ReaderFigures) {
        var helpers = ReaderFigures(), inProcess = ReaderFigures()
        for round in 0..<6 {
            let viaHelpers = round % 4 == 0 || round % 4 == 3
            let folders = ScratchFolders(prefix: "bluelibrary-bench-readers", defaultLibrary: nil)
            let reader: any MusicFileReader = viaHelpers ? TagReaderPool.shared : InProcessTagReader()
            let library = LibraryAPI(locations: folders.locations, tagReader: reader)
            // What earlier rounds freed goes back to the system first: otherwise a round that
            // reuses it rises by less than it uses, and the peaks measure the heap's history.
            LargeBlocks.returnFreeMemoryNow()
            let before = MemoryCounters.read()
            MemoryCounters.resetPeak()
            let start = nowMilliseconds()
            let summary = await library.importMusic([folder])
            let seconds = (nowMilliseconds() - start) / 1000
            let peak = Double((MemoryCounters.read()?.peak ?? 0) - (before?.resident ?? 0)) / 1024
            note("round \(round + 1): \(summary.added) albums \(viaHelpers ? "through the helpers" : "in process") in \(String(format: "%.2f", seconds)) s, peak +\(String(format: "%.1f", peak)) MiB")
            if viaHelpers { helpers.add(seconds, peak) } else { inProcess.add(seconds, peak) }
        }
        return (helpers, inProcess)
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// One album folder per album: ten tagged tracks and a cover.
    private func make(albums: Int, in folder: URL, maker: MusicFolderMaker) throws {
        let covers = try (0..<10).map { try maker.image(String(format: "0x%06x", $0 * 0x151515 + 0x202020), size: 300) }
        for album in 0..<albums {
            let albumFolder = folder.appendingPathComponent(String(format: "Artist %03d/Album %04d", album % 200, album))
            for track in 1...10 {
                let tags = TrackTags(title: "Track \(track)", artist: "Artist \(album % 200)", albumArtist: "Artist \(album % 200)",
                                     album: "Album \(album)", genre: "Genre \(album % 13)", year: 1950 + album % 70, trackNumber: track)
                try maker.track(albumFolder.appendingPathComponent(String(format: "%02d.mp3", track)), tags: tags)
            }
            try covers[album % covers.count].write(to: albumFolder.appendingPathComponent("cover.png"))
        }
    }

    /// Imports `folder` through the window and waits until it is done.
    private func importOnce(_ folder: URL) async -> (milliseconds: Double, stall: Double) {
        let monitor = StallMonitor()
        monitor.start()
        let start = nowMilliseconds()
        controller.musicImport.importMusic([folder])
        while controller.musicImport.isImporting {
            try? await Task.sleep(for: .milliseconds(2))
        }
        let elapsed = nowMilliseconds() - start
        let stall = monitor.stop()
        note("imported \(folder.lastPathComponent) in \(Int(elapsed)) ms")
        return (elapsed, stall)
    }

    /// The longest stall while the progress card slides in, stays and slides out with nothing
    /// imported: what drawing the window costs, for comparison.
    private func cardAlone() async -> Double {
        let monitor = StallMonitor()
        monitor.start()
        controller.musicImport.progress.start("Looking for music…")
        try? await Task.sleep(for: .milliseconds(600))
        controller.musicImport.progress.finish()
        try? await Task.sleep(for: .milliseconds(400))
        return monitor.stop()
    }

    /// How much the peak resident memory rises while `folder` is imported (MiB).
    private func peakRise(importing folder: URL) async -> Double {
        let before = MemoryCounters.read()
        MemoryCounters.resetPeak()
        let summary = await controller.library.importMusic([folder])
        let peak = MemoryCounters.read()
        note("imported \(summary.added) albums of \(folder.lastPathComponent) through the library")
        return Double((peak?.peak ?? 0) - (before?.resident ?? 0)) / 1024
    }
}

// MARK: - MemoryCounters

/// The process's resident memory and its peak, from `/proc/self/status` (KiB).
struct MemoryCounters {
    let resident: Int
    let peak: Int

    static func read() -> MemoryCounters? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func value(_ key: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .flatMap { Int($0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
        }
        guard let resident = value("VmRSS"), let peak = value("VmHWM") else { return nil }
        return MemoryCounters(resident: resident, peak: peak)
    }

    /// Starts a new peak from the present resident size (`clear_refs` 5).
    static func resetPeak() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }
}

// MARK: - ReaderFigures

/// The import times (s) and peak memory rises (MiB) of one way of reading files.
private struct ReaderFigures {
    var seconds: [Double] = []
    var peakMiB: [Double] = []

    mutating func add(_ seconds: Double, _ peak: Double) {
        self.seconds.append(seconds)
        peakMiB.append(peak)
    }
}
