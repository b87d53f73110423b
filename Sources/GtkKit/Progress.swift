// Why this file exists: a long task shows how far it has come (`GtkProgressBar`), and
// opening a folder goes through the desktop's default handler (the file manager).

import CGtk

// MARK: - ProgressBar

/// A bar filling as a task goes on (`GtkProgressBar`).
@MainActor
public final class ProgressBar: Widget {
    public init() {
        super.init(owning: gtk_progress_bar_new())
    }

    /// How much is done, 0…1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(bl_progress_bar(gObject)) }
        set { gtk_progress_bar_set_fraction(bl_progress_bar(gObject), min(max(newValue, 0), 1)) }
    }

    /// Moves the bar back and forth while the amount of work is not known yet.
    public func pulse() {
        gtk_progress_bar_pulse(bl_progress_bar(gObject))
    }
}

// MARK: - DesktopLauncher

/// Opens addresses with the desktop's default application for them.
public enum DesktopLauncher {
    /// Opens `uri` (a folder opens in the file manager); returns GLib's message on failure.
    @discardableResult
    public static func open(_ uri: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch_default_for_uri(uri, nil, &error) == 0 else { return nil }
        defer { g_error_free(error) }
        return error.map { String(cString: $0.pointee.message) } ?? "failed"
    }
}
