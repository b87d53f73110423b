// Why this file exists: a position slider must tell the user's moves (which seek) from the
// program's (which follow the playing position); GtkRange's `change-value` signal is emitted
// for the user's alone, with the value asked for.

import CGtk

/// A horizontal slider over a range of values (`GtkScale`), without a value label.
@MainActor
public final class Scale: Widget {
    public init(lower: Double, upper: Double, step: Double) {
        super.init(owning: gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, lower, upper, step))
        gtk_scale_set_draw_value(bl_scale(gObject), 0)
    }

    /// The value shown; setting it does not call `onUserChange`.
    public var value: Double {
        get { gtk_range_get_value(bl_range(gObject)) }
        set { gtk_range_set_value(bl_range(gObject), newValue) }
    }

    /// The largest value (the lower bound stays).
    public var upper: Double {
        get { gtk_adjustment_get_upper(gtk_range_get_adjustment(bl_range(gObject))) }
        set {
            let lower = gtk_adjustment_get_lower(gtk_range_get_adjustment(bl_range(gObject)))
            gtk_range_set_range(bl_range(gObject), lower, max(newValue, lower))
        }
    }

    /// Calls `handler` with the value the user moved the slider to (a drag, a click, the
    /// arrow keys, Page Up and Down), before it is shown.
    @discardableResult
    public func onUserChange(_ handler: @escaping @MainActor (Double) -> Void) -> SignalConnection {
        connectRangeChange(handler)
    }
}
