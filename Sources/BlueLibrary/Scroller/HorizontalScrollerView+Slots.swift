import GtkKit

// MARK: - Slots

/// GTK 4.8 unbinds and binds a row again whenever its position or its selection changes,
/// not only when it is given another item: after a deletion the 30 or so rows past it are
/// rebound, and almost all of them keep what they showed, one index further on. So an unbound view keeps
/// its content (the data source's `configure` is told the content again and keeps what is
/// the same), and its slot's accessible name is set only when it changes.
extension HorizontalScrollerView {
    private static let viewKey = "bluelibrary-scroller-view"

    func connectFactory() {
        factory.onSetup { [weak self] slot in
            guard let self, let view = self.dataSource?.makeReusableView(for: self) else { return }
            slot.setChild(view)
            slot.attach(view, forKey: Self.viewKey)
            self.materializedViewCount += 1
        }
        factory.onBind { [weak self] slot in
            guard let self, let view = slot.attached(forKey: Self.viewKey) as? HorizontalScrollerReusableView,
                  let position = slot.position else { return }
            self.boundViews[ObjectIdentifier(view)] = (slot, view)
            self.dataSource?.horizontalScrollerView(self, configure: view, at: position)
            self.nameSlot(of: view)
            view.setNearVisibleRange(self.nearIndexes.contains(position))
        }
        factory.onUnbind { [weak self] slot in
            guard let view = slot.attached(forKey: Self.viewKey) as? HorizontalScrollerReusableView else { return }
            self?.boundViews[ObjectIdentifier(view)] = nil
        }
        factory.onTeardown { [weak self] slot in
            if let view = slot.attached(forKey: Self.viewKey) as? HorizontalScrollerReusableView {
                self?.slotNames[ObjectIdentifier(view)] = nil
            }
            slot.attach(nil, forKey: Self.viewKey)
            self?.materializedViewCount -= 1
        }
    }

    /// How far from the selection a slot counts as one of those GTK keeps around it (GTK 4.8's
    /// grid view keeps about 30; it may keep a few more far away, such as the focused one).
    private static let keptSlotsReach = 400

    /// Resizes the model to `count` so that the slots GTK keeps around the selection end up
    /// around `newSelection`, when that is nearer the start and the new count has room for
    /// all of them.
    ///
    /// A search moves the selection anywhere: resized at the end only, the slots around the
    /// old selection were past the new end (or far from the new selection), and GTK destroyed
    /// them and made as many again around the new selection (with a `GtkListView`'s 200 rows,
    /// 17–30 ms of a key that narrows 100,000 albums to 27,000). Moved, they are only bound
    /// again.
    ///
    /// Otherwise it resizes at the end, as before. Moving the slots towards the end (items put
    /// in at the start), or taking out some of them, left GTK 4.8 with rows at positions past
    /// the new end after a later change, and covers on screen blank
    /// (`BrowsingStripTests`).
    func resizeKeepingSlots(to count: Int, selecting newSelection: Int) {
        model.resize(to: count, removingFirst: positionsToTakeOut(toMoveSlotsTo: newSelection, count: count))
    }

    /// How many positions to take out at the start so that the selected slot goes to
    /// `newSelection`, or as near as keeps every slot gathered around it within `count`; 0
    /// when the slots are not gathered around the selection, or do not fit.
    private func positionsToTakeOut(toMoveSlotsTo newSelection: Int, count: Int) -> Int {
        guard let selected = selection.selected else { return 0 }
        let positions = boundViews.values.compactMap(\.slot.position)
        let gathered = positions.filter { abs($0 - selected) <= Self.keptSlotsReach }
        guard let first = gathered.min(), let last = gathered.max(),
              gathered.count * 10 >= positions.count * 9, last - first < count else { return 0 }
        return max(min(max(selected - newSelection, last - (count - 1)), first), 0)
    }

    /// Gives the slot holding `view` the view's accessible name, unless it has it already.
    func nameSlot(of view: HorizontalScrollerReusableView) {
        guard let label = view.accessibleLabel, slotNames[ObjectIdentifier(view)] != label else { return }
        view.setParentAccessibleLabel(label)
        slotNames[ObjectIdentifier(view)] = label
    }
}
