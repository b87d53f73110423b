import Foundation
import GtkKit

/// Moves a scroll position to a target, one step per frame: with an ease-out curve when
/// animated, and otherwise at once and again over the next few frames.
///
/// The target is asked for on every frame, because the grid view may still be applying a
/// layout (a removed item, its own scroll to the focused row) when the scroll starts.
/// An immediate scroll also holds until the caller says the list is laid out around the
/// target: GTK 4.8's grid view places its items from the position it was last told, and a
/// position told while rows it had just created were still unmeasured leaves it keeping rows
/// around the old place (a restored selection in a large library was shown alone, its
/// neighbours blank, until the next key press).
@MainActor
final class ScrollAnimator {
    /// How long an animated scroll takes, in microseconds.
    static let duration: Int64 = 250_000
    /// How many frames an immediate scroll is held against the grid view's own layout.
    static let settleFrames = 3
    /// How many frames an immediate scroll waits at most for the list to be laid out.
    static let maximumSettleFrames = 120

    private let adjustment: Adjustment
    private let clockWidget: Widget
    private var generation = 0

    /// Whether a scroll is in progress (value changes now come from it, not the user).
    private(set) var isAnimating = false

    init(adjustment: Adjustment, clock: Widget) {
        self.adjustment = adjustment
        self.clockWidget = clock
    }

    /// Scrolls to where `target` says (nil: not known yet); replaces a scroll in progress.
    ///
    /// - Parameter startsNow: Whether an immediate scroll moves the adjustment at once, or
    ///   only from the next frame on. Pass false from inside the adjustment's `changed`
    ///   signal: the grid view emits it while it configures its adjustment with its own
    ///   value-changed handler blocked, so a value set then never reaches the list's anchor
    ///   and its next layout puts the strip back where it was (a restored selection in a
    ///   large library was left off screen on slow machines).
    /// - Parameter isLaidOut: Whether the list has placed its rows around the target; until
    ///   it has, an immediate scroll tells it the position again on each frame.
    func scroll(
        to target: @escaping @MainActor () -> Double?,
        animated: Bool,
        startsNow: Bool = true,
        isLaidOut: @escaping @MainActor () -> Bool = { true }
    ) {
        generation += 1
        let current = generation
        let animated = animated && clockWidget.isMapped  // frames only tick on screen
        if !animated, startsNow, let value = target() { adjustment.value = value }
        isAnimating = true
        var start: (time: Int64, value: Double)?
        var frames = 0
        clockWidget.addTickCallback { [weak self] frameTime in
            guard let self, self.generation == current else { return false }
            frames += 1
            guard let goal = target() else { return self.finish() }
            if !animated {
                let laidOut = isLaidOut()
                if self.adjustment.value != goal {
                    self.adjustment.value = goal
                } else if !laidOut {
                    self.adjustment.announceValue()
                }
                let settled = frames >= Self.settleFrames && laidOut
                return !(settled || frames >= Self.maximumSettleFrames) || self.finish()
            }
            let begin = start ?? (frameTime, self.adjustment.value)
            start = begin
            let progress = min(1, Double(frameTime - begin.time) / Double(Self.duration))
            let eased = 1 - pow(1 - progress, 3)
            self.adjustment.value = begin.value + (goal - begin.value) * eased
            return progress < 1 || self.finish()
        }
    }

    /// Stops a scroll in progress where it is.
    func stop() {
        generation += 1
        isAnimating = false
    }

    /// Ends the scroll; returns false so the tick callback is removed.
    private func finish() -> Bool {
        isAnimating = false
        return false
    }
}
