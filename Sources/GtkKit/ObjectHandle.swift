// Why this file exists: every GTK object reaches Swift as a raw pointer. An `ObjectHandle`
// turns one into a Swift object that owns exactly one GObject reference, so Swift's lifetime
// rules decide when GTK's object may go away, and no pointer escapes above GtkKit.

import CGtk

/// Owns one strong reference to a GObject; the base class of every GtkKit handle.
///
/// Handles are used on the GTK thread only, which is the main actor's thread in this app.
@MainActor
open class ObjectHandle {
    /// The wrapped object; valid for as long as this handle lives.
    nonisolated(unsafe) package let gObject: UnsafeMutablePointer<GObject>

    /// Wraps an object the caller owns a reference to (the result of a `*_new` call).
    /// A floating reference (widgets) is sunk; a full reference is taken over.
    /// GTK's constructors never return NULL (they abort when memory runs out).
    package init(owning pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { preconditionFailure("a GTK constructor returned no object") }
        gObject = bl_object(pointer)
        if g_object_is_floating(gObject) != 0 {
            g_object_ref_sink(gObject)
        }
    }

    /// Wraps an object somebody else owns (a signal argument, a getter's result),
    /// adding a reference of this handle's own. A floating reference is left floating: it is
    /// not this handle's to sink.
    package init(borrowing pointer: UnsafeMutableRawPointer) {
        gObject = bl_object(pointer)
        g_object_ref(gObject)
    }

    /// A second handle to the object `other` wraps, with a reference of its own: how a Swift
    /// view becomes the widget at the root of what it builds (`final class AlbumView: Widget`).
    public init(adopting other: ObjectHandle) {
        gObject = other.gObject
        g_object_ref(gObject)
    }

    deinit {
        g_object_unref(gObject)
    }

    /// The object as an untyped C pointer, for the typed accessors of subclasses.
    package var pointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(gObject) }

    /// The object as the C struct of one of its GObject types (an unchecked cast, like
    /// GTK's own `GTK_WIDGET()` macros in release builds). Use only for a type the object has.
    package func cast<T>(to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        pointer.assumingMemoryBound(to: T.self)
    }

    /// The object as one of GTK's opaque C types (those whose struct is private, such as
    /// `GtkStringList` or `GMenu`), for the functions that take one.
    package var opaque: OpaquePointer { OpaquePointer(gObject) }

    // MARK: Attached Swift objects

    /// Keeps `value` alive for as long as the GObject lives (or until replaced), under `key`.
    /// This is how a Swift view object rides along with the GTK widget that shows it.
    public func attach(_ value: AnyObject?, forKey key: String) {
        guard let value else {
            g_object_set_data_full(gObject, key, nil, nil)
            return
        }
        let retained = Unmanaged.passRetained(value).toOpaque()
        g_object_set_data_full(gObject, key, retained, releaseBox)
    }

    /// The object attached under `key`, if any.
    public func attached(forKey key: String) -> AnyObject? {
        guard let data = g_object_get_data(gObject, key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue()
    }
}
