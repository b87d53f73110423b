// Why this file exists: the layout containers the app arranges its views with.

import CGtk

/// A row or column of widgets (`GtkBox`).
@MainActor
public final class Box: Widget {
    /// - Parameter role: a role other than a group's, e.g. `.alert` for a toast.
    public init(_ orientation: Orientation, spacing: Int = 0, accessibleRole role: AccessibleRole? = nil) {
        super.init(owning: AccessibleRole.newWidget(gtk_box_get_type(), role: role))
        gtk_orientable_set_orientation(bl_orientable(gObject), orientation.gtk)
        gtk_box_set_spacing(bl_box(gObject), Int32(spacing))
    }

    public func append(_ child: Widget) { gtk_box_append(bl_box(gObject), child.gtkWidget) }

    /// Whether the children are laid out in a row or a column.
    public var orientation: Orientation {
        get { gtk_orientable_get_orientation(bl_orientable(gObject)) == GTK_ORIENTATION_VERTICAL ? .vertical : .horizontal }
        set { gtk_orientable_set_orientation(bl_orientable(gObject), newValue.gtk) }
    }

    /// Whether every child gets the same room.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(bl_box(gObject)) != 0 }
        set { gtk_box_set_homogeneous(bl_box(gObject), newValue ? 1 : 0) }
    }
}

/// Widgets in rows and columns (`GtkGrid`).
///
/// Unlike a row of boxes, a grid measures its columns without asking wrapping labels how
/// wide they would be at a given height: a binary search over the whole text per label,
/// which took seconds with long values.
@MainActor
public final class Grid: Widget {
    public init(columnSpacing: Int, rowSpacing: Int) {
        super.init(owning: gtk_grid_new())
        gtk_grid_set_column_spacing(bl_grid(gObject), guint(columnSpacing))
        gtk_grid_set_row_spacing(bl_grid(gObject), guint(rowSpacing))
    }

    /// Places `child` in the cell at `column`, `row`, spanning `width` columns and `height` rows.
    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        gtk_grid_attach(bl_grid(gObject), child.gtkWidget, Int32(column), Int32(row), Int32(width), Int32(height))
    }
}

/// A main child with others floating above it (`GtkOverlay`). Only the main child is
/// measured: without one, the overlay is as large as its size request, whatever its
/// overlays would like.
@MainActor
public final class Overlay: Widget {
    /// - Parameter role: `.presentation` for a stack of layers that only decorates (a cover,
    ///   its spinner and placeholder, in a row named after its album): none is then in the
    ///   accessible tree.
    public init(child: Widget? = nil, accessibleRole role: AccessibleRole? = nil) {
        super.init(owning: AccessibleRole.newWidget(gtk_overlay_get_type(), role: role))
        if let child { gtk_overlay_set_child(bl_overlay(gObject), child.gtkWidget) }
    }

    public func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(bl_overlay(gObject), widget.gtkWidget)
    }
}

/// Shows or hides its child with an animation (`GtkRevealer`).
///
/// Once its hiding animation has ended, the revealer itself is hidden: a concealed child
/// is then out of the focus chain and out of the accessible tree, where GTK would otherwise
/// keep it (a screen reader would find a hidden notice's buttons).
@MainActor
public final class Revealer: Widget {
    public init(child: Widget, animation: RevealAnimation) {
        super.init(owning: gtk_revealer_new())
        gtk_revealer_set_child(bl_revealer(gObject), child.gtkWidget)
        gtk_revealer_set_transition_type(bl_revealer(gObject), animation.gtk)
        isVisible = false
        observe(property: "child-revealed") { [weak self] in self?.hideWhenConcealed() }
    }

    /// Whether the child is shown, or being shown.
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(bl_revealer(gObject)) != 0 }
        set {
            if newValue { isVisible = true }
            gtk_revealer_set_reveal_child(bl_revealer(gObject), newValue ? 1 : 0)
        }
    }

    private func hideWhenConcealed() {
        if !revealsChild, gtk_revealer_get_child_revealed(bl_revealer(gObject)) == 0 { isVisible = false }
    }
}

/// A scrollable view of a larger child (`GtkScrolledWindow`).
@MainActor
public final class ScrolledWindow: Widget {
    public init(child: Widget) {
        super.init(owning: gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(bl_scrolled_window(gObject), child.gtkWidget)
    }

    /// Scrolls sideways only; the height follows the child.
    public func scrollsHorizontallyOnly() {
        gtk_scrolled_window_set_policy(bl_scrolled_window(gObject), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
    }

    /// Scrolls up and down only; the width follows the child, and the height is the
    /// window's to give, whatever the child's.
    public func scrollsVerticallyOnly() {
        gtk_scrolled_window_set_policy(bl_scrolled_window(gObject), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// Asks for the child's natural height (it scrolls only when the window has less room),
    /// so what follows it sits right under it rather than at the bottom of the window.
    public func followsChildHeight() {
        gtk_scrolled_window_set_propagate_natural_height(bl_scrolled_window(gObject), 1)
    }

    /// The horizontal scroll position and range.
    public var horizontalAdjustment: Adjustment {
        Adjustment(borrowing: gtk_scrolled_window_get_hadjustment(bl_scrolled_window(gObject)))
    }
}

/// A value within a range, such as a scroll position (`GtkAdjustment`).
@MainActor
public final class Adjustment: ObjectHandle {
    private var adjustment: UnsafeMutablePointer<GtkAdjustment> { cast() }

    public var value: Double {
        get { gtk_adjustment_get_value(adjustment) }
        set { gtk_adjustment_set_value(adjustment, newValue) }
    }

    public var lower: Double { gtk_adjustment_get_lower(adjustment) }
    public var upper: Double { gtk_adjustment_get_upper(adjustment) }
    public var pageSize: Double { gtk_adjustment_get_page_size(adjustment) }

    /// The largest value the scroll position can take.
    public var maximumValue: Double { max(lower, upper - pageSize) }

    /// Announces the current value again (`value-changed`), so that what follows the
    /// adjustment (a list view placing its rows) takes it anew.
    public func announceValue() {
        bl_signal_emit_by_name(gObject, "value-changed")
    }

    /// Calls `handler` whenever the value changes, from the user or from code.
    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("value-changed", handler)
    }

    /// Calls `handler` when the range or page size changes (`changed`).
    @discardableResult
    public func onRangeChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", handler)
    }
}
