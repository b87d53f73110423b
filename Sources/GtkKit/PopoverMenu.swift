// Why this file exists: a context menu is a `GtkPopoverMenu` parented to the widget it opens
// over, pointing at the place clicked. A popover with a parent must be unparented before the
// parent goes away (GTK warns of children left at finalization otherwise), which this
// handle does on the parent's `destroy`.

import CGtk

/// A menu that pops up over a widget, pointing at a rectangle of it (`GtkPopoverMenu`).
@MainActor
public final class PopoverMenu: Widget {
    private weak var parent: Widget?

    public init(menu: Menu) {
        super.init(owning: gtk_popover_menu_new_from_model(menu.cast()))
        gtk_popover_set_has_arrow(popover, 0)
    }

    private var popover: UnsafeMutablePointer<GtkPopover> { cast() }

    /// Shows `menu`'s items from now on.
    public func setMenu(_ menu: Menu) {
        gtk_popover_menu_set_menu_model(OpaquePointer(gObject), menu.cast())
    }

    /// Opens the menu over `parent`, pointing at the rectangle (in `parent`'s coordinates).
    public func popUp(over parent: Widget, x: Double, y: Double, width: Double = 1, height: Double = 1) {
        if self.parent !== parent {
            gtk_widget_set_parent(gtkWidget, parent.gtkWidget)
            self.parent = parent
            parent.connect("destroy") { [self] in gtk_widget_unparent(gtkWidget) }
        }
        var rectangle = GdkRectangle(x: Int32(x.rounded()), y: Int32(y.rounded()), width: Int32(max(width, 1)), height: Int32(max(height, 1)))
        gtk_popover_set_pointing_to(popover, &rectangle)
        gtk_popover_popup(popover)
    }

    /// Whether the menu is open.
    public var isOpen: Bool { gtk_widget_get_visible(gtkWidget) != 0 }

    public func popDown() { gtk_popover_popdown(popover) }
}

// MARK: - Popover

/// A popup of any content, pointing at the button that opens it (`GtkPopover`).
@MainActor
public final class Popover: Widget {
    public init(child: Widget) {
        super.init(owning: gtk_popover_new())
        gtk_popover_set_child(ownPopover, child.gtkWidget)
    }

    /// Called when it opens (before it shows).
    @discardableResult
    public func onShow(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("show", handler)
    }

    /// Called when it has closed.
    @discardableResult
    public func onHide(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("hide", handler)
    }

    /// Whether it is open.
    public var isOpen: Bool { gtk_widget_get_visible(gtkWidget) != 0 }

    public func popDown() { gtk_popover_popdown(ownPopover) }

    private var ownPopover: UnsafeMutablePointer<GtkPopover> { cast() }
}

extension MenuButton {
    /// A button that opens `popover` (`GtkMenuButton` with a popover of its own).
    public convenience init(iconName: String, popover: Popover) {
        self.init(iconName: iconName, menu: Menu())
        gtk_menu_button_set_create_popup_func(bl_menu_button(gObject), nil, nil, nil)
        gtk_menu_button_set_popover(bl_menu_button(gObject), popover.gtkWidget)
    }

    /// Opens its popover or menu, as a click would.
    public func popUp() { gtk_menu_button_popup(bl_menu_button(gObject)) }
}
