import GtkKit

// MARK: - User input

extension HorizontalScrollerView {
    /// A click (or GTK's own keyboard handling) changed the selection.
    func connectSelection() {
        selection.onSelectionChanged { [weak self] _, _ in
            guard let self, !self.isUpdatingProgrammatically, let index = self.selection.selected else { return }
            self.userSelected(index)
        }
    }

    private func userSelected(_ index: Int) {
        scrollToView(at: index, animated: true)
        delegate?.horizontalScrollerView(self, didSelectViewAt: index)
    }

    /// Left/Right select the previous/next view, Home/End the first/last; Up/Down do nothing
    /// (GTK's grid view would take them for Left/Right). Tab and Shift+Tab leave the strip in
    /// one step: it is one stop in the window's focus chain, and moving the focus never
    /// changes the selection.
    func connectKeys() {
        let keys = KeyController(beforeChildren: true)
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self else { return false }
            if Keys.tabs.contains(key), modifiers.isDisjoint(with: [.control, .alt, .super]) {
                self.gridView.moveFocusPast(forward: key != Keys.leftTab && !modifiers.contains(.shift))
                return true
            }
            guard modifiers.isDisjoint(with: .shortcut),
                  let target = self.keyboardTarget(for: key) else { return false }
            if target != self.selectedIndex {
                self.selectView(at: target, animated: true)
                self.delegate?.horizontalScrollerView(self, didSelectViewAt: target)
            }
            return true
        }
        gridView.addController(keys)
    }

    /// The focus coming into the strip goes to the selected view. GTK 4.8 puts the focus that
    /// comes back on the row its keyboard cursor was on, which a selection made while the
    /// focus was elsewhere (an undo, a search) leaves behind, even after its scroll to the item.
    func connectFocus() {
        let focus = FocusController()
        focus.onEnter { [weak self] in
            guard let self, !self.selectedViewHasFocus else { return }
            self.focusWhenShown()
        }
        gridView.addController(focus)
    }

    private func keyboardTarget(for key: UInt32) -> Int? {
        guard count > 0 else { return nil }
        let current = selectedIndex ?? 0
        let forward = gridView.isRightToLeft ? Keys.left : Keys.right
        switch key {
        case Keys.left, Keys.right: return min(max(current + (key == forward ? 1 : -1), 0), count - 1)
        case Keys.up, Keys.down: return current
        case Keys.home: return 0
        case Keys.end: return count - 1
        default: return nil
        }
    }

    /// When a drag, wheel or touchpad scroll comes to rest, the view nearest the centre is
    /// snapped to it and selected. A resize only re-centres the selected view.
    func connectScrolling() {
        adjustment.onValueChanged { [weak self] in
            guard let self, !self.isUpdatingProgrammatically, !self.animator.isAnimating else { return }
            self.snapTimer = Timeout(milliseconds: Self.snapDelayMilliseconds) { [weak self] in
                self?.snapToCentre()
            }
        }
        adjustment.onRangeChanged { [weak self] in
            guard let self, let selected = self.selectedIndex, !self.animator.isAnimating else { return }
            // Emitted during the list's own layout: the new position is set on the next frame.
            self.scrollToView(at: selected, animated: false, startsNow: false)
        }
    }

    /// A vertical mouse wheel scrolls the strip sideways (a scrolled window that only scrolls
    /// horizontally ignores it otherwise).
    func connectWheel() {
        let wheel = ScrollController(vertical: true)
        wheel.onScroll { [weak self] _, deltaY in
            guard let self, deltaY != 0 else { return false }
            let step = (self.itemWidth ?? 60) * (abs(deltaY) < 1 ? 1 : 0.5)
            self.animator.stop()
            self.adjustment.value = min(max(self.adjustment.value + deltaY * step, self.adjustment.lower), self.adjustment.maximumValue)
            return true
        }
        scrolledWindow.addController(wheel)
    }

    private func snapToCentre() {
        guard !animator.isAnimating, let index = indexAtCentre else { return }
        if index == selectedIndex {
            scrollToView(at: index, animated: true)
        } else {
            selectView(at: index, animated: true)
            delegate?.horizontalScrollerView(self, didSelectViewAt: index)
        }
    }
}
