// Why this file exists: GDBus calls the service back through C function pointers, the
// `g_bus_own_name` handlers and a `GDBusInterfaceVTable`, with a `user_data` pointer: each
// gets a box holding the service weakly (released by GLib's destroy notify), so a call that
// arrives after the service is gone finds nothing instead of a dangling pointer.

import CGtk

// MARK: - GDBus callbacks

/// What GDBus's handlers reach through their `user_data`: the service, if it still lives.
struct WeakService {
    weak var service: SessionBusService?
    init(_ service: SessionBusService) { self.service = service }
}

private func text(_ pointer: UnsafePointer<gchar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

/// Sets a GDBus error (one of `org.freedesktop.DBus.Error.*`) for a property handler's reply.
private func setError(_ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ code: GDBusError, _ message: String) {
    guard let error, error.pointee == nil else { return }
    error.pointee = g_error_new_literal(g_dbus_error_quark(), gint(code.rawValue), message)
}

let busAcquiredHandler: GBusAcquiredCallback = { connection, _, data in
    guard let connection, let service = ClosureBox<WeakService>.unbox(data)?.service else { return }
    nonisolated(unsafe) let busConnection = connection  // GDBus calls on the service's context
    MainActor.assumeIsolated { service.busAcquired(busConnection) }
}

let nameAcquiredHandler: GBusNameAcquiredCallback = { _, _, data in
    guard let service = ClosureBox<WeakService>.unbox(data)?.service else { return }
    MainActor.assumeIsolated { service.nameAcquired() }
}

let nameLostHandler: GBusNameLostCallback = { connection, _, data in
    guard let service = ClosureBox<WeakService>.unbox(data)?.service else { return }
    let busReached = connection != nil
    MainActor.assumeIsolated { service.nameLost(busReached: busReached) }
}

private let methodCall: GDBusInterfaceMethodCallFunc = { _, _, _, interface, method, parameters, invocation, data in
    guard let invocation else { return }
    nonisolated(unsafe) let call = (invocation: invocation, parameters: parameters)
    let interface = text(interface), method = text(method)
    let target = ClosureBox<WeakService>.unbox(data)
    MainActor.assumeIsolated {
        guard let service = target?.service else {
            let reply = DBusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "The object is gone")
            return g_dbus_method_invocation_return_dbus_error(call.invocation, reply.name, reply.message)
        }
        service.reply(to: call.invocation, interface: interface, method: method, parameters: call.parameters)
    }
}

private let getProperty: GDBusInterfaceGetPropertyFunc = { _, _, _, interface, property, error, data in
    let interface = text(interface), property = text(property)
    let target = ClosureBox<WeakService>.unbox(data)
    let value = MainActor.assumeIsolated { target?.service?.property(interface: interface, name: property) }
    guard let variant = value?.makeGVariant() else {
        setError(error, G_DBUS_ERROR_UNKNOWN_PROPERTY, "No value for \(interface).\(property)")
        return nil
    }
    return variant
}

private let setProperty: GDBusInterfaceSetPropertyFunc = { _, _, _, interface, property, value, error, data in
    let interface = text(interface), property = text(property)
    let target = ClosureBox<WeakService>.unbox(data)
    guard let newValue = value.flatMap(DBusValue.init(gVariant:)) else {
        setError(error, G_DBUS_ERROR_INVALID_ARGS, "Unsupported value for \(interface).\(property)")
        return 0
    }
    let accepted = MainActor.assumeIsolated { target?.service?.setProperty(interface: interface, name: property, value: newValue) ?? false }
    guard accepted else {
        setError(error, G_DBUS_ERROR_INVALID_ARGS, "\(interface).\(property) cannot be set to that value")
        return 0
    }
    return 1
}

/// The handlers of every exported interface, allocated once and never freed (GDBus copies the
/// table when an object is registered, but one that lives forever needs no such promise).
nonisolated(unsafe) let exportedVTable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
    let vtable = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    var table = GDBusInterfaceVTable()
    table.method_call = methodCall
    table.get_property = getProperty
    table.set_property = setProperty
    vtable.initialize(to: table)
    return vtable
}()
