// Why this file exists: GLib hands data over as `GBytes` and reports failures as `GError`;
// these turn Swift's `Data` into the one and the other into a message, in one place.

import CGtk
import Foundation

/// A GLib copy of `data` (`GBytes`); the caller releases it with `g_bytes_unref`.
func makeGBytes(_ data: Data) -> OpaquePointer? {
    data.withUnsafeBytes { buffer in g_bytes_new(buffer.baseAddress, gsize(buffer.count)) }
}

/// The message of a GLib error, which is freed, or `otherwise` when there is none.
func consumeErrorMessage(_ error: inout UnsafeMutablePointer<GError>?, otherwise: String) -> String {
    let message = error.map { String(cString: $0.pointee.message) } ?? otherwise
    g_clear_error(&error)
    return message
}

// MARK: - Markup

extension String {
    /// The text with Pango's markup characters escaped, for a property read as markup (a
    /// toast's title, a row's subtitle in libadwaita 1.2).
    var escapedForMarkup: String {
        guard let escaped = g_markup_escape_text(self, -1) else { return self }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
