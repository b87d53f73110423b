// Why this file exists: a GtkApplication builds every new window's Keyboard Shortcuts window
// (its "help overlay") while the window is made, from `gtk/help-overlay.ui` under the resource
// base path: on this machine 7 ms of every launch, for a window most launches never open.
// An app that keeps its shortcuts window elsewhere in the bundle builds it here instead, the
// first time the user asks for it.

import CGtk

// MARK: - The Keyboard Shortcuts window

extension ApplicationWindow {
    /// Why the Keyboard Shortcuts window could not be shown, in GTK's words.
    public struct HelpOverlayError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Shows the window's Keyboard Shortcuts window, built the first time from the GtkBuilder
    /// file at `resourcePath`, whose object `help_overlay` is a `GtkShortcutsWindow`. GTK keeps
    /// it with the window (`gtk_application_window_set_help_overlay`): closing hides it, and
    /// the next call shows the same one.
    ///
    /// The window's `win.show-help-overlay` action must be the app's own (added before this is
    /// first called), or GTK adds one that cannot build the window.
    public func presentHelpOverlay(fromResource resourcePath: String) throws(HelpOverlayError) {
        if let shown = gtk_application_window_get_help_overlay(cast()) {
            gtk_window_present(bl_window(UnsafeMutableRawPointer(shown)))
            return
        }
        let builder = gtk_builder_new()
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_resource(builder, resourcePath, &error) != 0 else {
            throw HelpOverlayError(description: consumeErrorMessage(&error, otherwise: "\(resourcePath) could not be read"))
        }
        guard let object = gtk_builder_get_object(builder, "help_overlay"),
              g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(object)), gtk_shortcuts_window_get_type()) != 0 else {
            throw HelpOverlayError(description: "\(resourcePath) has no GtkShortcutsWindow named help_overlay")
        }
        // The window takes its own reference; the builder's goes with it.
        gtk_application_window_set_help_overlay(cast(), OpaquePointer(object))
        gtk_window_present(bl_window(object))
    }

    /// Whether the Keyboard Shortcuts window is on screen.
    public var isHelpOverlayShown: Bool {
        guard let overlay = gtk_application_window_get_help_overlay(cast()) else { return false }
        return gtk_widget_get_visible(bl_widget(UnsafeMutableRawPointer(overlay))) != 0
    }
}
