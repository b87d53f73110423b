// Why this file exists: the pieces of a form (a one-line text field, a label that names it
// for screen readers and mnemonics) and the modal window that holds one, as the Add Album
// and Edit Album dialog needs them.

import CGtk

// MARK: - Entry

/// A one-line text field (`GtkEntry`).
@MainActor
public final class Entry: Widget {
    public init() {
        super.init(owning: gtk_entry_new())
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(bl_editable(gObject))) }
        set { gtk_editable_set_text(bl_editable(gObject), newValue) }
    }

    /// Grey text shown while the field is empty.
    public var placeholder: String? {
        get { gtk_entry_get_placeholder_text(bl_entry(gObject)).map { String(cString: $0) } }
        set { gtk_entry_set_placeholder_text(bl_entry(gObject), newValue) }
    }

    /// Whether Enter in the field activates the window's default button.
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(bl_entry(gObject)) != 0 }
        set { gtk_entry_set_activates_default(bl_entry(gObject), newValue ? 1 : 0) }
    }

    /// Tells screen readers the field must be filled in.
    public func setRequired(_ required: Bool) {
        bl_accessible_set_required(bl_accessible(gObject), required ? 1 : 0)
    }

    /// Marks the field as wrong (red, and "invalid entry" for screen readers) with the message
    /// saying why as its accessible description; `nil` marks it right again.
    public func setProblem(_ message: String?) {
        setCSSClass("error", message != nil)
        bl_accessible_set_invalid(bl_accessible(gObject), message != nil ? 1 : 0)
        bl_accessible_set_description(bl_accessible(gObject), message ?? "")
    }

    /// Called whenever the text changes, as the user types or from code.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", handler)
    }
}

// MARK: - Labels that name a field

extension Label {
    /// A label whose underlined letter (`_Title`) moves the focus to `field` with Alt, and
    /// which names `field` for screen readers (GTK relates them as "labelled by").
    public convenience init(mnemonic text: String, for field: Widget) {
        self.init()
        gtk_label_set_text_with_mnemonic(bl_label(gObject), text)
        gtk_label_set_mnemonic_widget(bl_label(gObject), field.gtkWidget)
    }
}

extension Button {
    /// A button whose label has an underlined letter (`_Add`) that presses it with Alt.
    ///
    /// Screen readers hear the label's text ("Add"): GTK 4.8 also copies the raw label,
    /// underscore and all, into the button's accessible name, which then read "_Add Add".
    public convenience init(mnemonic text: String) {
        self.init(label: "")
        gtk_button_set_use_underline(bl_button(gObject), 1)
        gtk_button_set_label(bl_button(gObject), text)
        bl_accessible_reset_label(bl_accessible(gObject))
    }
}

// MARK: - DialogWindow

/// A window over the main window that keeps the user's attention until it is closed: modal,
/// transient for its parent, destroyed with it (`GtkWindow`; `GtkDialog` is deprecated in
/// later GTK). It closes on Escape.
@MainActor
public final class DialogWindow: Widget {
    public init(title: String, over parent: ApplicationWindow) {
        // GTK keeps a new window in its list of toplevels and gives the caller no reference
        // (transfer none): the handle takes one of its own.
        super.init(borrowing: gtk_window_new())
        gtk_window_set_title(window, title)
        gtk_window_set_transient_for(window, parent.window)
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_window_set_hide_on_close(window, 0)  // closing it frees it
        addShortcut("Escape", action: "window.close")
    }

    private var window: UnsafeMutablePointer<GtkWindow> { bl_window(gObject) }

    public var title: String {
        gtk_window_get_title(window).map { String(cString: $0) } ?? ""
    }

    public func setChild(_ child: Widget) { gtk_window_set_child(window, child.gtkWidget) }
    public func setDefaultSize(width: Int, height: Int) { gtk_window_set_default_size(window, Int32(width), Int32(height)) }
    public func setTitlebar(_ titlebar: Widget) { gtk_window_set_titlebar(window, titlebar.gtkWidget) }

    /// The button Enter presses from a field that activates the default.
    public func setDefaultWidget(_ widget: Widget) {
        gtk_window_set_default_widget(window, widget.gtkWidget)
    }

    public func present() { gtk_window_present(window) }

    /// Closes the window as its close button or Escape does (`close-request` runs first).
    public func close() { gtk_window_close(window) }

    /// Called when the window is about to close, however it was asked to (`close()`, Escape,
    /// the window manager); return true to keep it open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        connectReturningBool("close-request", handler)
    }

    /// Whether the window is on show.
    public var isShown: Bool { gtk_widget_get_visible(gtkWidget) != 0 }
}
