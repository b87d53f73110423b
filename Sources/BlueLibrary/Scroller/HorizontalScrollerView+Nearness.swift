import GtkKit

// MARK: - Nearness

extension HorizontalScrollerView {
    /// How far past each end of the visible range views count as near, in pages: a view
    /// scrolled in by a key press or a short swipe has its content ready, while the views GTK
    /// keeps further away hold nothing costly.
    static let nearMarginInPages = 1.0

    /// The indexes on screen and within `nearMarginInPages` of it; empty until the strip is
    /// laid out.
    var nearIndexes: Range<Int> {
        guard let itemWidth, itemWidth > 0 else { return 0..<0 }
        let margin = adjustment.pageSize * Self.nearMarginInPages
        let first = max(Int((adjustment.value - margin) / itemWidth), 0)
        let end = min(Int(((adjustment.value + adjustment.pageSize + margin) / itemWidth).rounded(.up)), count)
        return first..<max(first, end)
    }

    /// Tells every bound view whether it is near the visible range now: after a scroll, a
    /// resize, and a change of the indexes.
    func updateNearness() {
        let near = nearIndexes
        for (slot, view) in boundViews.values {
            view.setNearVisibleRange(slot.position.map(near.contains) ?? false)
        }
    }

    func connectNearness() {
        adjustment.onValueChanged { [weak self] in self?.updateNearness() }
        adjustment.onRangeChanged { [weak self] in self?.updateNearness() }
    }
}
