import GtkKit

// MARK: - Geometry

/// Where the views lie along the strip: every slot has the same width, so positions follow
/// from the scroll range and the count it was laid out for.
extension HorizontalScrollerView {
    /// Whether the view at `index` is centred now, as far as the ends of the strip allow.
    public func isCentred(_ index: Int) -> Bool {
        guard let offset = centredOffset(for: index) else { return false }
        return abs(adjustment.value - offset) < 1
    }

    /// The scroll position that centres `index`, clamped to the scroll range GTK lays out for
    /// the views there are now; `nil` while they all fit in the window and GTK has not laid
    /// them out yet (it places them itself, and its range is scrolled to again then).
    ///
    /// Right after views are added or removed the adjustment still spans the old count, and
    /// GTK refuses a position whose middle lies past the views it now has ("GtkGridView failed
    /// to scroll to given position"): a search that left a few albums asked for one.
    func centredOffset(for index: Int) -> Double? {
        guard let itemWidth, count > 0 else { return nil }
        let centre = (Double(min(max(index, 0), count - 1)) + 0.5) * itemWidth
        let end = Double(count) * itemWidth - adjustment.pageSize
        guard end > adjustment.lower || laidOutCount == count else { return nil }
        return min(max(centre - adjustment.pageSize / 2, adjustment.lower), max(end, adjustment.lower))
    }

    /// The index whose slot is nearest the centre of the visible range.
    public var indexAtCentre: Int? {
        guard let itemWidth, count > 0 else { return nil }
        let centre = adjustment.value + adjustment.pageSize / 2
        return min(max(Int(centre / itemWidth), 0), count - 1)
    }

    /// The indexes of the views at least partly on screen now.
    public var visibleIndexes: Range<Int> {
        guard let itemWidth, itemWidth > 0 else { return 0..<0 }
        let first = max(Int(adjustment.value / itemWidth), 0)
        let end = min(Int(((adjustment.value + adjustment.pageSize) / itemWidth).rounded(.up)), count)
        return first..<max(first, end)
    }

    /// Every slot has the same width, so the scroll range divided by the count it was laid
    /// out for is exact.
    var itemWidth: Double? {
        guard laidOutCount > 0, adjustment.upper > 0 else { return nil }
        return (adjustment.upper - adjustment.lower) / Double(laidOutCount)
    }
}
