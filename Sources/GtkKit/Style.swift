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
