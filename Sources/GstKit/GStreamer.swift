// Why this file exists: GStreamer must be initialised once per process before any element is
// made, and what it can decode depends on which plugin packages are installed; both are
// asked here, so the layers above never call gst_* themselves.

import CGStreamer

/// GStreamer itself: initialising it, and asking what it can do on this machine.
public enum GStreamer {
    nonisolated(unsafe) private static var isInitialized = false

    /// Initialises GStreamer (once; later calls do nothing). Returns whether it is usable.
    @discardableResult
    public static func initialize() -> Bool {
        guard !isInitialized else { return true }
        var error: UnsafeMutablePointer<GError>?
        isInitialized = gst_init_check(nil, nil, &error) != 0
        if let error { g_error_free(error) }
        return isInitialized
    }

    /// The version of the GStreamer library loaded ("1.22.0").
    public static var version: String {
        guard let text = gst_version_string() else { return "" }
        defer { g_free(text) }
        let words = String(cString: text).split(separator: " ")
        return words.last.map(String.init) ?? ""
    }

    /// Whether an element factory called `name` (a plugin's element, such as `flacdec`) exists.
    public static func hasElement(_ name: String) -> Bool {
        initialize()
        guard let factory = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }
}
