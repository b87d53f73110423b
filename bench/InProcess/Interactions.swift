import BlueLibrary
import Foundation
import GtkKit
import LibraryCore

// MARK: - Interactions

/// Main-thread time of what a user does at 100,000 albums: the operation itself (through the
/// same path its key, click or button takes) plus laying out and painting the frame that
/// shows it. Its goal is a ratio: the same interaction in the same window written in C
/// (`bench/equivalent-interactions.c`), measured in the same run, and judged by `bench/run`'s
/// table "Against the same window in C".
@MainActor
struct Interactions {
    let controller: MainWindowController
    let frames: FrameWatcher
    var repetitions = 250

    func run() async {
        let scroller = controller.scroller
        // Start in the middle of the library, as a user deep in a long strip would be, once the
        // covers on screen are shown: the C window's first frame there reads its covers too.
        let middle = controller.library.count / 2
        await fetchCovers(of: (middle - Self.coversBefore)...(middle + repetitions + Self.coversAfter))
        controller.library.selectAlbum(at: middle)
        _ = await frames.nextFrame()
        _ = await frames.paintTime { [controller] in controller.visibleCoversArePlaced }

        var forward = true
        await measure("select next (Right key)") {
            guard let selected = scroller.selectedIndex else { return }
            if selected + 1 >= scroller.count { forward = false } else if selected == 0 { forward = true }
            controller.horizontalScrollerView(scroller, didSelectViewAt: forward ? selected + 1 : selected - 1)
        }
        var step = 2
        await measure("select by click") {
            guard let selected = scroller.selectedIndex else { return }
            step = -step  // a cover two to the left, then two to the right: both on screen
            scroller.selection.selected = min(max(selected + step, 0), scroller.count - 1)
        }
        await measurePairs("delete (Delete key)", "win.delete", "undo (Ctrl+Z)", "win.undo")
        await measure("reload the strip") { scroller.reload() }
    }

    // MARK: Covers

    /// Albums before the middle, and after the last one selected, whose covers are fetched
    /// first: more than those on screen and within a page of it.
    static let coversBefore = 40
    static let coversAfter = 60

    /// Downloads the covers of the albums at `indexes` into the cover store (its disk cache
    /// and its memory), without decoding them, before the first sample.
    ///
    /// The C window reads its covers from files (`bench/bluebench/versus_c.py` links them);
    /// here they would come from the benchmark's cover server, a Python process that makes
    /// each PNG when asked, and on a 2-core machine its work (and curl's) beside the GTK thread
    /// and the X server made the slowest samples (`bench/RESULTS.md`, "The covers fetched
    /// before the interactions"). Fetched first, a cover that comes near the screen is still
    /// decoded when it comes, as the C window's is: what is measured is the app, as a user has
    /// it in a part of the strip seen before.
    private func fetchCovers(of indexes: ClosedRange<Int>) async {
        let library = controller.library
        let addresses = indexes.clamped(to: 0...max(library.count - 1, 0)).compactMap { library.album(at: $0)?.coverUrl }
        await withTaskGroup(of: Void.self) { group in
            for (position, address) in addresses.enumerated() {
                if position >= Self.coversFetchedAtOnce { await group.next() }
                group.addTask { _ = await library.cover(for: address) }
            }
        }
    }

    /// Covers downloaded at the same time while they are fetched first.
    static let coversFetchedAtOnce = 4

    // MARK: Measuring

    /// Measures `operation` `repetitions` times and prints the distribution.
    private func measure(_ name: String, _ operation: () -> Void) async {
        var samples: [Timing] = []
        for _ in 0..<repetitions {
            samples.append(await timed(operation))
        }
        report(name, samples)
    }

    /// Alternates two window actions (delete, then undo it), measuring each.
    private func measurePairs(_ firstName: String, _ first: String, _ secondName: String, _ second: String) async {
        var firstSamples: [Timing] = [], secondSamples: [Timing] = []
        for _ in 0..<repetitions {
            firstSamples.append(await timed { _ = controller.window.activateAction(first) })
            secondSamples.append(await timed { _ = controller.window.activateAction(second) })
        }
        report(firstName, firstSamples)
        report(secondName, secondSamples)
    }

    /// One interaction: the operation itself (the library, the model, the views), then
    /// GTK's layout and painting of the frame that shows it.
    private struct Timing {
        let operation: Double
        let frame: Double
    }

    private func timed(_ operation: () -> Void) async -> Timing {
        let start = nowMilliseconds()
        operation()
        let operationTime = nowMilliseconds() - start
        let frameTime = await frames.nextFrame()
        return Timing(operation: operationTime, frame: frameTime)
    }

    /// The whole interaction, and its two parts apart (where the time goes).
    private func report(_ name: String, _ samples: [Timing]) {
        BenchResult.distribution(section: "interactions", name: name, samples: samples.map { $0.operation + $0.frame },
                                 goal: nil, met: nil).print()
        BenchResult.distribution(section: "interactions, split", name: "\(name): the operation", samples: samples.map(\.operation),
                                 goal: nil, met: nil).print()
        BenchResult.distribution(section: "interactions, split", name: "\(name): layout and paint", samples: samples.map(\.frame),
                                 goal: nil, met: nil).print()
    }
}
