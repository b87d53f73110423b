import GtkKit

// MARK: - HorizontalScrollerView

/// A horizontal strip of views the user clicks, arrows or scrolls through; the selected one
/// is highlighted and centred.
///
/// It is virtualised: a horizontal `GtkListView` materialises only the slots near the visible
/// range and reuses them, so 100,000 views cost what 5 do. Its content comes from a data
/// source and the user's choices go to a delegate (the adapter pattern): it knows nothing of
/// what the views show.
@MainActor
public final class HorizontalScrollerView {
    // MARK: Collaborators

    public weak var dataSource: HorizontalScrollerViewDataSource?
    public weak var delegate: HorizontalScrollerViewDelegate?

    /// The widget to place in a window.
    public var widget: Widget { scrolledWindow }

    // MARK: State

    /// The selected index, or nil when the scroller is empty.
    public var selectedIndex: Int? { selection.selected }

    /// How many views exist now (materialised slots), whatever the number of indexes.
    public private(set) var materializedViewCount = 0

    /// How many indexes the scroller shows.
    public var count: Int { model.count }

    // MARK: Widgets

    private let model = PositionListModel()
    private let selection: SingleSelection
    private let factory = ListItemFactory()
    private let listView: ListView
    private let scrolledWindow: ScrolledWindow
    private let adjustment: Adjustment
    private let animator: ScrollAnimator

    /// The views bound to an index now, with the slot that holds each.
    private var boundViews: [ObjectIdentifier: (slot: ListItem, view: HorizontalScrollerReusableView)] = [:]
    /// Set while the scroller itself changes the selection or the scroll position.
    private var isUpdatingProgrammatically = false
    /// Waits for a user scroll to come to rest before snapping.
    private var snapTimer: Timeout?

    /// How long a scroll must rest before the nearest view is snapped to the centre.
    static let snapDelayMilliseconds = 150

    // MARK: Life cycle

    public init() {
        selection = SingleSelection(model: model)
        listView = ListView(selection: selection, factory: factory, orientation: .horizontal)
        listView.addCSSClass("cover-strip")
        listView.setAccessibleLabel("Albums")
        scrolledWindow = ScrolledWindow(child: listView)
        scrolledWindow.scrollsHorizontallyOnly()
        scrolledWindow.addCSSClass("cover-strip-scroller")
        adjustment = scrolledWindow.horizontalAdjustment
        animator = ScrollAnimator(adjustment: adjustment, clock: listView)
        connectFactory()
        connectSelection()
        connectScrolling()
        connectKeys()
        connectWheel()
    }

    // MARK: Public API

    /// Asks the data source for everything again and selects the delegate's initial index.
    public func reload() {
        let count = dataSource?.numberOfViews(in: self) ?? 0
        updateProgrammatically { model.reset(count: count) }
        guard count > 0 else { return }
        let initial = delegate?.initialViewIndex(for: self) ?? 0
        selectView(at: initial, animated: false)
    }

    /// Adds a slot for a view inserted at `index` (the data source already counts it).
    public func insertView(at index: Int) {
        updateProgrammatically { model.insert(at: index) }
    }

    /// Removes the slot of the view that was at `index`.
    public func removeView(at index: Int) {
        updateProgrammatically { model.remove(at: index) }
    }

    /// Selects and centres the view at `index` without telling the delegate (the caller
    /// already knows). An index out of range is clamped; an empty scroller has no selection.
    public func selectView(at index: Int, animated: Bool) {
        guard count > 0 else { return }
        let index = min(max(index, 0), count - 1)
        updateProgrammatically {
            selection.selected = index
            listView.scrollToItem(at: index)  // also moves the keyboard cursor there
        }
        scrollToView(at: index, animated: animated)
    }

    /// Scrolls so the view at `index` is centred (as far as the ends of the strip allow).
    public func scrollToView(at index: Int, animated: Bool) {
        snapTimer?.cancel()
        updateProgrammatically {
            animator.scroll(to: { [weak self] in self?.centredOffset(for: index) }, animated: animated)
        }
    }

    /// Whether the view at `index` is centred now, as far as the ends of the strip allow.
    public func isCentred(_ index: Int) -> Bool {
        guard let offset = centredOffset(for: index) else { return false }
        return abs(adjustment.value - offset) < 1
    }

    /// Whether a centring animation is running.
    public var isAnimating: Bool { animator.isAnimating }

    /// The scroll position that centres `index`, clamped to the scroll range.
    private func centredOffset(for index: Int) -> Double? {
        guard let itemWidth, count > 0 else { return nil }
        let centre = (Double(min(max(index, 0), count - 1)) + 0.5) * itemWidth
        return min(max(centre - adjustment.pageSize / 2, adjustment.lower), adjustment.maximumValue)
    }

    /// The view showing `index`, if that slot is materialised now.
    public func view(at index: Int) -> HorizontalScrollerReusableView? {
        boundViews.values.first { $0.slot.position == index }?.view
    }

    /// Gives the strip the keyboard focus (on its selected view).
    public func focus() {
        if let selected = selectedIndex {
            updateProgrammatically { listView.scrollToItem(at: selected) }
        }
        listView.grabFocus()
    }

    /// Gives the strip the focus once its views are laid out (a list view can only focus a
    /// row that exists), trying on each of the first frames.
    public func focusWhenShown(then focused: @escaping @MainActor () -> Void = {}) {
        var attempts = 0
        listView.addTickCallback { [weak self] _ in
            guard let self else { return false }
            attempts += 1
            self.focus()
            if self.hasFocus { focused() }
            return !self.hasFocus && attempts < 30
        }
    }

    /// Whether the strip has the keyboard focus.
    public var hasFocus: Bool { listView.containsFocus }

    /// The index whose slot is nearest the centre of the visible range.
    public var indexAtCentre: Int? {
        guard let itemWidth, count > 0 else { return nil }
        let centre = adjustment.value + adjustment.pageSize / 2
        return min(max(Int(centre / itemWidth), 0), count - 1)
    }

    // MARK: Geometry

    /// Every slot has the same width, so the scroll range divided by the count is exact.
    private var itemWidth: Double? {
        guard count > 0, adjustment.upper > 0 else { return nil }
        return (adjustment.upper - adjustment.lower) / Double(count)
    }

    private func updateProgrammatically(_ change: () -> Void) {
        let wasUpdating = isUpdatingProgrammatically
        isUpdatingProgrammatically = true
        change()
        isUpdatingProgrammatically = wasUpdating
    }
}

// MARK: - Slots

extension HorizontalScrollerView {
    private static let viewKey = "bluelibrary-scroller-view"

    private func connectFactory() {
        factory.onSetup { [weak self] slot in
            guard let self, let view = self.dataSource?.makeReusableView(for: self) else { return }
            slot.setChild(view.widget)
            slot.attach(view, forKey: Self.viewKey)
            self.materializedViewCount += 1
        }
        factory.onBind { [weak self] slot in
            guard let self, let view = slot.attached(forKey: Self.viewKey) as? HorizontalScrollerReusableView,
                  let position = slot.position else { return }
            self.boundViews[ObjectIdentifier(view)] = (slot, view)
            self.dataSource?.horizontalScrollerView(self, configure: view, at: position)
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

// MARK: - User input

extension HorizontalScrollerView {
    /// A click (or GTK's own keyboard handling) changed the selection.
    private func connectSelection() {
        selection.onSelectionChanged { [weak self] _, _ in
            guard let self, !self.isUpdatingProgrammatically, let index = self.selection.selected else { return }
            self.userSelected(index)
        }
    }

    private func userSelected(_ index: Int) {
        scrollToView(at: index, animated: true)
        delegate?.horizontalScrollerView(self, didSelectViewAt: index)
    }

    /// Left/Right select the previous/next view, Home/End the first/last.
    private func connectKeys() {
        let keys = KeyController(beforeChildren: true)
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, modifiers.isDisjoint(with: .shortcut),
                  let target = self.keyboardTarget(for: key) else { return false }
            if target != self.selectedIndex {
                self.selectView(at: target, animated: true)
                self.delegate?.horizontalScrollerView(self, didSelectViewAt: target)
            }
            return true
        }
        listView.addController(keys)
    }

    private func keyboardTarget(for key: UInt32) -> Int? {
        guard count > 0 else { return nil }
        let current = selectedIndex ?? 0
        switch key {
        case Keys.left: return max(current - 1, 0)
        case Keys.right: return min(current + 1, count - 1)
        case Keys.home: return 0
        case Keys.end: return count - 1
        default: return nil
        }
    }

    /// When a drag, wheel or touchpad scroll comes to rest, the view nearest the centre is
    /// snapped to it and selected. A resize only re-centres the selected view.
    private func connectScrolling() {
        adjustment.onValueChanged { [weak self] in
            guard let self, !self.isUpdatingProgrammatically, !self.animator.isAnimating else { return }
            self.snapTimer = Timeout(milliseconds: Self.snapDelayMilliseconds) { [weak self] in
                self?.snapToCentre()
            }
        }
        adjustment.onRangeChanged { [weak self] in
            guard let self, let selected = self.selectedIndex, !self.animator.isAnimating else { return }
            self.updateProgrammatically { self.scrollToView(at: selected, animated: false) }
        }
    }

    /// A vertical mouse wheel scrolls the strip sideways (a scrolled window that only scrolls
    /// horizontally ignores it otherwise).
    private func connectWheel() {
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
