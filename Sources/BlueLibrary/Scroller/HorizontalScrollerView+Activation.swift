import GtkKit

// MARK: - Activation, drops and changed views

extension HorizontalScrollerView {
    /// A double click on a view, or Enter on it, selects it and tells the delegate.
    func connectActivation() {
        gridView.onActivate { [weak self] index in
            guard let self, index < count else { return }
            if selectedIndex != index {
                selectView(at: index, animated: true)
                delegate?.horizontalScrollerView(self, didSelectViewAt: index)
            }
            delegate?.horizontalScrollerView(self, didActivateViewAt: index)
        }
    }

    /// A file or an image dropped onto a view goes to the delegate with the view's index.
    func connectDrops() {
        gridView.addController(dropTarget)
        dropTarget.onDrop { [weak self] item, x, _ in
            guard let self, let delegate, let index = index(atListX: x) else { return false }
            return delegate.horizontalScrollerView(self, didReceive: item, onViewAt: index)
        }
    }

    /// The index of the view at `x` in the list's visible area: the view laid out nearest to
    /// it, within a view's width. Taken from where the views are, not from the scroll range,
    /// which lags behind a change until GTK's next layout (a drop onto the fourth cover of a
    /// strip that had just grown went to the third).
    func index(atListX x: Double) -> Int? {
        var nearest: (index: Int, distance: Double)?
        for (slot, view) in boundViews.values {
            guard let position = slot.position, let bounds = view.bounds(in: gridView) else { continue }
            let distance = abs(bounds.x + bounds.width / 2 - x)
            guard distance <= bounds.width, distance < nearest?.distance ?? .infinity else { continue }
            nearest = (position, distance)
        }
        return nearest?.index
    }

    /// Shows the content of `index` anew in its view, if it has one now (its data changed).
    public func reconfigureView(at index: Int) {
        guard let dataSource, let view = view(at: index) else { return }
        dataSource.horizontalScrollerView(self, configure: view, at: index)
        nameSlot(of: view)
    }
}
