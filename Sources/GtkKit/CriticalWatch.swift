// Why this file exists: a GLib or GTK critical warning ("assertion 'GTK_IS_WIDGET (gtkWidget)'
// failed") is a bug, but GLib only prints it and carries on. `G_DEBUG=fatal-criticals` turns
// it into a SIGTRAP, which the Swift runtime's crash reporter catches and resumes from, so a
// test run still ends green. Watching GLib's log writer lets a caller (the test suites) turn
// every critical into a failure that names it.

import CGtk

/// GLib's structured log, where every message of GLib, GTK and the app ends up.
public enum CriticalWatch {
    /// Calls `handler` with the domain and text of every critical warning logged from now on,
    /// on whichever thread logged it. Messages are still printed as before. Call it once.
    public static func start(_ handler: @escaping @Sendable (_ domain: String, _ message: String) -> Void) {
        let box = ClosureBox<@Sendable (String, String) -> Void>.retained(handler)
        g_log_set_writer_func({ level, fields, count, data in
            if level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0, let fields,
               let handler = ClosureBox<@Sendable (String, String) -> Void>.unbox(data) {
                let buffer = UnsafeBufferPointer(start: fields, count: Int(count))
                handler(CriticalWatch.text(of: "GLIB_DOMAIN", in: buffer) ?? "", CriticalWatch.text(of: "MESSAGE", in: buffer) ?? "")
            }
            return g_log_writer_default(level, fields, count, nil)
        }, box, releaseBox)
    }

    /// The value of the field called `key`, when it is text.
    private static func text(of key: String, in fields: UnsafeBufferPointer<GLogField>) -> String? {
        for field in fields where field.key.map({ String(cString: $0) }) == key {
            guard let value = field.value, field.length < 0 else { return nil }  // -1: NUL-terminated
            return String(cString: value.assumingMemoryBound(to: CChar.self))
        }
        return nil
    }
}
