import Foundation
import GtkKit

/// Moves a scroll position to a target with an ease-out curve, one step per frame.
@MainActor
final class ScrollAnimator {
    /// How long an animated scroll takes.
    static let duration: Int64 = 250_000  // microseconds

    private let adjustment: Adjustment
    private let clockWidget: Widget
    private var start = 0.0
    private var target = 0.0
    private var startTime: Int64?
    private var generation = 0

    /// Whether a scroll is in progress (value changes now come from the animation).
    private(set) var isAnimating = false

    /// Called when an animation ends (not when it is replaced by another).
    var onFinish: (() -> Void)?

    init(adjustment: Adjustment, clock: Widget) {
        self.adjustment = adjustment
        self.clockWidget = clock
    }

    /// Scrolls to `value`, animated or at once; replaces a scroll in progress.
    func scroll(to value: Double, animated: Bool) {
        generation += 1
        let clamped = min(max(value, adjustment.lower), adjustment.maximumValue)
        guard animated, clockWidget.isMapped, abs(clamped - adjustment.value) > 0.5 else {
            isAnimating = false
            adjustment.value = clamped
            return
        }
        start = adjustment.value
        target = clamped
        startTime = nil
        isAnimating = true
        let current = generation
        clockWidget.addTickCallback { [weak self] frameTime in
            guard let self, self.generation == current else { return false }
            return self.step(at: frameTime)
        }
    }

    /// Stops a scroll in progress where it is.
    func stop() {
        generation += 1
        isAnimating = false
    }

    private func step(at frameTime: Int64) -> Bool {
        let began = startTime ?? frameTime
        startTime = began
        let progress = min(1, Double(frameTime - began) / Double(Self.duration))
        let eased = 1 - pow(1 - progress, 3)
        adjustment.value = start + (target - start) * eased
        guard progress >= 1 else { return true }
        isAnimating = false
        onFinish?()
        return false
    }
}
