// Why this file exists: messages that need the user's attention, and confirmations, are
// libadwaita's message dialogs (`AdwMessageDialog`, 1.2): a heading, a body and responses.

import CGtk

/// A dialog with a heading, a body and buttons, over a window (`AdwMessageDialog`).
@MainActor
public final class MessageDialog: Widget {
    /// How a response's button looks.
    public enum Appearance {
        case `default`, suggested, destructive

        var adw: AdwResponseAppearance {
            switch self {
            case .default: ADW_RESPONSE_DEFAULT
            case .suggested: ADW_RESPONSE_SUGGESTED
            case .destructive: ADW_RESPONSE_DESTRUCTIVE
            }
        }
    }

    /// A modal dialog over `parent`; shown by `present()`.
    public convenience init(over parent: ApplicationWindow, heading: String, body: String) {
        self.init(parentWindow: parent.window, heading: heading, body: body)
    }

    /// A modal dialog over the Preferences window `parent`; shown by `present()`.
    public convenience init(over parent: PreferencesWindow, heading: String, body: String) {
        self.init(parentWindow: bl_window(parent.gObject), heading: heading, body: body)
    }

    private init(parentWindow: UnsafeMutablePointer<GtkWindow>, heading: String, body: String) {
        // Toplevels live in GTK's own list until they are destroyed (closing destroys them).
        super.init(borrowing: adw_message_dialog_new(parentWindow, nil, nil))
        // Gone with its window, while that window still exists: libadwaita 1.2 disconnects
        // from its parent when it goes, and a parent finalised first makes that a critical.
        gtk_window_set_destroy_with_parent(bl_window(gObject), 1)
        self.heading = heading
        self.body = body
    }

    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { bl_adw_message_dialog(gObject) }

    /// Whether the window behind it ignores input while it shows (the default).
    public var isModal: Bool {
        get { gtk_window_get_modal(bl_window(gObject)) != 0 }
        set { gtk_window_set_modal(bl_window(gObject), newValue ? 1 : 0) }
    }

    /// The heading, shown above the body; also the dialog's window title (what the window
    /// list and the X server name it).
    public var heading: String {
        get { adw_message_dialog_get_heading(dialog).map { String(cString: $0) } ?? "" }
        set {
            adw_message_dialog_set_heading(dialog, newValue)
            gtk_window_set_title(bl_window(gObject), newValue)
        }
    }

    /// The text under the heading (not Pango markup); it wraps.
    public var body: String {
        get { adw_message_dialog_get_body(dialog).map { String(cString: $0) } ?? "" }
        set { adw_message_dialog_set_body(dialog, newValue) }
    }

    /// Adds a button answering `id`; `label` may have a mnemonic ("_Quit").
    ///
    /// Screen readers hear the label's text ("Quit"): libadwaita makes the button with a
    /// mnemonic label, and GTK 4.8 also copies the raw label, underscore and all, into the
    /// button's accessible name, which then read "_Quit Quit" (as `Button(mnemonic:)` says).
    public func addResponse(_ id: String, label: String, appearance: Appearance = .default) {
        adw_message_dialog_add_response(dialog, id, label)
        adw_message_dialog_set_response_appearance(dialog, id, appearance.adw)
        for button in descendantButtons where Self.label(of: button) == label {
            bl_accessible_reset_label(bl_accessible(button.gObject))
        }
    }

    private static func label(of button: Widget) -> String? {
        gtk_button_get_label(bl_button(button.gObject)).map { String(cString: $0) }
    }

    /// The response Enter gives, and the one Escape (or closing the dialog) gives.
    public func setResponses(default defaultID: String?, close closeID: String) {
        adw_message_dialog_set_default_response(dialog, defaultID)
        adw_message_dialog_set_close_response(dialog, closeID)
    }

    /// Called with the response's id when the user answers; the dialog then closes.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        connectString("response", handler)
    }

    /// Answers as if the user had clicked the response's button (the dialog then closes).
    public func respond(_ id: String) { adw_message_dialog_response(dialog, id) }

    public func present() { gtk_window_present(bl_window(gObject)) }

    /// Closes it as if answered with its close response.
    public func close() { gtk_window_close(bl_window(gObject)) }
}
