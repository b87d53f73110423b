import CGLib

// MARK: - Log

/// Logging through GLib's `g_log`, so the core and the GTK layer share one log with
/// per-domain filtering (`G_MESSAGES_DEBUG=BlueLibrary-Core` shows the debug lines).
public struct Log: Sendable {
    /// The GLib log domain, e.g. "BlueLibrary-Core".
    public let domain: String

    /// The core's log domain.
    public static let core = Log(domain: "BlueLibrary-Core")

    public init(domain: String) {
        self.domain = domain
    }

    public func debug(_ message: @autoclosure () -> String) {
        write(G_LOG_LEVEL_DEBUG, message())
    }

    public func info(_ message: @autoclosure () -> String) {
        write(G_LOG_LEVEL_INFO, message())
    }

    public func message(_ message: @autoclosure () -> String) {
        write(G_LOG_LEVEL_MESSAGE, message())
    }

    /// Something went wrong and was handled (a file kept aside, a save retried…).
    /// Never `G_LOG_LEVEL_CRITICAL` or `ERROR` here: those abort under `G_DEBUG=fatal-criticals`.
    public func warning(_ message: @autoclosure () -> String) {
        write(G_LOG_LEVEL_WARNING, message())
    }

    private func write(_ level: GLogLevelFlags, _ message: String) {
        bl_g_log(domain, level, message)
    }
}
