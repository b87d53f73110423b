// Why this file exists: the layout containers the app arranges its views with.

import CGtk

/// A row or column of widgets (`GtkBox`).
@MainActor
public final class Box: Widget {
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(owning: gtk_box_new(orientation.gtk, Int32(spacing)))
    }

    public func append(_ child: Widget) { gtk_box_append(bl_box(gObject), child.widget) }
}

/// Shows one of several named children at a time (`GtkStack`).
@MainActor
public final class Stack: Widget {
    public init() {
        super.init(owning: gtk_stack_new())
    }

    public func add(_ child: Widget, named name: String) {
        gtk_stack_add_named(bl_stack(gObject), child.widget, name)
    }

    /// The name of the child on show.
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(bl_stack(gObject)).map { String(cString: $0) } }
        set { newValue.map { gtk_stack_set_visible_child_name(bl_stack(gObject), $0) } }
    }

    /// Cross-fades between children instead of switching at once.
    public func crossfades() {
        gtk_stack_set_transition_type(bl_stack(gObject), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }
}

/// A main child with others floating above it (`GtkOverlay`). Only the main child is
/// measured: without one, the overlay is as large as its size request, whatever its
/// overlays would like.
@MainActor
public final class Overlay: Widget {
    public init(child: Widget? = nil) {
        super.init(owning: gtk_overlay_new())
        if let child { gtk_overlay_set_child(bl_overlay(gObject), child.widget) }
    }

    public func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(bl_overlay(gObject), widget.widget)
    }
}

/// Shows or hides its child with an animation (`GtkRevealer`).
@MainActor
public final class Revealer: Widget {
    public init(child: Widget, animation: RevealAnimation) {
        super.init(owning: gtk_revealer_new())
        gtk_revealer_set_child(bl_revealer(gObject), child.widget)
        gtk_revealer_set_transition_type(bl_revealer(gObject), animation.gtk)
    }

    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(bl_revealer(gObject)) != 0 }
        set { gtk_revealer_set_reveal_child(bl_revealer(gObject), newValue ? 1 : 0) }
    }
}

/// A scrollable view of a larger child (`GtkScrolledWindow`).
@MainActor
public final class ScrolledWindow: Widget {
    public init(child: Widget) {
        super.init(owning: gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(bl_scrolled_window(gObject), child.widget)
    }

    /// Scrolls sideways only; the height follows the child.
    public func scrollsHorizontallyOnly() {
        gtk_scrolled_window_set_policy(bl_scrolled_window(gObject), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
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
