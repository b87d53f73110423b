import GtkKit

// MARK: - Slots

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
            if let label = view.accessibleLabel { view.setParentAccessibleLabel(label) }
            view.setNearVisibleRange(self.nearIndexes.contains(position))
        }
        factory.onUnbind { [weak self] slot in
            guard let view = slot.attached(forKey: Self.viewKey) as? HorizontalScrollerReusableView else { return }
            self?.boundViews[ObjectIdentifier(view)] = nil
            view.prepareForReuse()
        }
        factory.onTeardown { [weak self] slot in
            slot.attach(nil, forKey: Self.viewKey)
            self?.materializedViewCount -= 1
        }
    }
}
