// Why this file exists: the Preferences window is libadwaita's (`AdwPreferencesWindow`, with
// its pages, groups and rows), the one GNOME apps show at Ctrl+comma; a switch setting is an
// `AdwActionRow` with a `GtkSwitch` at its end (libadwaita 1.2 has no `AdwSwitchRow`).

import CGtk

// MARK: - PreferencesWindow

/// A Preferences window over the app's window: one page of groups of rows. Escape closes it,
/// and closing it frees it.
@MainActor
public final class PreferencesWindow: Widget {
    private let page = Widget(owning: adw_preferences_page_new())

    public init(over parent: ApplicationWindow) {
        // GTK keeps a new window in its list of toplevels (transfer none): the handle takes a
        // reference of its own.
        super.init(borrowing: adw_preferences_window_new())
        gtk_window_set_transient_for(bl_window(gObject), parent.window)
        gtk_window_set_modal(bl_window(gObject), 1)
        gtk_window_set_destroy_with_parent(bl_window(gObject), 1)
        gtk_window_set_hide_on_close(bl_window(gObject), 0)
        // The application's window too, so that its shortcuts (Ctrl+Q, Ctrl+W) work here.
        gtk_window_set_application(bl_window(gObject), gtk_window_get_application(parent.window))
        adw_preferences_window_set_search_enabled(bl_adw_preferences_window(gObject), 0)
        adw_preferences_window_add(bl_adw_preferences_window(gObject), bl_adw_preferences_page(page.gObject))
    }

    /// The window's title ("Preferences" unless set).
    public var title: String {
        get { gtk_window_get_title(bl_window(gObject)).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(bl_window(gObject), newValue) }
    }

    /// Adds a group of rows at the end of the page.
    public func add(_ group: PreferencesGroup) {
        adw_preferences_page_add(bl_adw_preferences_page(page.gObject), bl_adw_preferences_group(group.gObject))
    }

    public func present() { gtk_window_present(bl_window(gObject)) }

    /// Closes the window as Escape or its close button does.
    public func close() { gtk_window_close(bl_window(gObject)) }

    /// Called as the window closes (Escape, its close button, `close()`); not when it goes
    /// with its parent. (GTK 4 emits `destroy` only once the last reference goes, and this
    /// handle holds one.)
    @discardableResult
    public func onClose(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectReturningBool("close-request") {
            handler()
            return false
        }
    }
}

// MARK: - PreferencesGroup

/// A titled group of rows on a preferences page (`AdwPreferencesGroup`).
@MainActor
public final class PreferencesGroup: Widget {
    public init(title: String, description: String? = nil) {
        super.init(owning: adw_preferences_group_new())
        adw_preferences_group_set_title(bl_adw_preferences_group(gObject), title)
        if let description { adw_preferences_group_set_description(bl_adw_preferences_group(gObject), description) }
    }

    public func add(_ row: Widget) {
        adw_preferences_group_add(bl_adw_preferences_group(gObject), row.gtkWidget)
    }
}

// MARK: - SwitchRow

/// A setting that is on or off: a row with a title, a subtitle saying what it does, and a
/// switch at its end. Clicking the row, or Space on it, flips the switch; screen readers read
/// the switch by the row's title.
@MainActor
public final class SwitchRow: Widget {
    private let toggle = Widget(owning: gtk_switch_new())

    public init(title: String, subtitle: String? = nil) {
        super.init(owning: adw_action_row_new())
        adw_preferences_row_set_title(bl_adw_preferences_row(gObject), title)
        adw_preferences_row_set_use_underline(bl_adw_preferences_row(gObject), 1)
        if let subtitle { adw_action_row_set_subtitle(bl_adw_action_row(gObject), subtitle) }
        gtk_widget_set_valign(toggle.gtkWidget, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(bl_adw_action_row(gObject), toggle.gtkWidget)
        // libadwaita relates the switch to the row's title: screen readers read it by that.
        adw_action_row_set_activatable_widget(bl_adw_action_row(gObject), toggle.gtkWidget)
    }

    /// Whether the switch is on. Setting it calls `onToggle`'s handler too, as a click does.
    public var isOn: Bool {
        get { gtk_switch_get_active(bl_switch(toggle.gObject)) != 0 }
        set { gtk_switch_set_active(bl_switch(toggle.gObject), newValue ? 1 : 0) }
    }

    /// Called whenever the switch turns on or off.
    @discardableResult
    public func onToggle(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        toggle.observe(property: "active") { [weak self] in
            guard let self else { return }
            handler(isOn)
        }
    }
}
