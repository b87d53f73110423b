// Why this file exists: the rows of a Preferences group beyond a switch: a secret typed in
// (`AdwPasswordEntryRow`, libadwaita 1.2), and a row that says something with buttons at its
// end (`AdwActionRow`).

import CGtk

// MARK: - PasswordEntryRow

/// A row to type a secret in (`AdwPasswordEntryRow`): its text hidden, with a button that shows
/// it. Screen readers read it by its title.
@MainActor
public final class PasswordEntryRow: Widget {
    public init(title: String) {
        super.init(owning: adw_password_entry_row_new())
        adw_preferences_row_set_title(bl_adw_preferences_row(gObject), title)
        adw_preferences_row_set_use_underline(bl_adw_preferences_row(gObject), 1)
    }

    /// What is typed.
    public var text: String {
        get { gtk_editable_get_text(bl_editable(gObject)).map { String(cString: $0) } ?? "" }
        set { gtk_editable_set_text(bl_editable(gObject), newValue) }
    }

    /// Whether the row takes input (it does not while a token is checked, say).
    public var isEditable: Bool {
        get { gtk_editable_get_editable(bl_editable(gObject)) != 0 }
        set { gtk_editable_set_editable(bl_editable(gObject), newValue ? 1 : 0) }
    }

    /// Called when Enter is pressed in it.
    @discardableResult
    public func onActivated(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("entry-activated", handler)
    }
}

// MARK: - ActionRow

/// A row with a title, a subtitle and widgets at its end (`AdwActionRow`).
@MainActor
public final class ActionRow: Widget {
    public init(title: String, subtitle: String = "") {
        super.init(owning: adw_action_row_new())
        adw_preferences_row_set_title(bl_adw_preferences_row(gObject), title)
        adw_preferences_row_set_use_underline(bl_adw_preferences_row(gObject), 1)
        self.subtitle = subtitle
    }

    public var title: String {
        get { adw_preferences_row_get_title(bl_adw_preferences_row(gObject)).map { String(cString: $0) } ?? "" }
        set { adw_preferences_row_set_title(bl_adw_preferences_row(gObject), newValue) }
    }

    /// The line under the title (plain text).
    public var subtitle: String {
        get { adw_action_row_get_subtitle(bl_adw_action_row(gObject)).map { String(cString: $0) } ?? "" }
        set {
            adw_action_row_set_subtitle(bl_adw_action_row(gObject), newValue.escapedForMarkup)
        }
    }

    /// Adds `widget` at the row's end, vertically centred.
    public func addSuffix(_ widget: Widget) {
        gtk_widget_set_valign(widget.gtkWidget, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(bl_adw_action_row(gObject), widget.gtkWidget)
    }
}

// MARK: - LinkButton

/// A link that opens a web page in the user's browser (`GtkLinkButton`).
@MainActor
public final class LinkButton: Widget {
    public init(address: String, label: String) {
        super.init(owning: gtk_link_button_new_with_label(address, label))
    }
}
