import GtkKit

// MARK: - HorizontalScrollerView

/// A horizontal strip of views the user clicks, arrows or scrolls through; the selected one
/// is highlighted and centred.
///
/// It is virtualised: a `GtkGridView` of one horizontal line materialises only the slots near
/// the visible range (about 30 in GTK 4.8, where a `GtkListView` keeps 200) and reuses them,
/// so 100,000 views cost what a few dozen do. Each view is told whether it is on or near the
/// screen (`setNearVisibleRange`), so those kept further off hold nothing costly. Its content
/// comes from a data source and the user's choices go to a delegate (the adapter pattern): it
/// knows nothing of what the views show.
@MainActor
public final class HorizontalScrollerView: Widget {
    // MARK: Collaborators

    public weak var dataSource: HorizontalScrollerViewDataSource?
    public weak var delegate: HorizontalScrollerViewDelegate?

    // MARK: State

    /// The selected index, or nil when the scroller is empty.
    public var selectedIndex: Int? { selection.selected }

    /// How many views exist now (materialised slots), whatever the number of indexes.
    public internal(set) var materializedViewCount = 0

    /// How many indexes the scroller shows.
    public var count: Int { model.count }

    // MARK: Widgets

    let model: PositionListModel
    package let selection: SingleSelection
    let factory: ListItemFactory
    let gridView: GridView
    let scrolledWindow: ScrolledWindow
    let adjustment: Adjustment
    let animator: ScrollAnimator
    /// Takes files and images dropped onto the views.
    package let dropTarget = DropTarget()
    /// The context menu while one has been opened (`HorizontalScrollerView+ContextMenu`).
    package var contextMenu: PopoverMenu?

    /// The views bound to an index now, with the slot that holds each.
    var boundViews: [ObjectIdentifier: (slot: ListItem, view: HorizontalScrollerReusableView)] = [:]
    /// The accessible name each view's slot was last given (`nameSlot(of:)`).
    var slotNames: [ObjectIdentifier: String] = [:]
    /// Set while the scroller itself changes the selection or the scroll position.
    var isUpdatingProgrammatically = false
    /// Waits for a user scroll to come to rest before snapping.
    var snapTimer: Timeout?
    /// How many views the scroll range was last laid out for. GTK sets the range in its
    /// layout, so right after views are added or removed it still spans the old count; a
    /// width computed from the new count then put a scroll position past the strip's end
    /// ("GtkGridView failed to scroll to given position").
    var laidOutCount = 0

    /// How long a scroll must rest before the nearest view is snapped to the centre.
    static let snapDelayMilliseconds = 150

    // MARK: Life cycle

    /// What assistive technologies announce for the strip, e.g. "Albums".
    public func setStripAccessibleLabel(_ label: String) {
        gridView.setAccessibleLabel(label)
    }

    public init() {
        let model = PositionListModel()
        let selection = SingleSelection(model: model)
        let factory = ListItemFactory()
        let gridView = GridView(selection: selection, factory: factory, orientation: .horizontal)
        let scrolledWindow = ScrolledWindow(child: gridView)
        let adjustment = scrolledWindow.horizontalAdjustment
        (self.model, self.selection, self.factory, self.gridView) = (model, selection, factory, gridView)
        (self.scrolledWindow, self.adjustment) = (scrolledWindow, adjustment)
        animator = ScrollAnimator(adjustment: adjustment, clock: gridView)
        super.init(adopting: scrolledWindow)
        gridView.addCSSClass("cover-strip")
        gridView.setAlignment(horizontal: .center, vertical: .fill)  // a few views sit in the middle
        scrolledWindow.scrollsHorizontallyOnly()
        scrolledWindow.addCSSClass("cover-strip-scroller")
        adjustment.onRangeChanged { [weak self] in self?.laidOutCount = self?.count ?? 0 }  // first: the others read it
        connectFactory()
        connectNearness()
        connectSelection()
        connectScrolling()
        connectKeys()
        connectFocus()
        connectWheel()
        connectActivation()
        connectDrops()
        connectContextMenu()
    }

    // MARK: Public API

    /// Asks the data source for everything again and selects the delegate's initial index.
    /// Only the difference in count changes the list, and the slots on hand are moved to a new
    /// selection nearer the start (`resizeKeepingSlots`); their views are configured again.
    /// (Replacing all 100,000 slots made GTK drop and rebuild every row: 60 ms.)
    public func reload() {
        let count = dataSource?.numberOfViews(in: self) ?? 0
        let previousCount = self.count
        let initial = min(max(delegate?.initialViewIndex(for: self) ?? 0, 0), max(count - 1, 0))
        updateProgrammatically { resizeKeepingSlots(to: count, selecting: initial) }
        if let dataSource {
            for (slot, view) in boundViews.values {
                guard let position = slot.position, position < count else { continue }
                dataSource.horizontalScrollerView(self, configure: view, at: position)
                nameSlot(of: view)  // what a screen reader hears follows the content
            }
        }
        updateNearness()
        guard count > 0 else { return }
        guard count > previousCount else {
            selectView(at: initial, animated: false)
            return
        }
        // The slots GTK has just added have no size until its next layout, and it refuses a
        // scroll position among them ("GtkGridView failed to scroll to given position"): its
        // own scroll to the item shows the selection now, and it is centred once laid out.
        selectView(at: initial, animated: false, centring: false)
        afterNextFrame { [weak self] in
            guard let self, let selected = self.selectedIndex else { return }
            self.scrollToView(at: selected, animated: false)
        }
    }

    /// Adds a slot for a view inserted at `index` (the data source already counts it);
    /// `selected` says the delegate selects it next.
    ///
    /// A view inserted where the selection is and selected (an album put back by an undo,
    /// where the album that took its place is selected) takes the selected view's place on
    /// screen. GTK 4.8 keeps its rows anchored on the item it tracks, so a plain insertion
    /// leaves the selected view where it is and the new one beside it, and centring the new
    /// one then moves the strip by a cover and binds rows again (an undo cost 1.4× a
    /// deletion with cairo, `bench/RESULTS.md`). Inserted as the selected slot made into two,
    /// GTK's anchor goes to the new one and nothing moves. The focus follows, as it does
    /// after a removal.
    public func insertView(at index: Int, selected: Bool = false) {
        guard selected, index == selectedIndex else {
            updateProgrammatically { model.insert(at: index) }
            updateNearness()
            return
        }
        let hadFocus = hasFocus
        updateProgrammatically { model.insert(replacingItemAt: index) }
        if hadFocus, let inserted = view(at: index) {
            inserted.grabParentFocus()
        }
        updateNearness()
        if hadFocus { focusWhenShown() }
    }

    /// Adds slots for views added after the last one (the data source already counts them):
    /// the views on hand stay as they are.
    public func appendViews() {
        let count = dataSource?.numberOfViews(in: self) ?? 0
        updateProgrammatically { model.resize(to: count) }
        updateNearness()
    }

    /// Removes the slot of the view that was at `index`.
    ///
    /// When the strip has the keyboard focus, the focus moves at once to the view that takes
    /// the removed one's place (or the one before it), so a key pressed before the next frame
    /// still reaches the strip: in GTK 4.8 the focus left with the removed row, and went
    /// nowhere, until the strip took it back. It moves after the removal, not before: GTK
    /// scrolls to a row given the focus away from its keyboard cursor, and binds rows again
    /// for it (a deletion took a third longer with cairo). When no view is left, the
    /// list itself takes the focus, as the disposed row must not keep it (a
    /// `gtk_widget_is_ancestor` critical at the next layout).
    public func removeView(at index: Int) {
        let hadFocus = hasFocus
        updateProgrammatically { model.remove(at: index) }
        if hadFocus, let heir = view(at: index) ?? view(at: index - 1) {
            heir.grabParentFocus()
        }
        updateNearness()
        guard hadFocus else { return }
        if count == 0 { gridView.grabFocus() }
        focusWhenShown()
    }

    /// Selects and centres the view at `index` without telling the delegate (the caller
    /// already knows). An index out of range is clamped; an empty scroller has no selection.
    public func selectView(at index: Int, animated: Bool) {
        selectView(at: index, animated: animated, centring: true)
    }

    /// Selects the view at `index`, brought into view by GTK, and centres it if `centring`.
    ///
    /// A step to a neighbour on screen (an arrow key) is centred at once, and only then
    /// scrolled to by GTK: GTK 4.8 keeps its rows around the item it last scrolled to, in
    /// proportion to where that item sits in the window, so the item scrolled to before the
    /// centring (right of the middle), and every frame of an animation after it, moved that
    /// range and bound some 80 rows again at each step; centred first, the range moves by
    /// one row. Longer moves (Home, End, a click) still slide to the centre.
    private func selectView(at index: Int, animated: Bool, centring: Bool) {
        guard count > 0 else { return }
        let index = min(max(index, 0), count - 1)
        let centresFirst = centring && selection.selected.map { abs($0 - index) == 1 } == true && view(at: index) != nil
        updateProgrammatically { selection.selected = index }
        if centresFirst { scrollToView(at: index, animated: false) }
        updateProgrammatically { gridView.scrollToItem(at: index) }  // also moves the keyboard cursor there
        if centring, !centresFirst { scrollToView(at: index, animated: animated) }
        if hasFocus { focusWhenShown() }  // the focus ring follows the selection
    }

    /// Scrolls so the view at `index` is centred (as far as the ends of the strip allow).
    public func scrollToView(at index: Int, animated: Bool) {
        scrollToView(at: index, animated: animated, startsNow: true)
    }

    /// Scrolls so the view at `index` is centred; `startsNow: false` waits for the next frame
    /// (see `ScrollAnimator.scroll(to:animated:startsNow:)`).
    func scrollToView(at index: Int, animated: Bool, startsNow: Bool) {
        snapTimer?.cancel()
        updateProgrammatically {
            animator.scroll(
                to: { [weak self] in self?.centredOffset(for: index) },
                animated: animated,
                startsNow: startsNow,
                isLaidOut: { [weak self] in self?.hasViews(around: index) ?? true }
            )
        }
    }

    /// Whether a centring animation is running.
    public var isAnimating: Bool { animator.isAnimating }

    /// Whether the views at `index` and next to it are materialised: the grid view has
    /// placed its rows around `index`, not only kept the selected one.
    func hasViews(around index: Int) -> Bool {
        (index - 1...index + 1).filter { (0..<count).contains($0) }.allSatisfy { view(at: $0) != nil }
    }

    /// The views bound to an index now (materialised, near the visible range).
    public var boundReusableViews: [HorizontalScrollerReusableView] {
        boundViews.values.map(\.view)
    }

    /// The view showing `index`, if that slot is materialised now.
    public func view(at index: Int) -> HorizontalScrollerReusableView? {
        boundViews.values.first { $0.slot.position == index }?.view
    }

    /// Gives the strip the keyboard focus (on its selected view).
    public func focus() {
        if let selected = selectedIndex, let view = view(at: selected), view.grabParentFocus() {
            return  // its row has the focus now
        }
        if let selected = selectedIndex {
            updateProgrammatically { gridView.scrollToItem(at: selected) }  // bring its row in
        }
        gridView.grabFocus()
    }

    /// Gives the selected view the keyboard focus once it is laid out (a grid view can only
    /// focus a row that exists), trying on each of the first frames. A view that has it
    /// already is left alone: each selection in the strip asks for this. Once the strip has
    /// had the focus, the request ends when the focus moves elsewhere: a key typed in the
    /// strip opens the search, whose field takes the focus, and the strip must not take it
    /// back on a later frame (at launch, the strip has the focus on its list before its
    /// selected row is laid out, and a search typed then went on in the strip).
    public func focusWhenShown(then focused: @escaping @MainActor () -> Void = {}) {
        var attempts = 0
        var hasHadFocus = hasFocus
        gridView.addTickCallback { [weak self] _ in
            guard let self, !(hasHadFocus && self.gridView.focusIsOutside) else { return false }
            attempts += 1
            if !self.selectedViewHasFocus { self.focus() }
            hasHadFocus = hasHadFocus || self.hasFocus
            let done = self.selectedViewHasFocus
            if done { focused() }
            return !done && attempts < 30
        }
    }

    /// Whether the keyboard focus is on the selected view's row (or the strip is empty and
    /// has the focus itself).
    package var selectedViewHasFocus: Bool {
        guard let selected = selectedIndex else { return hasFocus }
        return view(at: selected)?.parentHasFocus == true
    }

    /// Whether the strip has the keyboard focus.
    public var hasFocus: Bool { gridView.containsFocus }

    func updateProgrammatically(_ change: () -> Void) {
        let wasUpdating = isUpdatingProgrammatically
        isUpdatingProgrammatically = true
        change()
        isUpdatingProgrammatically = wasUpdating
    }
}
