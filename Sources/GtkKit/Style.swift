// Why this file exists: the app's look comes from libadwaita. `AdwApplication` loads the
// style sheets of the app's resource base path (`style.css`, and `style-dark.css` in the dark
// style) above the platform's, and `AdwStyleManager` follows the system's colour scheme.

import CGtk

/// The platform's colour scheme (`AdwStyleManager`): the app never forces one; it follows
/// the system's preference (Settings ▸ Appearance), or `ADW_DEBUG_COLOR_SCHEME` in tests.
@MainActor
public enum StyleManager {
    /// Whether the app is drawn in the dark style now.
    public static var isDark: Bool {
        guard let manager = adw_style_manager_get_default() else { return false }
        return adw_style_manager_get_dark(manager) != 0
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
