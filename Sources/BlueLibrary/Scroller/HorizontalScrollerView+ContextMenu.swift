import GtkKit

// MARK: - Context menu

extension HorizontalScrollerView {
    /// A secondary click on a view, or the Menu key or Shift+F10 in the strip, selects the
    /// view and opens the menu its delegate gives, pointing at it.
    func connectContextMenu() {
        let click = ClickGesture(button: ClickGesture.secondaryButton)
        click.onPressed { [weak self] x, y in
            guard let self, let index = index(atX: x, y: y) else { return }
            openContextMenu(forViewAt: index, x: x, y: y)
        }
        gridView.addController(click)

        let keys = KeyController(beforeChildren: true)
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, key == Keys.menu || (key == Keys.f10 && modifiers == .shift),
                  let selected = selectedIndex, let view = view(at: selected),
                  let bounds = view.bounds(in: gridView) else { return false }
            openContextMenu(forViewAt: selected, x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
            return true
        }
        gridView.addController(keys)
    }

    /// Whether the context menu is open.
    package var isContextMenuOpen: Bool { contextMenu?.isOpen == true }

    private func openContextMenu(forViewAt index: Int, x: Double, y: Double) {
        if index != selectedIndex {
            selectView(at: index, animated: true)
            delegate?.horizontalScrollerView(self, didSelectViewAt: index)
        }
        guard let menu = delegate?.horizontalScrollerView(self, menuForViewAt: index) else { return }
        if let contextMenu {
            contextMenu.setMenu(menu)
        } else {
            contextMenu = PopoverMenu(menu: menu)
        }
        contextMenu?.popUp(over: gridView, x: x, y: y)
    }

    /// The index of the view at a point of the list, if a view is there.
    private func index(atX x: Double, y: Double) -> Int? {
        visibleIndexes.first { index in
            guard let bounds = view(at: index)?.bounds(in: gridView) else { return false }
            return x >= bounds.x && x < bounds.x + bounds.width && y >= bounds.y && y < bounds.y + bounds.height
        }
    }
}
