// bluelibrary-bench: the in-process half of `bench/run`. It opens the real window over a
// generated 100,000-album library and measures, on the GTK thread, what users feel:
// interaction latency, stalls while saving and downloading, cover loading. One JSON object
// per line goes to stdout (bench/bench.py makes the tables); progress goes to stderr.
//
// Built in plain release mode, like the app users get (bench/run does it). It drives the
// window the way the event handlers do, through what the package exposes of it (`package`
// members of the controller and its views). It depends on no test target: what it shares
// with the tests (scratch folders, the cover server, music folders) is the `Fixtures` target.

import Foundation
import GtkKit
import LibraryCore

MainActor.assumeIsolated {
    guard MainLoop.initializeGTK() else {
        note("no display: run it under xvfb-run (bench/run does)")
        exit(2)
    }
}
let session = MainActor.assumeIsolated { BenchmarkSession(albumCount: 100_000) }
exit(MainActor.assumeIsolated { session.run() })
