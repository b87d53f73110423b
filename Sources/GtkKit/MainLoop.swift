// Why this file exists: GTK runs everything on one thread, driven by the GLib main loop.
// Work reaches that thread three ways here: timers, a hop from any thread (`g_idle_add_full`
// with a retained box released by its destroy notify), and libdispatch's main queue, which
// the GLib loop does not drain on Linux unless it is bridged (see docs/ARCHITECTURE.md, "Threads").
// The bridge is what lets `await` on the main actor and `DispatchQueue.main` work in the app.

import CGtk

/// The GTK thread's main loop.
public enum MainLoop {
    nonisolated(unsafe) private static var dispatchSourceID: guint = 0

    /// Makes the GLib loop drain libdispatch's main queue (main-actor tasks, `DispatchQueue.main`).
    /// Call once, on the main thread, before running the loop.
    @MainActor
    public static func drainDispatchMainQueue() {
        guard dispatchSourceID == 0 else { return }
        dispatchSourceID = bl_attach_dispatch_main_queue_source()
    }

    /// Runs `work` on the GTK thread soon; callable from any thread.
    public static func perform(_ work: @escaping @Sendable @MainActor () -> Void) {
        let box = ClosureBox<@Sendable @MainActor () -> Void>.retained(work)
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            guard let work = ClosureBox<@Sendable @MainActor () -> Void>.unbox(data) else { return 0 }
            MainActor.assumeIsolated { work() }
            return 0  // G_SOURCE_REMOVE
        }, box, releaseBox)
    }

    /// Calls `handler` on the GTK thread when the process is asked to end (SIGTERM at logout,
    /// SIGINT from Ctrl+C in a terminal, SIGHUP), so the app can save and quit cleanly.
    @MainActor
    public static func onTerminationRequest(_ handler: @escaping @MainActor () -> Void) {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let box = ClosureBox<@MainActor () -> Void>.retained(handler)
            _ = bl_unix_signal_add(signal, { data in
                guard let handler = ClosureBox<@MainActor () -> Void>.unbox(data) else { return 0 }
                MainActor.assumeIsolated { handler() }
                return 1  // G_SOURCE_CONTINUE
            }, box, releaseBox)
        }
    }

    /// Runs one iteration of the loop: handles pending events, timers and redraws.
    /// With `blocking`, waits for something to happen first. Returns whether anything ran.
    @MainActor
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }
}

/// A timer on the GTK thread, once or repeating (for a display that follows time, such as a
/// playing position); it stops when cancelled or released.
@MainActor
public final class Timeout {
    private var sourceID: guint = 0

    /// Calls `work` after `milliseconds`, once, or with `repeats` every `milliseconds` until
    /// cancelled.
    public init(milliseconds: Int, repeats: Bool = false, _ work: @escaping @MainActor () -> Void) {
        sourceID = addTimeout(milliseconds: milliseconds) { [weak self] in
            if !repeats { self?.sourceID = 0 }
            work()
            return repeats
        }
    }

    /// Whether the timer is still waiting to fire.
    public var isPending: Bool { sourceID != 0 }

    public func cancel() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }

    isolated deinit {
        cancel()
    }
}

/// Adds a GLib timeout on the GTK thread calling `work` every `milliseconds` until it returns
/// false; returns the source's id.
@MainActor
private func addTimeout(milliseconds: Int, _ work: @escaping @MainActor () -> Bool) -> guint {
    let box = ClosureBox<@MainActor () -> Bool>.retained(work)
    return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(milliseconds), { data in
        guard let work = ClosureBox<@MainActor () -> Bool>.unbox(data) else { return 0 }
        return MainActor.assumeIsolated { work() } ? 1 : 0  // G_SOURCE_CONTINUE or G_SOURCE_REMOVE
    }, box, releaseBox)
}

extension Widget {
    /// Calls `handler` before each frame with the frame time in microseconds, until it
    /// returns false (the way GTK animations advance in step with the display).
    public func addTickCallback(_ handler: @escaping @MainActor (_ frameTime: Int64) -> Bool) {
        let box = ClosureBox<@MainActor (Int64) -> Bool>.retained(handler)
        _ = gtk_widget_add_tick_callback(gtkWidget, { _, clock, data in
            guard let handler = ClosureBox<@MainActor (Int64) -> Bool>.unbox(data) else { return 0 }
            let time = Int64(gdk_frame_clock_get_frame_time(clock))
            return MainActor.assumeIsolated { handler(time) } ? 1 : 0
        }, box, releaseBox)
    }
}

extension MainLoop {
    /// Connects to the display and initialises libadwaita (its style sheet, the colour
    /// scheme), as `AdwApplication` does at startup; false when there is no display (no
    /// `DISPLAY` or `WAYLAND_DISPLAY`).
    @MainActor
    public static func initializeGTK() -> Bool {
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        return true
    }
}
