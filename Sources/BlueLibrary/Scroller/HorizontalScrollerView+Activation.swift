import GtkKit

// MARK: - Activation, drops and changed views

extension HorizontalScrollerView {
    /// A double click on a view, or Enter on it, selects it and tells the delegate.
    func connectActivation() {
        listView.onActivate { [weak self] index in
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
        listView.addController(dropTarget)
        dropTarget.onDrop { [weak self] item, x, _ in
            guard let self, let delegate, let index = index(atListX: x) else { return false }
            return delegate.horizontalScrollerView(self, didReceive: item, onViewAt: index)
        }
    }

    /// The index of the view at `x` in the list's visible area.
    func index(atListX x: Double) -> Int? {
        guard let itemWidth, itemWidth > 0 else { return nil }
        let index = Int((adjustment.value + x) / itemWidth)
        return (0..<count).contains(index) ? index : nil
    }

    /// Shows the content of `index` anew in its view, if it has one now (its data changed).
    public func reconfigureView(at index: Int) {
        guard let dataSource, let view = view(at: index) else { return }
        dataSource.horizontalScrollerView(self, configure: view, at: index)
        if let label = view.accessibleLabel { view.setParentAccessibleLabel(label) }
    }
}
