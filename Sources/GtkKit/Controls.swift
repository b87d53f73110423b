// Why this file exists: the leaf widgets the app shows (text, buttons, pictures, spinners),
// the header bar they sit in, and its menu.

import CGtk
import Foundation

/// Text on screen (`GtkLabel`).
@MainActor
public final class Label: Widget {
    /// - Parameter role: a role other than a label's, e.g. `.presentation` for text that
    ///   only decorates (a placeholder's initials).
    public init(_ text: String = "", accessibleRole role: AccessibleRole? = nil) {
        super.init(owning: AccessibleRole.newWidget(gtk_label_get_type(), role: role))
        self.text = text
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(bl_label(gObject))) }
        set { gtk_label_set_text(bl_label(gObject), newValue) }
    }

    /// Whether the user can select and copy the text.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(bl_label(gObject)) != 0 }
        set { gtk_label_set_selectable(bl_label(gObject), newValue ? 1 : 0) }
    }

    /// Horizontal alignment of the text inside the label, 0 (start) to 1 (end).
    public var xAlign: Float {
        get { gtk_label_get_xalign(bl_label(gObject)) }
        set { gtk_label_set_xalign(bl_label(gObject), newValue) }
    }

    /// Clears a text selection the user (or a first focus) made.
    public func deselectText() {
        gtk_label_select_region(bl_label(gObject), 0, 0)
    }

    /// Wraps long text over lines of `minWidthChars` to `maxWidthChars` characters.
    ///
    /// The minimum matters for long text: without one, GTK measures the label's minimum
    /// width by breaking it after every character, and a 3,500-character value then took
    /// seconds to lay out at each launch.
    public func wrap(minWidthChars: Int = 12, maxWidthChars: Int) {
        gtk_label_set_wrap(bl_label(gObject), 1)
        gtk_label_set_wrap_mode(bl_label(gObject), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_width_chars(bl_label(gObject), Int32(minWidthChars))
        gtk_label_set_max_width_chars(bl_label(gObject), Int32(maxWidthChars))
    }

    /// Cuts long text with an ellipsis instead of growing.
    public func ellipsize() {
        gtk_label_set_ellipsize(bl_label(gObject), PANGO_ELLIPSIZE_END)
    }
}

/// A push button with a label or an icon (`GtkButton`).
@MainActor
public final class Button: Widget {
    public init(label: String) {
        super.init(owning: gtk_button_new_with_label(label))
    }

    public init(iconName: String) {
        super.init(owning: gtk_button_new_from_icon_name(iconName))
    }

    /// The icon the button shows (a symbolic icon's name).
    public var iconName: String? {
        get { gtk_button_get_icon_name(bl_button(gObject)).map { String(cString: $0) } }
        set { gtk_button_set_icon_name(bl_button(gObject), newValue ?? "") }
    }

    /// The detailed action the button activates (`win.undo`); its sensitivity follows the action.
    public var actionName: String? {
        get { gtk_actionable_get_action_name(opaque).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(opaque, newValue) }
    }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked", handler)
    }

    /// Clicks the button as the user would: emits `clicked`, which also activates its action.
    public func click() {
        bl_signal_emit_by_name(gObject, "clicked")
    }
}

/// A named icon (`GtkImage`), such as a symbolic icon of the theme.
@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int) {
        super.init(owning: gtk_image_new_from_icon_name(iconName))
        gtk_image_set_pixel_size(bl_image(gObject), Int32(pixelSize))
    }
}

/// Shows a texture scaled to fit (`GtkPicture`).
@MainActor
public final class Picture: Widget {
    public init() {
        super.init(owning: gtk_picture_new())
        gtk_picture_set_can_shrink(bl_picture(gObject), 1)
        gtk_picture_set_content_fit(bl_picture(gObject), GTK_CONTENT_FIT_COVER)
    }

    /// Whether a picture is set (GTK's `paintable` property).
    public var hasPaintable: Bool { gtk_picture_get_paintable(bl_picture(gObject)) != nil }

    /// Shows `texture`, or nothing. Changing it notifies `paintable`.
    public func setTexture(_ texture: Texture?) {
        gtk_picture_set_paintable(bl_picture(gObject), texture.map { bl_paintable($0.gObject) })
    }
}

/// A busy indicator (`GtkSpinner`).
@MainActor
public final class Spinner: Widget {
    public init() {
        super.init(owning: gtk_spinner_new())
    }

    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(bl_spinner(gObject)) != 0 }
        set { gtk_spinner_set_spinning(bl_spinner(gObject), newValue ? 1 : 0) }
    }
}

/// A window's title bar holding buttons (`AdwHeaderBar`).
@MainActor
public final class HeaderBar: Widget {
    public init() {
        super.init(owning: adw_header_bar_new())
    }

    private var bar: OpaquePointer { bl_adw_header_bar(gObject) }

    /// Whether the window's own buttons (close…) show; a dialog with Cancel hides them.
    public var showsWindowButtons: Bool {
        get { adw_header_bar_get_show_end_title_buttons(bar) != 0 }
        set {
            adw_header_bar_set_show_start_title_buttons(bar, newValue ? 1 : 0)
            adw_header_bar_set_show_end_title_buttons(bar, newValue ? 1 : 0)
        }
    }

    public func packStart(_ child: Widget) { adw_header_bar_pack_start(bar, child.gtkWidget) }
    public func packEnd(_ child: Widget) { adw_header_bar_pack_end(bar, child.gtkWidget) }

    /// Puts `widget` in the middle, instead of the window's title.
    public func setTitleWidget(_ widget: Widget) { adw_header_bar_set_title_widget(bar, widget.gtkWidget) }
}

/// A window's title with a subtitle under it, for a header bar (`AdwWindowTitle`); both
/// are ellipsized when the window is narrow.
@MainActor
public final class WindowTitle: Widget {
    public init(title: String, subtitle: String = "") {
        super.init(owning: adw_window_title_new(title, subtitle))
    }

    private var windowTitle: OpaquePointer { bl_adw_window_title(gObject) }

    public var title: String {
        get { adw_window_title_get_title(windowTitle).map { String(cString: $0) } ?? "" }
        set { adw_window_title_set_title(windowTitle, newValue) }
    }

    /// An empty subtitle is not shown.
    public var subtitle: String {
        get { adw_window_title_get_subtitle(windowTitle).map { String(cString: $0) } ?? "" }
        set { adw_window_title_set_subtitle(windowTitle, newValue) }
    }
}

/// A button that opens a menu (`GtkMenuButton`).
///
/// The menu's widgets (a `GtkPopoverMenu` and a row per item) are made the first time it
/// opens, not with the button: a window's main menu of twenty items otherwise costs every
/// launch 2 ms before the first frame.
@MainActor
public final class MenuButton: Widget {
    public init(iconName: String, menu: Menu) {
        super.init(owning: gtk_menu_button_new())
        gtk_menu_button_set_icon_name(bl_menu_button(gObject), iconName)
        // GTK calls this at every opening; the menu is made at the first. The button keeps a
        // reference to the menu until then (released with the function).
        gtk_menu_button_set_create_popup_func(bl_menu_button(gObject), { button, menu in
            guard let button, gtk_menu_button_get_popover(button) == nil else { return }
            gtk_menu_button_set_menu_model(button, menu?.assumingMemoryBound(to: GMenuModel.self))
        }, g_object_ref(menu.pointer), { menu in g_object_unref(menu) })
    }

    /// Whether this is the window's primary menu, the one F10 opens.
    public var isPrimary: Bool {
        get { gtk_menu_button_get_primary(bl_menu_button(gObject)) != 0 }
        set { gtk_menu_button_set_primary(bl_menu_button(gObject), newValue ? 1 : 0) }
    }

    /// Whether the menu is open.
    public var isMenuOpen: Bool {
        guard let popover = gtk_menu_button_get_popover(bl_menu_button(gObject)) else { return false }
        return gtk_widget_get_visible(bl_widget(popover)) != 0
    }
}

/// A menu's items and the actions they activate (`GMenu`).
@MainActor
public final class Menu: ObjectHandle {
    public init() {
        super.init(owning: UnsafeMutableRawPointer(g_menu_new()))
    }

    /// Adds an item that activates the detailed action `action` (`app.about`).
    public func append(_ label: String, action: String) {
        g_menu_append(opaque, label, action)
    }
}
