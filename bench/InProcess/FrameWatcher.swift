import GtkKit

// MARK: - FrameWatcher

/// Waits for the window's next frame and tells how long the main thread spent drawing it
/// (from `before-paint` to `after-paint` of the frame clock).
@MainActor
final class FrameWatcher {
    private let clock: FrameClock
    private var frameStart = 0.0
    private var waiting: [CheckedContinuation<Double, Never>] = []

    init?(window: Widget) {
        guard let clock = FrameClock(of: window) else { return nil }
        self.clock = clock
        clock.on(.beforePaint) { [weak self] in self?.frameStart = nowMilliseconds() }
        clock.on(.afterPaint) { [weak self] in self?.framePainted() }
    }

    /// Requests a frame and returns how long it took to lay out and paint, in milliseconds.
    func nextFrame() async -> Double {
        clock.requestFrame()
        return await withCheckedContinuation { waiting.append($0) }
    }

    private func framePainted() {
        let duration = nowMilliseconds() - frameStart
        let resumed = waiting
        waiting.removeAll()
        for continuation in resumed { continuation.resume(returning: duration) }
    }
}

// MARK: - StallMonitor

/// A 1 ms GLib timer that records the longest gap between its firings: how long the main
/// loop was kept from running (a stall), whatever kept it busy.
@MainActor
final class StallMonitor {
    private var timer: Timeout?
    private var lastFire = 0.0
    private(set) var longestGap = 0.0

    func start() {
        longestGap = 0
        lastFire = nowMilliseconds()
        schedule()
    }

    /// Stops and returns the longest stall seen, in milliseconds (the gap minus the 1 ms period).
    func stop() -> Double {
        timer?.cancel()
        timer = nil
        return max(longestGap - 1, 0)
    }

    private func schedule() {
        timer = Timeout(milliseconds: 1) { [weak self] in
            guard let self else { return }
            let now = nowMilliseconds()
            longestGap = max(longestGap, now - lastFire)
            lastFire = now
            schedule()
        }
    }
}
