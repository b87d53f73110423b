import Foundation
import GtkKit
import Testing

/// Drives GTK from a test the way the app's main loop would.
///
/// The Swift Testing runner drains the main actor's queue on a worker thread (after
/// `dispatch_main`), so inside `swift test` the GLib loop cannot drain it (the app's bridge in
/// `MainLoop.drainDispatchMainQueue` works only on the process's main thread). Tests therefore
/// alternate: GLib events, timers and redraws, then `Task.yield()` so main-actor work (cover
/// results, saved-state reports) runs, until the condition holds.
@MainActor
public enum MainLoopDriver {
    /// Connects to the display once, with the Cairo renderer: successive main-actor jobs may
    /// run on different threads here, and a GL context is bound to one.
    public static func start() -> Bool {
        if started { return true }
        setenv("GSK_RENDERER", "cairo", 1)
        // No accessibility bus or D-Bus autolaunch: the helper daemons they start would
        // outlive the tests and keep the runner's output open.
        setenv("GTK_A11Y", "none", 1)
        setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 1)
        // A critical warning is a bug: it fails the test that caused it.
        CriticalWatch.start { domain, message in
            Issue.record("\(domain)-CRITICAL: \(message)")
        }
        started = MainLoop.initializeGTK()
        return started
    }

    private static var started = false

    /// How long a wait may last before it is taken for a hang: generous, so that a machine
    /// several times slower (or a sanitizer) only makes the tests slower, never red.
    public nonisolated static let hangGuard: Duration = .seconds(300)

    /// Runs the loop until `condition` holds (true) or `timeout` passes (false).
    ///
    /// `onDispatch` is told how long each GLib iteration took: the GTK thread's own work (and
    /// any wait inside it), apart from the main-actor jobs of other tests that run while this
    /// one yields (they share the test process's main actor, never a real app's).
    @discardableResult
    public static func run(until condition: @MainActor () -> Bool, timeout: Duration = hangGuard,
                           onDispatch: (@MainActor (Duration) -> Void)? = nil) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        let clock = ContinuousClock()
        func iterate(blocking: Bool) -> Bool {
            guard let onDispatch else { return MainLoop.iterate(blocking: blocking) }
            let start = clock.now
            let dispatched = MainLoop.iterate(blocking: blocking)
            onDispatch(clock.now - start)
            return dispatched
        }
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            var handled = 0
            while handled < 100, iterate(blocking: false) { handled += 1 }
            await Task.yield()
            if handled == 0 {
                // Nothing was ready: wait for the next GLib event, at most a millisecond.
                let wake = Timeout(milliseconds: 1) {}
                _ = iterate(blocking: true)
                wake.cancel()
            }
        }
        return true
    }

    /// Lets pending events and timers run for a few frames' time. Where a window is on
    /// screen, `WindowHarness.nextFrames` waits for frames actually drawn instead.
    public static func settle(frames: Int = 3) async {
        var ticks = 0
        let timer = Timeout(milliseconds: 16 * frames) { ticks = 1 }
        await run(until: { ticks == 1 })
        timer.cancel()
    }
}
