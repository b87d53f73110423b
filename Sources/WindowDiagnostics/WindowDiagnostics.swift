import BlueLibrary
import GtkKit

// MARK: - WindowDiagnostics

/// What the environment asks the app to tell about its window, for programs that drive the
/// real binary: the state report (`BLUELIBRARY_STATE_REPORT`, read by the tests) and the exit
/// after the first complete frame (`BLUELIBRARY_EXIT_AFTER_FIRST_FRAME`, timed by the
/// benchmarks, with the first frame's time in `BLUELIBRARY_FIRST_PAINT_FILE`), and the
/// main-loop stall probe (`BLUELIBRARY_STALL_PROBE`, read by bench/playback.py). `main`
/// attaches it to the window; the controller never mentions it.
@MainActor
public final class WindowDiagnostics {
    private let reporter: StateReporter?
    private let firstFrameProbe: FirstFrameProbe?
    private let stallProbe: StallProbe?

    /// The diagnostics the environment asks for, watching `controller`'s window.
    public init(watching controller: MainWindowController) {
        reporter = StateReporter.fromEnvironment(for: controller)
        firstFrameProbe = FirstFrameProbe.fromEnvironment(for: controller)
        stallProbe = StallProbe.fromEnvironment(for: controller)
    }
}
