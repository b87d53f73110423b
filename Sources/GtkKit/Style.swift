// Why this file exists: the app's look is a CSS style sheet applied to the whole display,
// loaded from the app's resource bundle (`gtk_css_provider_load_from_resource`, GTK 4.0).

import CGtk

/// Loads CSS for every window of the app.
@MainActor
public enum StyleSheet {
    /// Applies the style sheet at the resource `path` above the theme, for as long as the app
    /// runs. Returns false without a display or without such a resource.
    @discardableResult
    public static func apply(resource path: String) -> Bool {
        guard ResourceBundle.contains(path), let display = gdk_display_get_default(),
              let provider = gtk_css_provider_new() else { return false }
        gtk_css_provider_load_from_resource(provider, path)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
        return true
    }
}

/// The icons the app's windows use.
@MainActor
public enum IconTheme {
    /// The icon every window of the app shows (and the About window's logo). GtkApplication
    /// finds it among the resource bundle's icons, or in the system's icon theme.
    public static func setDefaultWindowIcon(named name: String) {
        gtk_window_set_default_icon_name(name)
    }

    /// Whether the display's icon theme has an icon called `name` (in any folder or resource
    /// path it searches).
    public static func hasIcon(named name: String) -> Bool {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return false }
        return gtk_icon_theme_has_icon(theme, name) != 0
    }
}
