// Why this file exists: GNOME apps ship their style sheet, UI definitions and icons as one
// GResource bundle; GLib serves its files under resource paths (`/io/github/…/style.css`) to
// GtkApplication (help overlay, icons), GtkBuilder and GtkCssProvider.

import CGtk
import Foundation

/// A compiled GResource bundle (`glib-compile-resources` output), made available to GLib.
public enum ResourceBundle {
    /// Why a bundle could not be registered, in GLib's words.
    public struct LoadingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Registers `data`, a compiled bundle, for the rest of the process: its files are then
    /// found by resource path everywhere in GTK.
    public static func register(_ data: Data) throws(LoadingError) {
        let bytes = makeGBytes(data)
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            throw LoadingError(description: consumeErrorMessage(&error, otherwise: "not a resource bundle"))
        }
        g_resources_register(resource)  // takes a reference of its own
        g_resource_unref(resource)
    }

    /// Whether a file exists at `path` in a registered bundle.
    public static func contains(_ path: String) -> Bool {
        g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0
    }

    /// The file at `path` in a registered bundle, as text.
    public static func text(at path: String) -> String? {
        guard let bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: Int(size)), as: UTF8.self)
    }
}
