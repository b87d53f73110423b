import GtkKit

// MARK: - Slots

/// GTK 4.8 unbinds and binds a row again whenever its position or its selection changes,
/// not only when it is given another item: after a deletion some 200 rows are rebound, and
/// almost all of them keep what they showed, one index further on. So an unbound view keeps
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

    /// Gives the slot holding `view` the view's accessible name, unless it has it already.
    func nameSlot(of view: HorizontalScrollerReusableView) {
        guard let label = view.accessibleLabel, slotNames[ObjectIdentifier(view)] != label else { return }
        view.setParentAccessibleLabel(label)
        slotNames[ObjectIdentifier(view)] = label
    }
}
