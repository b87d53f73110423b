// Why this file exists: MPRIS (GNOME's media controls) is a D-Bus service: the app owns a
// well-known name on the session bus and exports one object there. GDBus calls back through C
// function pointers (the `g_bus_own_name` handlers, a `GDBusInterfaceVTable`) with a
// `user_data` pointer; as in Signals.swift, each registration gets a retained box, released by
// GLib's destroy notify when the name or the object is dropped. The boxes hold the service
// weakly, and the service its object, so a call that arrives after either is gone gets an
// error reply, never a dangling pointer. GDBus checks every call's and property's name and
// types against the introspection XML before the Swift object sees it.

import CGtk

/// The object a `SessionBusService` exports. It is called on the GTK thread, only for methods
/// and properties its introspection XML declares, with arguments of the declared types.
@MainActor
public protocol SessionBusObject: AnyObject {
    /// Runs a method and returns its reply's values (empty for none), or throws the error to
    /// reply with (`DBusError.unknownMethod` for a method it does not implement).
    func call(interface: String, method: String, arguments: [DBusValue]) throws(DBusError) -> [DBusValue]

    /// A readable property's value, not boxed in a variant; nil for none (a `Get` then
    /// replies `org.freedesktop.DBus.Error.UnknownProperty`, and `GetAll` leaves it out).
    func property(interface: String, name: String) -> DBusValue?

    /// Sets a writable property; false refuses the value (`org.freedesktop.DBus.Error.InvalidArgs`).
    func setProperty(interface: String, name: String, value: DBusValue) -> Bool

    /// Runs a method whose answer comes later (read off the GTK thread): calls `reply` once,
    /// on the GTK thread, with the reply's values or the error to reply with. By default, the
    /// answer of `call(interface:method:arguments:)`, at once.
    func call(interface: String, method: String, arguments: [DBusValue],
              reply: @escaping @MainActor (Result<[DBusValue], DBusError>) -> Void)
}

extension SessionBusObject {
    public func call(interface: String, method: String, arguments: [DBusValue],
                     reply: @escaping @MainActor (Result<[DBusValue], DBusError>) -> Void) {
        do throws(DBusError) {
            reply(.success(try call(interface: interface, method: method, arguments: arguments)))
        } catch {
            reply(.failure(error))
        }
    }
}

/// One object exported on the session bus under a well-known name, such as MPRIS's
/// `org.mpris.MediaPlayer2.<app>` at `/org/mpris/MediaPlayer2`.
///
/// Callbacks run on the GLib main context of the thread that created the service (the GTK
/// thread). The service holds its object weakly: the owner keeps both alive. Releasing the
/// service (or `unpublish()`) drops the name and the object.
@MainActor
public final class SessionBusService {
    /// The well-known name owned while published.
    public let name: String
    /// The path of the exported object.
    public let path: String

    /// Whether the name is owned and the object exported: callers can reach the object.
    public private(set) var isPublished = false

    /// Called each time the service becomes published (the name acquired).
    public var onPublished: (() -> Void)?

    /// Whether the service gave up: no bus could be reached, or the object could not be
    /// exported (the path was taken on that connection).
    package private(set) var isUnavailable = false

    private weak var object: SessionBusObject?
    private let nodeInfo: UnsafeMutablePointer<GDBusNodeInfo>
    /// The bus connection once there is one (a reference of the service's own).
    private var connection: OpaquePointer?
    /// Whether `connection` is the service's private one (`busAddress`), closed when done.
    private let ownsConnection: Bool
    private var ownerID: guint = 0
    private var registrationIDs: [guint] = []

    /// Owns `name` on the session bus, or on the message bus at `busAddress` (a D-Bus address
    /// such as `unix:path=…`, for tests), and exports `object` at `path` with every interface
    /// `introspectionXML` declares. The object is registered before the name is requested, so
    /// whoever sees the name finds the object. If another process owns the name, the service
    /// queues for it and publishes when it is released. Without a bus it quietly does nothing.
    ///
    /// Throws `DBusError.invalidArgs` for an invalid name or path, or XML that GDBus rejects
    /// or that declares no interface.
    public init(name: String, path: String, introspectionXML: String, object: SessionBusObject,
                busAddress: String? = nil) throws(DBusError) {
        guard g_dbus_is_name(name) != 0, g_dbus_is_unique_name(name) == 0 else {
            throw .invalidArgs("Not a well-known bus name: \(name)")
        }
        self.name = name
        self.path = path
        self.object = object
        nodeInfo = try Self.nodeInfo(path: path, introspectionXML: introspectionXML)
        ownsConnection = busAddress != nil
        let flags = G_BUS_NAME_OWNER_FLAGS_NONE
        guard let busAddress else {
            ownerID = g_bus_own_name(G_BUS_TYPE_SESSION, name, flags, busAcquiredHandler, nameAcquiredHandler, nameLostHandler,
                                     ClosureBox.retained(WeakService(self)), releaseBox)
            return
        }
        var error: UnsafeMutablePointer<GError>?
        let connectionFlags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(busAddress, connectionFlags, nil, nil, &error) else {
            g_clear_error(&error)
            isUnavailable = true
            return
        }
        self.connection = connection
        guard register() else {
            unpublish()
            return
        }
        ownerID = g_bus_own_name_on_connection(connection, name, flags, nameAcquiredHandler, nameLostHandler,
                                               ClosureBox.retained(WeakService(self)), releaseBox)
    }

    /// Exports `object` at `path` on `connection`, whose names are someone else's (the
    /// application's own, for an object beside GApplication's): published at once, or
    /// unavailable if the path is taken.
    init(exportingOn connection: OpaquePointer, path: String, introspectionXML: String,
         object: SessionBusObject) throws(DBusError) {
        name = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
        self.path = path
        self.object = object
        nodeInfo = try Self.nodeInfo(path: path, introspectionXML: introspectionXML)
        ownsConnection = false
        g_object_ref(UnsafeMutableRawPointer(connection))
        self.connection = connection
        isPublished = register()
    }

    /// The parsed introspection XML, checked to declare an interface, for an object at `path`.
    private static func nodeInfo(path: String, introspectionXML: String) throws(DBusError) -> UnsafeMutablePointer<GDBusNodeInfo> {
        guard g_variant_is_object_path(path) != 0 else { throw .invalidArgs("Not an object path: \(path)") }
        var error: UnsafeMutablePointer<GError>?
        guard let nodeInfo = g_dbus_node_info_new_for_xml(introspectionXML, &error) else {
            throw .invalidArgs(consumeErrorMessage(&error, otherwise: "Invalid introspection XML"))
        }
        guard nodeInfo.pointee.interfaces?.pointee != nil else {
            g_dbus_node_info_unref(nodeInfo)
            throw .invalidArgs("The introspection XML declares no interface")
        }
        return nodeInfo
    }

    isolated deinit {
        unpublish()
        g_dbus_node_info_unref(nodeInfo)
    }

    // MARK: Publishing

    /// Exports the object for each interface on `connection`; false (none exported, and the
    /// service unavailable) if one cannot be, such as when the path is taken on the connection.
    private func register() -> Bool {
        guard let connection, let interfaces = nodeInfo.pointee.interfaces else { return false }
        var index = 0
        while let interface = interfaces[index] {
            index += 1
            let target = ClosureBox.retained(WeakService(self))
            var error: UnsafeMutablePointer<GError>?
            let id = g_dbus_connection_register_object(connection, path, interface, exportedVTable, target, releaseBox, &error)
            if id == 0 {
                // Not released here: GLib 2.74 leaves the box, newer releases free it.
                g_clear_error(&error)
                for id in registrationIDs { g_dbus_connection_unregister_object(connection, id) }
                registrationIDs = []
                isUnavailable = true
                return false
            }
            registrationIDs.append(id)
        }
        return true
    }

    /// Drops the name and the object; nothing more is called. Also done when the service is released.
    public func unpublish() {
        if let connection {
            for id in registrationIDs {
                g_dbus_connection_unregister_object(connection, id)
            }
        }
        registrationIDs = []
        if ownerID != 0 {
            g_bus_unown_name(ownerID)  // releases the name before returning
            ownerID = 0
        }
        if let connection {
            if ownsConnection { g_dbus_connection_close(connection, nil, nil, nil) }
            g_object_unref(UnsafeMutableRawPointer(connection))
            self.connection = nil
        }
        isPublished = false
    }

    func busAcquired(_ busConnection: OpaquePointer) {
        guard connection == nil else { return }
        g_object_ref(UnsafeMutableRawPointer(busConnection))
        connection = busConnection
        _ = register()  // on failure, the name is released once acquired
    }

    func nameAcquired() {
        guard !registrationIDs.isEmpty else { return unpublish() }
        guard !isPublished else { return }
        isPublished = true
        onPublished?()
    }

    /// The name was lost (another owner), or could not be had: no bus (`connection` nil).
    func nameLost(busReached: Bool) {
        isPublished = false
        if !busReached { isUnavailable = true }
    }

    // MARK: Signals

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged` for `interface`, with the new
    /// values (not boxed in variants) of `changed` and the names of `invalidated` properties.
    public func emitPropertiesChanged(interface: String, changed: [String: DBusValue], invalidated: [String] = []) {
        emitSignal(interface: "org.freedesktop.DBus.Properties", name: "PropertiesChanged",
                   arguments: [.string(interface), .dictionary(changed), .strings(invalidated)])
    }

    /// Emits the signal `interface`.`name` from the object to every listener. Does nothing
    /// while the object is not exported, or for invalid names or arguments.
    public func emitSignal(interface: String, name: String, arguments: [DBusValue]) {
        guard let connection, !registrationIDs.isEmpty,
              g_dbus_is_interface_name(interface) != 0, g_dbus_is_member_name(name) != 0,
              let parameters = DBusValue.makeTuple(arguments) else { return }
        var error: UnsafeMutablePointer<GError>?
        g_dbus_connection_emit_signal(connection, nil, path, interface, name, parameters, &error)
        g_clear_error(&error)  // the connection closed: nobody is listening
    }

    // MARK: Calls from the bus

    func reply(to invocation: OpaquePointer, interface: String, method: String, parameters: OpaquePointer?) {
        guard let object else {
            return Self.reply(to: invocation, with: DBusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: "No object at \(path)"))
        }
        guard let arguments = parameters.map(DBusValue.values(of:)) ?? [] else {
            return Self.reply(to: invocation, with: .invalidArgs("Arguments of unsupported types"))
        }
        // GDBus hands the invocation over: it lives until one of its `return` calls, which the
        // object may make later.
        var hasReplied = false
        object.call(interface: interface, method: method, arguments: arguments) { result in
            guard !hasReplied else { return }
            hasReplied = true
            switch result {
            case .success(let values):
                guard let tuple = DBusValue.makeTuple(values) else {
                    return Self.reply(to: invocation, with: .failed("\(method) made a reply that cannot be sent"))
                }
                g_dbus_method_invocation_return_value(invocation, tuple)  // GDBus checks its type
            case .failure(let error):
                Self.reply(to: invocation, with: error)
            }
        }
    }

    private static func reply(to invocation: OpaquePointer, with error: DBusError) {
        let name = g_dbus_is_error_name(error.name) != 0 ? error.name : "org.freedesktop.DBus.Error.Failed"
        g_dbus_method_invocation_return_dbus_error(invocation, name, error.message)
    }

    func property(interface: String, name: String) -> DBusValue? {
        object?.property(interface: interface, name: name)
    }

    func setProperty(interface: String, name: String, value: DBusValue) -> Bool {
        object?.setProperty(interface: interface, name: name, value: value) ?? false
    }
}
