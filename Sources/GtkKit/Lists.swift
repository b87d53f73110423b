// Why this file exists: GTK's virtualised list machinery (a list model, a selection model,
// a factory that creates and binds row widgets, and the list view that only materialises the
// rows near the visible range), wrapped for Swift.

import CGtk
import CPositionListModel

/// A list model of `count` placeholder items (`BlPositionListModel`, C over GIO).
///
/// The items carry no data: each stands for the position it occupies, and moves with it when
/// items are inserted or removed, so bound rows stay correct without rebinding. None is
/// stored: the model is a count, and an item is made when GTK asks for one (the rows it
/// binds), so going from a few albums to 100,000 and back allocates nothing per album.
@MainActor
public final class PositionListModel: ObjectHandle {
    public init() {
        super.init(owning: UnsafeMutableRawPointer(bl_position_list_model_new()))
    }

    public var count: Int { Int(g_list_model_get_n_items(bl_list_model(gObject))) }

    /// Makes the model hold `count` items, adding or removing only the difference at the end:
    /// the items are interchangeable, so the rows GTK keeps stay as they are.
    public func resize(to count: Int) {
        let current = self.count
        if count > current {
            splice(at: current, removing: 0, inserting: count - current)
        } else if count < current {
            splice(at: count, removing: current - count, inserting: 0)
        }
    }

    /// Makes the model hold `count` items, the first `removed` taken out: every item kept
    /// moves that many positions towards the start, then the difference is made up at the
    /// end. The rows GTK keeps for the items kept stay, and are bound again at their new
    /// positions; items taken out from under them would have GTK destroy those rows and make
    /// as many again.
    public func resize(to count: Int, removingFirst removed: Int) {
        splice(at: 0, removing: min(max(removed, 0), self.count), inserting: 0)
        resize(to: count)
    }

    public func insert(at position: Int) { splice(at: position, removing: 0, inserting: 1) }

    /// Inserts an item at `position` as the item there made into two (one removed, two
    /// added): a list view that anchors its rows on the item at `position` puts its anchor on
    /// the new item, where the old one was, instead of keeping the old one where it is and
    /// showing the new one beside it. The row of the old item is made again.
    public func insert(replacingItemAt position: Int) { splice(at: position, removing: 1, inserting: 2) }
    public func remove(at position: Int) { splice(at: position, removing: 1, inserting: 0) }

    private func splice(at position: Int, removing removed: Int, inserting added: Int) {
        bl_position_list_model_splice(OpaquePointer(gObject), guint(position), guint(removed), guint(added))
    }
}

/// Keeps at most one item selected (`GtkSingleSelection`).
@MainActor
public final class SingleSelection: ObjectHandle {
    /// GTK's value for "no item" (`GTK_INVALID_LIST_POSITION`).
    public static let none = Int(GTK_INVALID_LIST_POSITION)

    public init(model: PositionListModel) {
        super.init(owning: UnsafeMutableRawPointer(gtk_single_selection_new(bl_list_model(g_object_ref(model.gObject)))))
        gtk_single_selection_set_autoselect(bl_single_selection(gObject), 0)
        gtk_single_selection_set_can_unselect(bl_single_selection(gObject), 0)
    }

    /// The selected position, or nil.
    public var selected: Int? {
        get {
            let position = Int(gtk_single_selection_get_selected(bl_single_selection(gObject)))
            return position == Self.none ? nil : position
        }
        set {
            gtk_single_selection_set_selected(bl_single_selection(gObject), guint(truncatingIfNeeded: newValue ?? Self.none))
        }
    }

    /// Called with the first changed position and the number of positions that may have changed.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor (Int, Int) -> Void) -> SignalConnection {
        connectTwoUInt("selection-changed") { position, count in handler(Int(position), Int(count)) }
    }
}

/// One row of a list view: GTK's slot for a reusable widget (`GtkListItem`).
@MainActor
public final class ListItem: ObjectHandle {
    /// The position of the item the row currently shows.
    public var position: Int? {
        let position = Int(gtk_list_item_get_position(bl_list_item(gObject)))
        return position == SingleSelection.none ? nil : position
    }

    /// Sets the row's widget (called once, when the row is created).
    public func setChild(_ child: Widget) {
        gtk_list_item_set_child(bl_list_item(gObject), child.gtkWidget)
    }

}

/// Creates and recycles the rows of a list view (`GtkSignalListItemFactory`).
///
/// `setup` builds a row's widgets once; `bind` configures them for an item and may be called
/// many times as rows are reused; `unbind` and `teardown` undo the two.
@MainActor
public final class ListItemFactory: ObjectHandle {
    public init() {
        super.init(owning: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
    }

    public func onSetup(_ handler: @escaping @MainActor (ListItem) -> Void) { connectListItem("setup", handler) }
    public func onBind(_ handler: @escaping @MainActor (ListItem) -> Void) { connectListItem("bind", handler) }
    public func onUnbind(_ handler: @escaping @MainActor (ListItem) -> Void) { connectListItem("unbind", handler) }
    public func onTeardown(_ handler: @escaping @MainActor (ListItem) -> Void) { connectListItem("teardown", handler) }

    private func connectListItem(_ signal: String, _ handler: @escaping @MainActor (ListItem) -> Void) {
        connectPointer(signal) { item in
            guard let item else { return }
            handler(ListItem(borrowing: item))
        }
    }
}

/// A virtualised line of items (`GtkGridView` of one column along `orientation`): only the
/// items near the visible range exist, about 30 (`GTK_GRID_VIEW_MAX_VISIBLE_ROWS`) where a
/// `GtkListView` keeps 200. Its items are grid cells to assistive technologies.
@MainActor
public final class GridView: Widget {
    public init(selection: SingleSelection, factory: ListItemFactory, orientation: Orientation) {
        super.init(owning: gtk_grid_view_new(bl_selection_model(g_object_ref(selection.gObject)),
                                             bl_list_item_factory(g_object_ref(factory.gObject))))
        gtk_orientable_set_orientation(bl_orientable(gObject), orientation.gtk)
        gtk_grid_view_set_min_columns(bl_grid_view(gObject), 1)
        gtk_grid_view_set_max_columns(bl_grid_view(gObject), 1)
    }

    /// Called with the item's position when the user activates an item: a double click, or
    /// Enter on it.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        connectUInt("activate") { handler(Int($0)) }
    }

    /// Moves the keyboard focus to the item at `position` and scrolls it into view.
    public func scrollToItem(at position: Int) {
        bl_list_base_scroll_to_item(gtkWidget, guint(position))
    }
}
