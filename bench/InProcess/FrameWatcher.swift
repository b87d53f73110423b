import GtkKit

// MARK: - FrameWatcher

/// Waits for the window's frames: the next one, and how long the main thread spent drawing it
/// (from `before-paint` to `after-paint` of the frame clock); or the first one that shows an
/// answer, and when it was painted.
///
/// Times are read on the GTK thread, in the frame clock's signals, not when the awaiting task
/// resumes: a continuation resumed on the GTK thread is handed to Swift's global executor
/// before it hops back to the main actor, and that hand-over took from 30 ms to more than a
/// second at times, with the GTK thread idle, the main queue empty and every worker thread
/// waiting (seen with gdb). That wait is the benchmark's, not the user's: the frame is on
/// screen.
@MainActor
final class FrameWatcher {
    private let clock: FrameClock
    private var frameStart = 0.0
    private var waiting: [CheckedContinuation<Double, Never>] = []
    private var awaitedAnswer: AwaitedAnswer?

    /// A wait for the first frame begun once `isShown` holds.
    private struct AwaitedAnswer {
        let isShown: @MainActor () -> Bool
        let continuation: CheckedContinuation<Double, Never>
        /// Whether the frame being drawn began with the answer shown.
        var frameShowsIt = false
        /// Asks for a frame once the answer comes, if it comes between frames.
        var poll: Timeout?
    }

    init?(window: Widget) {
        guard let clock = FrameClock(of: window) else { return nil }
        self.clock = clock
        clock.on(.beforePaint) { [weak self] in self?.frameBegins() }
        clock.on(.afterPaint) { [weak self] in self?.framePainted() }
    }

    /// Requests a frame and returns how long it took to lay out and paint, in milliseconds.
    func nextFrame() async -> Double {
        clock.requestFrame()
        return await withCheckedContinuation { waiting.append($0) }
    }

    /// Returns when (`nowMilliseconds()`) the first frame begun with `isShown` true was
    /// painted; a frame is requested now, and again when `isShown` becomes true between
    /// frames (checked every millisecond on the GTK thread).
    func paintTime(ofFirstFrameWhere isShown: @escaping @MainActor () -> Bool) async -> Double {
        clock.requestFrame()
        return await withCheckedContinuation { awaitedAnswer = AwaitedAnswer(isShown: isShown, continuation: $0) }
    }

    private func frameBegins() {
        frameStart = nowMilliseconds()
        guard let isShown = awaitedAnswer?.isShown else { return }
        awaitedAnswer?.frameShowsIt = isShown()
    }

    private func framePainted() {
        let painted = nowMilliseconds()
        let resumed = waiting
        waiting.removeAll()
        for continuation in resumed { continuation.resume(returning: painted - frameStart) }
        answerPainted(at: painted)
    }

    private func answerPainted(at painted: Double) {
        guard let answer = awaitedAnswer else { return }
        if answer.frameShowsIt {
            awaitedAnswer = nil
            answer.continuation.resume(returning: painted)
        } else if answer.poll == nil {
            awaitedAnswer?.poll = Timeout(milliseconds: 1, repeats: true) { [weak self] in
                guard let self, let answer = self.awaitedAnswer, answer.isShown() else { return }
                self.awaitedAnswer?.poll = nil
                self.clock.requestFrame()
            }
        }
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
