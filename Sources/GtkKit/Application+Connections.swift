// Why this file exists: a process with a thread stuck in the kernel (a read of a drive that
// stopped answering) cannot end until that read returns, and until then keeps every
// descriptor open: its X connection, so its windows stay on screen, and its session bus, so
// its names stay taken. Those two are closed here, as the process's own end would close them.

import CGtk

extension Application {
    /// Closes the display's connection (the windows leave the screen) and the session bus's
    /// (the application's names are free for a new start), now. For a process that has quit
    /// and exits right after; nothing of GTK or of the bus may be used afterwards.
    public static func closeConnectionsBeforeExit() {
        if let display = gdk_display_get_default() { gdk_display_close(display) }
        var error: UnsafeMutablePointer<GError>?
        if let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) {
            g_dbus_connection_close_sync(bus, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(bus))
        }
        g_clear_error(&error)
    }
}
