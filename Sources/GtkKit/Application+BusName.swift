// Why this file exists: a program that replaces itself (`ProcessImage.restart`) closes its bus
// connection at the exec, and the bus daemon frees the application's name when it notices.
// The new start asks for the name a moment later; had the daemon not noticed yet, GApplication
// would find the name taken, hand its launch to that "running instance" (the closed
// connection) and exit at once. Releasing the name first, and waiting for the daemon's reply,
// leaves it free before the new start asks.

import CGtk

extension Application {
    /// Gives up the application's name on the session bus and returns once the bus daemon has
    /// done so (or refused, or five seconds passed). Does nothing for a remote or unregistered
    /// application. The application must not be used over the bus afterwards: for a process
    /// about to replace itself.
    public func releaseBusName() {
        let application = bl_g_application(gObject)
        guard g_application_get_is_registered(application) != 0, !isRemote,
              let connection = g_application_get_dbus_connection(application),
              let id = g_application_get_application_id(application),
              let arguments = DBusValue.makeTuple([.string(String(cString: id))]) else { return }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus", "ReleaseName", arguments, nil,
                                                G_DBUS_CALL_FLAGS_NONE, 5_000, nil, &error)
        if let reply { g_variant_unref(reply) }
        g_clear_error(&error)
    }
}
