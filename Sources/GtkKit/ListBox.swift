// Why this file exists: a short list of rows that are each a few widgets (an album's tracks)
// is a `GtkListBox`: every row is a real widget, keyboard-navigable and activatable, with
// no model or factory (a list view's recycling is for lists of thousands).

import CGtk

/// A vertical list of rows the user moves through with the arrows and activates with Enter
/// or a double click (`GtkListBox`, no selection).
@MainActor
public final class ListBox: Widget {
    private var rows: [Widget] = []

    public init() {
        super.init(owning: gtk_list_box_new())
        gtk_list_box_set_selection_mode(opaque, GTK_SELECTION_NONE)
        gtk_list_box_set_activate_on_single_click(opaque, 0)
    }

    /// How many rows the list has.
    public var count: Int { rows.count }

    /// Adds a row showing `child`, named `accessibleLabel` for screen readers.
    public func append(_ child: Widget, accessibleLabel: String) {
        let row = Widget(owning: gtk_list_box_row_new())
        gtk_list_box_row_set_child(bl_list_box_row(row.gObject), child.gtkWidget)
        row.setAccessibleLabel(accessibleLabel)
        gtk_list_box_append(opaque, row.gtkWidget)
        rows.append(row)
    }

    /// Removes every row.
    public func removeAll() {
        for row in rows { gtk_list_box_remove(opaque, row.gtkWidget) }
        rows = []
    }

    /// The row at `index` (the widget that takes the focus), if there is one.
    public func row(at index: Int) -> Widget? {
        rows.indices.contains(index) ? rows[index] : nil
    }

    /// Calls `handler` with a row's index when the user activates it (Enter, or a double click).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        connectPointer("row-activated") { row in
            guard let row else { return }
            handler(Int(gtk_list_box_row_get_index(bl_list_box_row(row))))
        }
    }
}
