// Why this file exists: GApplication hands a second launch to the running instance, but its
// `open` and `activate` calls carry no answer back. A request that the running instance may
// refuse (it has no library open) needs one: the running instance exports an object of its own
// beside GApplication's, at the application's object path on its connection, and the second
// launch calls it there and waits for the reply.

import CGtk
import Foundation

extension Application {
    /// Exports `object` at the application's object path on its session bus connection (or
    /// at `child` below it), beside GApplication's own interfaces: in the running instance,
    /// for a second launch to call with `callRunningInstance`, or for the desktop to call by
    /// the application's name (GNOME Shell's search provider). Nil without a session bus.
    ///
    /// Exported before the application registers (before `run`), the object is there when the
    /// name is taken: a call that started the app over D-Bus finds it, where one exported at
    /// `onStartup` would have come a moment too late.
    ///
    /// Throws `DBusError.invalidArgs` for introspection XML that GDBus rejects or that
    /// declares no interface. Keep the service: releasing it withdraws the object.
    public func export(_ object: SessionBusObject, introspectionXML: String, child: String? = nil) throws(DBusError) -> SessionBusService? {
        let application = bl_g_application(gObject)
        let connection: OpaquePointer?
        let path: String
        if g_application_get_is_registered(application) != 0 {
            connection = g_application_get_dbus_connection(application).map { OpaquePointer(g_object_ref(UnsafeMutableRawPointer($0))) }
            path = g_application_get_dbus_object_path(application).map { String(cString: $0) } ?? ""
        } else {
            // The connection GApplication will register on: the process's shared session bus.
            var error: UnsafeMutablePointer<GError>?
            connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
            g_clear_error(&error)
            path = Self.objectPath(ofApplicationID: g_application_get_application_id(application).map { String(cString: $0) } ?? "")
        }
        // The service keeps a reference of its own.
        defer { if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) } }
        guard let connection, !path.isEmpty else { return nil }
        let objectPath = path + (child.map { "/" + $0 } ?? "")
        guard g_variant_is_object_path(objectPath) != 0 else { throw .invalidArgs("Not an object path: \(objectPath)") }
        return try SessionBusService(exportingOn: connection, path: objectPath,
                                     introspectionXML: introspectionXML, object: object)
    }

    /// The object path GApplication exports an application at: its id with `/` for `.` and
    /// `_` for `-`.
    static func objectPath(ofApplicationID id: String) -> String {
        "/" + id.replacingOccurrences(of: ".", with: "/").replacingOccurrences(of: "-", with: "_")
    }

    /// In a second launch, after `register()` found another running instance (`isRemote`):
    /// calls `method` of `interface` on the object that instance exported, and returns its
    /// reply's values. Throws the error it replied with, or one saying why no reply came
    /// (no such object, or none within `timeout`).
    public func callRunningInstance(interface: String, method: String, arguments: [DBusValue],
                                    timeout: Duration = .seconds(25)) throws(DBusError) -> [DBusValue] {
        let application = bl_g_application(gObject)
        guard isRemote, let connection = g_application_get_dbus_connection(application),
              let path = g_application_get_dbus_object_path(application),
              let id = g_application_get_application_id(application) else {
            throw .failed("No running instance to call")
        }
        guard let parameters = DBusValue.makeTuple(arguments) else {
            throw .invalidArgs("Arguments of unsupported types")
        }
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(connection, id, path, interface, method, parameters, nil,
                                                      G_DBUS_CALL_FLAGS_NONE, milliseconds, nil, &error) else {
            throw Self.dbusError(consuming: &error)
        }
        defer { g_variant_unref(reply) }
        guard let values = DBusValue.values(of: reply) else {
            throw .failed("\(method) replied with values of unsupported types")
        }
        return values
    }

    /// The D-Bus error a failed call set: the remote error's name and its message alone.
    private static func dbusError(consuming error: inout UnsafeMutablePointer<GError>?) -> DBusError {
        guard let failure = error else { return .failed("The call failed") }
        defer { g_clear_error(&error) }
        var name = "org.freedesktop.DBus.Error.Failed"
        if let remote = g_dbus_error_get_remote_error(failure) {
            name = String(cString: remote)
            g_free(remote)
            g_dbus_error_strip_remote_error(failure)
        }
        return DBusError(name: name, message: failure.pointee.message.map { String(cString: $0) } ?? "")
    }
}
