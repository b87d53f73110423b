// Why this file exists: D-Bus carries typed values, which GLib holds as `GVariant`s, and
// named errors. A service such as MPRIS needs only a few of the types (booleans, integers,
// doubles, strings, object paths, arrays and the `a{sv}` metadata map), so `DBusValue` names
// those, and this file is the one place that converts them to and from GVariant: no GVariant
// pointer leaves GtkKit. Conversions never pass GLib a value it would reject with a critical
// warning (an invalid object path, an array element of another type than its array's): they
// give nil instead.

import CGtk

/// A D-Bus value: one of the basic types, an array, an `a{sv}` dictionary or a variant.
public indirect enum DBusValue: Hashable, Sendable {
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    /// An object path, such as `/io/github/bluelibrary/Track/12`. An invalid one cannot be sent.
    case objectPath(String)
    /// An array whose elements all have the D-Bus type `elementSignature` ("s" for `as`), which
    /// names the type even when the array is empty. In an array of variants ("v"), elements
    /// that are not `.variant` are boxed in one.
    case array(elementSignature: String, [DBusValue])
    /// A string-keyed dictionary of variants (`a{sv}`): each value is boxed in a variant on the
    /// bus, and unboxed when read back.
    case dictionary([String: DBusValue])
    /// A value boxed in a variant (`v`).
    case variant(DBusValue)

    /// An array of strings (`as`).
    public static func strings(_ values: [String]) -> DBusValue {
        .array(elementSignature: "s", values.map(DBusValue.string))
    }

    /// The value's D-Bus type signature: "s", "x", "as", "a{sv}", …
    public var signature: String {
        switch self {
        case .bool: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .array(let elementSignature, _): "a" + elementSignature
        case .dictionary: "a{sv}"
        case .variant: "v"
        }
    }
}

// MARK: - Errors

/// An error reply: a D-Bus error name such as `org.freedesktop.DBus.Error.NotSupported`, and a
/// message for people.
public struct DBusError: Error, Hashable, Sendable {
    public let name: String
    public let message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// The object has no such method (`org.freedesktop.DBus.Error.UnknownMethod`).
    public static func unknownMethod(_ method: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "No method \(method)")
    }

    /// The method exists, but the object cannot do it now (`org.freedesktop.DBus.Error.NotSupported`).
    public static func notSupported(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.NotSupported", message: message)
    }

    /// The arguments make no sense (`org.freedesktop.DBus.Error.InvalidArgs`).
    public static func invalidArgs(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    /// Anything else (`org.freedesktop.DBus.Error.Failed`).
    public static func failed(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }
}

// MARK: - To GVariant

extension DBusValue {
    /// A new floating GVariant holding the value, or nil when it cannot be one: an invalid
    /// object path or element signature, an element whose type is not its array's.
    func makeGVariant() -> OpaquePointer? {
        switch self {
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .int32(let value): return g_variant_new_int32(value)
        case .uint32(let value): return g_variant_new_uint32(value)
        case .int64(let value): return g_variant_new_int64(gint64(value))
        case .uint64(let value): return g_variant_new_uint64(guint64(value))
        case .double(let value): return g_variant_new_double(value)
        case .string(let value): return g_variant_new_string(value)
        case .objectPath(let value):
            guard g_variant_is_object_path(value) != 0 else { return nil }
            return g_variant_new_object_path(value)
        case .variant(let value):
            return value.makeGVariant().map { g_variant_new_variant($0) }
        case .array(let elementSignature, let elements):
            return Self.makeArray(elementSignature: elementSignature, elements.map { $0.makeGVariant() })
        case .dictionary(let entries):
            let children = entries.keys.sorted().map { key -> OpaquePointer? in
                guard let value = entries[key]?.makeGVariant() else { return nil }
                return g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
            }
            return Self.makeArray(elementSignature: "{sv}", children)
        }
    }

    /// A new floating tuple of `values` (a method's arguments or reply, a signal's arguments).
    static func makeTuple(_ values: [DBusValue]) -> OpaquePointer? {
        let children = values.map { $0.makeGVariant() }
        guard children.allSatisfy({ $0 != nil }) else {
            discard(children)
            return nil
        }
        return g_variant_new_tuple(children, gsize(children.count))
    }

    /// An array of `children` (floating, all consumed), or nil when one is missing or of
    /// another type than `elementSignature`, a single definite type D-Bus can carry.
    private static func makeArray(elementSignature: String, _ children: [OpaquePointer?]) -> OpaquePointer? {
        guard g_variant_type_string_is_valid(elementSignature) != 0, !elementSignature.contains("m") else {
            discard(children)
            return nil
        }
        let type = g_variant_type_new(elementSignature)
        defer { g_variant_type_free(type) }
        var elements = children
        if elementSignature == "v" {
            elements = elements.map { child in
                guard let child, String(cString: g_variant_get_type_string(child)) != "v" else { return child }
                return g_variant_new_variant(child)
            }
        }
        guard g_variant_type_is_definite(type) != 0,
              elements.allSatisfy({ $0.map { g_variant_is_of_type($0, type) != 0 } ?? false }) else {
            discard(elements)
            return nil
        }
        return g_variant_new_array(type, elements, gsize(elements.count))
    }

    /// Frees floating values that will not be used after all.
    private static func discard(_ values: [OpaquePointer?]) {
        for case let value? in values {
            g_variant_unref(g_variant_ref_sink(value))
        }
    }
}

// MARK: - From GVariant

extension DBusValue {
    /// The value a GVariant (borrowed) holds, or nil for a type this enum has no case for: a
    /// tuple, a byte, a 16-bit integer, a dictionary other than `a{sv}`, …
    init?(gVariant value: OpaquePointer) {
        let type = String(cString: g_variant_get_type_string(value))
        switch type {
        case "b": self = .bool(g_variant_get_boolean(value) != 0)
        case "i": self = .int32(g_variant_get_int32(value))
        case "u": self = .uint32(g_variant_get_uint32(value))
        case "x": self = .int64(Int64(g_variant_get_int64(value)))
        case "t": self = .uint64(UInt64(g_variant_get_uint64(value)))
        case "d": self = .double(g_variant_get_double(value))
        case "s": self = .string(String(cString: g_variant_get_string(value, nil)))
        case "o": self = .objectPath(String(cString: g_variant_get_string(value, nil)))
        case "v":
            guard let inner = Self.unboxed(value) else { return nil }
            self = .variant(inner)
        case "a{sv}":
            var entries: [String: DBusValue] = [:]
            for entry in Self.children(of: value) {
                defer { g_variant_unref(entry) }
                let key = g_variant_get_child_value(entry, 0)
                let boxed = g_variant_get_child_value(entry, 1)
                defer { g_variant_unref(key); g_variant_unref(boxed) }
                guard let key, let boxed, let inner = Self.unboxed(boxed) else { return nil }
                entries[String(cString: g_variant_get_string(key, nil))] = inner
            }
            self = .dictionary(entries)
        case _ where type.hasPrefix("a") && !type.hasPrefix("a{"):
            guard let elements = Self.values(of: value) else { return nil }
            self = .array(elementSignature: String(type.dropFirst()), elements)
        default:
            return nil
        }
    }

    /// The values of a container's children (a tuple's, an array's), or nil when one of them
    /// has no `DBusValue` case.
    static func values(of container: OpaquePointer) -> [DBusValue]? {
        var values: [DBusValue] = []
        for child in children(of: container) {
            defer { g_variant_unref(child) }
            guard let value = DBusValue(gVariant: child) else { return nil }
            values.append(value)
        }
        return values
    }

    /// A container's children, each a reference the caller releases.
    private static func children(of container: OpaquePointer) -> [OpaquePointer] {
        (0..<g_variant_n_children(container)).compactMap { g_variant_get_child_value(container, $0) }
    }

    /// What a variant (`v`) holds.
    private static func unboxed(_ variant: OpaquePointer) -> DBusValue? {
        guard let inner = g_variant_get_variant(variant) else { return nil }
        defer { g_variant_unref(inner) }
        return DBusValue(gVariant: inner)
    }
}

// MARK: - GVariant text (what `gdbus` prints)

extension DBusValue {
    /// The value in GVariant's text format, with the types it does not imply written out
    /// (`{'mpris:length': <int64 180000000>}`), as `gdbus` prints it; nil when the value
    /// cannot be a GVariant.
    package var gVariantText: String? {
        guard let value = makeGVariant() else { return nil }
        g_variant_ref_sink(value)
        defer { g_variant_unref(value) }
        guard let text = g_variant_print(value, 1) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The value written in GVariant's text format (`g_variant_parse`), or nil when the text is
    /// not one or holds a type this enum has no case for.
    package init?(gVariantText text: String) {
        guard let parsed = g_variant_parse(nil, text, nil, nil, nil) else { return nil }
        defer { g_variant_unref(parsed) }
        self.init(gVariant: parsed)
    }
}
