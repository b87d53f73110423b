// Why this file exists: the app's look is a CSS style sheet applied to the whole display,
// loaded with the GTK 4.8 API (`gtk_css_provider_load_from_data`; the string and bytes
// variants are 4.12).

import CGtk

/// Loads CSS for every window of the app.
@MainActor
public enum StyleSheet {
    /// Applies `css` above the theme, for as long as the app runs.
    public static func apply(_ css: String) {
        guard let display = gdk_display_get_default() else { return }
        guard let provider = gtk_css_provider_new() else { return }
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}

/// The icons the app's windows use: its own icon, found in the system's icon theme when
/// installed, or in a folder the app ships (a source-tree run).
@MainActor
public enum IconTheme {
    /// Also looks for icons in `folder` (laid out like `hicolor`: `<folder>/hicolor/scalable/apps/…`).
    public static func addSearchPath(_ folder: String) {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return }
        gtk_icon_theme_add_search_path(theme, folder)
    }

    /// The icon every window of the app shows (and the About window's logo).
    public static func setDefaultWindowIcon(named name: String) {
        gtk_window_set_default_icon_name(name)
    }
}
