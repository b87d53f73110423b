import GtkKit

// MARK: - Reusable views

/// A view the scroller shows in one of its slots and reuses for other indexes as the user
/// scrolls, like a table view's cell. It is the widget placed in the slot. It keeps what it
/// shows until it is configured again (see the data source's `configure`).
@MainActor
public protocol HorizontalScrollerReusableView: Widget {
    /// What screen readers call the slot showing this view (the slot is what takes the
    /// keyboard focus), once configured; nil leaves the slot unnamed.
    var accessibleLabel: String? { get }

    /// Called when the view comes on or near the screen (`true`), and when it goes far from
    /// it (`false`); after it is configured for an index, and as the strip scrolls. The
    /// scroller keeps far more views than it shows: a view should hold what is costly to
    /// keep (a decoded image) only while near. Views that need not care ignore it.
    func setNearVisibleRange(_ isNear: Bool)
}

extension HorizontalScrollerReusableView {
    public var accessibleLabel: String? { nil }
    public func setNearVisibleRange(_ isNear: Bool) {}
}

// MARK: - Data source

/// Supplies the scroller's views. The scroller knows nothing of what they show.
@MainActor
public protocol HorizontalScrollerViewDataSource: AnyObject {
    /// How many views the scroller holds.
    func numberOfViews(in scroller: HorizontalScrollerView) -> Int

    /// A new, empty view; called only for the few slots near the visible range.
    func makeReusableView(for scroller: HorizontalScrollerView) -> HorizontalScrollerReusableView

    /// Shows the content for `index` in `view`: a new one, one reused from another index, or
    /// one that shows that content already. GTK 4.8 binds a row again each time its position
    /// or selection changes (after a deletion, the 30 or so rows past it each move by one
    /// and keep their content), so the view should keep what is the same at no cost.
    func horizontalScrollerView(_ scroller: HorizontalScrollerView, configure view: HorizontalScrollerReusableView, at index: Int)
}

// MARK: - Delegate

/// Hears what the user does in the scroller.
@MainActor
public protocol HorizontalScrollerViewDelegate: AnyObject {
    /// The user selected the view at `index` (click, keyboard, or a scroll that came to rest).
    func horizontalScrollerView(_ scroller: HorizontalScrollerView, didSelectViewAt index: Int)

    /// The index to select and centre when the scroller (re)loads; 0 unless implemented.
    func initialViewIndex(for scroller: HorizontalScrollerView) -> Int

    /// The user activated the view at `index` (a double click, or Enter on it); it is
    /// selected. Nothing happens unless implemented.
    func horizontalScrollerView(_ scroller: HorizontalScrollerView, didActivateViewAt index: Int)

    /// The user dropped `item` (a file, or image data) onto the view at `index`; return true
    /// when it was taken. Drops are refused unless implemented.
    func horizontalScrollerView(_ scroller: HorizontalScrollerView, didReceive item: DroppedItem, onViewAt index: Int) -> Bool

    /// The context menu of the view at `index` (a secondary click, the Menu key or
    /// Shift+F10 on it; it is selected first); no menu unless implemented.
    func horizontalScrollerView(_ scroller: HorizontalScrollerView, menuForViewAt index: Int) -> Menu?
}

extension HorizontalScrollerViewDelegate {
    public func initialViewIndex(for scroller: HorizontalScrollerView) -> Int { 0 }
    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, didActivateViewAt index: Int) {}
    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, didReceive item: DroppedItem, onViewAt index: Int) -> Bool {
        false
    }
    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, menuForViewAt index: Int) -> Menu? { nil }
}
