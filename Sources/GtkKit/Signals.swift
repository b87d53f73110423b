// Why this file exists: GLib signals call C function pointers with a `user_data` pointer.
// Swift closures are boxed, passed retained as that pointer, and released by GLib's destroy
// notify when the handler is disconnected or the object is finalised. So a box lives exactly
// as long as its connection: never leaked, never freed while GLib can still call it. The
// trampolines below are the only C-callable functions; each matches one signal shape
// exactly (a mismatched arity is undefined behaviour in C).

import CGtk
import Foundation

/// The identifier of one connected signal handler, for disconnecting it early.
public struct SignalConnection: Hashable, Sendable {
    /// GLib's handler id.
    public let id: UInt
}

/// A Swift closure kept alive by GLib for one signal connection.
final class ClosureBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    /// Boxes `handler` and returns the box, retained, as a `user_data` pointer for GLib,
    /// which gives it back to `releaseBox` (or `releaseClosureBox`) when done.
    static func retained(_ handler: Handler) -> gpointer {
        Unmanaged.passRetained(ClosureBox(handler)).toOpaque()
    }

    static func unbox(_ data: gpointer?) -> Handler? {
        guard let data else { return nil }
        return Unmanaged<ClosureBox<Handler>>.fromOpaque(data).takeUnretainedValue().handler
    }
}

/// Releases a box when GLib drops a signal handler.
let releaseClosureBox: GClosureNotify = { data, _ in releaseBox(data) }

/// Releases a box when GLib drops a source or callback (`GDestroyNotify`).
let releaseBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

// MARK: - Handler shapes

typealias VoidHandler = @MainActor () -> Void
typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
typealias BoolHandler = @MainActor () -> Bool
typealias TwoUIntHandler = @MainActor (UInt32, UInt32) -> Void
typealias IntHandler = @MainActor (Int32) -> Void
typealias ScrollHandler = @MainActor (Double, Double) -> Bool
typealias KeyHandler = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool
typealias TooltipHandler = @MainActor () -> String?
typealias UIntHandler = @MainActor (UInt32) -> Void
typealias DropHandler = @MainActor (DroppedItem, Double, Double) -> Bool
typealias OpenHandler = @MainActor ([URL]) -> Void
typealias StringHandler = @MainActor (String) -> Void
typealias RangeChangeHandler = @MainActor (Double) -> Void
typealias DoubleHandler = @MainActor (Double) -> Void
typealias TextDropHandler = @MainActor (String, Double, Double) -> Bool
typealias DragPrepareHandler = @MainActor (Double, Double) -> String?
typealias PressHandler = @MainActor (Int32, Double, Double) -> Void

// MARK: - Trampolines, one per C signature

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    guard let handler = ClosureBox<VoidHandler>.unbox(data) else { return }
    MainActor.assumeIsolated { handler() }
}

private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    guard let handler = ClosureBox<PointerHandler>.unbox(data) else { return }
    nonisolated(unsafe) let argument = argument  // GTK calls on its one thread
    MainActor.assumeIsolated { handler(argument) }
}

private let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    guard let handler = ClosureBox<BoolHandler>.unbox(data) else { return 0 }
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

private let twoUIntTrampoline: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, first, second, data in
    guard let handler = ClosureBox<TwoUIntHandler>.unbox(data) else { return }
    MainActor.assumeIsolated { handler(first, second) }
}

private let intTrampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
    guard let handler = ClosureBox<IntHandler>.unbox(data) else { return }
    MainActor.assumeIsolated { handler(value) }
}

private let keyTrampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, keycode, state, data in
    guard let handler = ClosureBox<KeyHandler>.unbox(data) else { return 0 }
    return MainActor.assumeIsolated { handler(keyval, keycode, state) } ? 1 : 0
}

private let scrollTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, deltaX, deltaY, data in
    guard let handler = ClosureBox<ScrollHandler>.unbox(data) else { return 0 }
    return MainActor.assumeIsolated { handler(deltaX, deltaY) } ? 1 : 0
}

private let pressTrampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, presses, x, y, data in
    guard let handler = ClosureBox<PressHandler>.unbox(data) else { return }
    MainActor.assumeIsolated { handler(presses, x, y) }
}

private let uintTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, value, data in
    guard let handler = ClosureBox<UIntHandler>.unbox(data) else { return }
    MainActor.assumeIsolated { handler(value) }
}

/// A signal with one string argument (`response` of an `AdwMessageDialog`).
private let stringTrampoline: @convention(c) (gpointer?, UnsafePointer<gchar>?, gpointer?) -> Void = { _, text, data in
    guard let handler = ClosureBox<StringHandler>.unbox(data) else { return }
    let value = text.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { handler(value) }
}

/// `change-value` of a `GtkRange`: (range, GtkScrollType, value, data) -> handled. Returns
/// false so that the range still moves to the value.
private let rangeChangeTrampoline: @convention(c) (gpointer?, GtkScrollType, gdouble, gpointer?) -> gboolean = { _, _, value, data in
    guard let handler = ClosureBox<RangeChangeHandler>.unbox(data) else { return 0 }
    MainActor.assumeIsolated { handler(value) }
    return 0
}

/// A signal with one `double` argument and no result (`value-changed` of a `GtkScaleButton`).
private let doubleTrampoline: @convention(c) (gpointer?, gdouble, gpointer?) -> Void = { _, value, data in
    guard let handler = ClosureBox<DoubleHandler>.unbox(data) else { return }
    MainActor.assumeIsolated { handler(value) }
}

/// `open` of a `GApplication`: (application, GFile **files, n_files, hint, data).
private let openTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<gchar>?, gpointer?) -> Void = { _, files, count, _, data in
    guard let handler = ClosureBox<OpenHandler>.unbox(data), let files else { return }
    let urls = (0..<Int(max(count, 0))).compactMap { index -> URL? in
        guard let file = files[index], let uri = g_file_get_uri(file) else { return nil }
        defer { g_free(uri) }
        return URL(string: String(cString: uri))
    }
    MainActor.assumeIsolated { handler(urls) }
}

/// `drop` of a `GtkDropTarget`: (target, const GValue *, x, y, data) -> accepted.
private let dropTrampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = { _, value, x, y, data in
    guard let handler = ClosureBox<DropHandler>.unbox(data), let value else { return 0 }
    nonisolated(unsafe) let dropped = value  // GTK calls on its one thread
    return MainActor.assumeIsolated {
        guard let item = DroppedItem(value: dropped) else { return false }
        return handler(item, x, y)
    } ? 1 : 0
}

/// `drop` of a text drop target: (target, const GValue *, x, y, data) -> taken.
private let textDropTrampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = { _, value, x, y, data in
    guard let handler = ClosureBox<TextDropHandler>.unbox(data), let value, let text = bl_value_text(value) else { return 0 }
    let string = String(cString: text)
    return MainActor.assumeIsolated { handler(string, x, y) } ? 1 : 0
}

/// `prepare` of a drag source: (source, x, y, data) -> GdkContentProvider * (a full reference), or NULL.
private let dragPrepareTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = { _, x, y, data in
    guard let handler = ClosureBox<DragPrepareHandler>.unbox(data) else { return nil }
    guard let text = MainActor.assumeIsolated({ handler(x, y) }) else { return nil }
    return bl_content_provider_for_text(text)
}

/// `query-tooltip`: (gtkWidget, x, y, keyboard mode, GtkTooltip*, data) -> shown.
private let tooltipTrampoline: @convention(c) (gpointer?, gint, gint, gboolean, gpointer?, gpointer?) -> gboolean = { _, _, _, _, tooltip, data in
    guard let handler = ClosureBox<TooltipHandler>.unbox(data), let tooltip else { return 0 }
    nonisolated(unsafe) let gtkTooltip = tooltip
    return MainActor.assumeIsolated {
        guard let text = handler() else { return 0 }
        gtk_tooltip_set_text(OpaquePointer(gtkTooltip), text)
        return 1
    }
}

// MARK: - Connecting

extension ObjectHandle {
    private func connect<Handler>(_ signal: String, _ handler: Handler, through trampoline: GCallback) -> SignalConnection {
        let id = bl_signal_connect(gObject, signal, trampoline, ClosureBox.retained(handler), releaseClosureBox)
        return SignalConnection(id: UInt(id))
    }

    /// Runs `handler` on a signal with no arguments and no result (`clicked`, `activate`, …).
    /// Internal: callers outside GtkKit use the typed `on…` methods, whose closure types
    /// match their signals' C signatures.
    @discardableResult
    func connect(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect(signal, handler as VoidHandler, through: unsafeBitCast(voidTrampoline, to: GCallback.self))
    }

    /// Runs `handler` on a signal with one pointer argument (`notify`, `bind`, `activate` of an action).
    @discardableResult
    func connectPointer(_ signal: String, _ handler: @escaping PointerHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(pointerTrampoline, to: GCallback.self))
    }

    /// Runs `handler` on a signal that returns a boolean (`close-request`): true stops other handlers.
    @discardableResult
    func connectReturningBool(_ signal: String, _ handler: @escaping BoolHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(boolTrampoline, to: GCallback.self))
    }

    /// Runs `handler` on a signal with one string argument (`response`).
    @discardableResult
    func connectString(_ signal: String, _ handler: @escaping StringHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(stringTrampoline, to: GCallback.self))
    }

    /// Runs `handler` on a signal with two unsigned arguments (`selection-changed`).
    @discardableResult
    func connectTwoUInt(_ signal: String, _ handler: @escaping TwoUIntHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(twoUIntTrampoline, to: GCallback.self))
    }

    /// Runs `handler` on a signal with one `int` argument (`response` of a native dialog).
    @discardableResult
    func connectInt(_ signal: String, _ handler: @escaping IntHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(intTrampoline, to: GCallback.self))
    }

    /// Runs `handler` on a signal with one unsigned argument (`activate` of a list view).
    @discardableResult
    func connectUInt(_ signal: String, _ handler: @escaping UIntHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(uintTrampoline, to: GCallback.self))
    }

    @discardableResult
    func connectRangeChange(_ handler: @escaping RangeChangeHandler) -> SignalConnection {
        connect("change-value", handler, through: unsafeBitCast(rangeChangeTrampoline, to: GCallback.self))
    }

    /// Runs `handler` on a signal with one `double` argument (`value-changed`).
    @discardableResult
    func connectDouble(_ signal: String, _ handler: @escaping DoubleHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(doubleTrampoline, to: GCallback.self))
    }

    @discardableResult
    func connectTextDrop(_ handler: @escaping TextDropHandler) -> SignalConnection {
        connect("drop", handler, through: unsafeBitCast(textDropTrampoline, to: GCallback.self))
    }

    @discardableResult
    func connectDragPrepare(_ handler: @escaping DragPrepareHandler) -> SignalConnection {
        connect("prepare", handler, through: unsafeBitCast(dragPrepareTrampoline, to: GCallback.self))
    }

    @discardableResult
    func connectDrop(_ handler: @escaping DropHandler) -> SignalConnection {
        connect("drop", handler, through: unsafeBitCast(dropTrampoline, to: GCallback.self))
    }

    @discardableResult
    func connectOpen(_ handler: @escaping OpenHandler) -> SignalConnection {
        connect("open", handler, through: unsafeBitCast(openTrampoline, to: GCallback.self))
    }

    @discardableResult
    func connectScroll(_ signal: String, _ handler: @escaping ScrollHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(scrollTrampoline, to: GCallback.self))
    }

    /// Runs `handler` on a click gesture's `pressed` (press count, x, y).
    @discardableResult
    func connectPress(_ handler: @escaping PressHandler) -> SignalConnection {
        connect("pressed", handler, through: unsafeBitCast(pressTrampoline, to: GCallback.self))
    }

    @discardableResult
    func connectKey(_ signal: String, _ handler: @escaping KeyHandler) -> SignalConnection {
        connect(signal, handler, through: unsafeBitCast(keyTrampoline, to: GCallback.self))
    }

    func connectTooltip(_ handler: @escaping TooltipHandler) -> SignalConnection {
        connect("query-tooltip", handler, through: unsafeBitCast(tooltipTrampoline, to: GCallback.self))
    }

    /// Calls `handler` whenever the GObject property `property` changes (`notify::property`).
    @discardableResult
    public func observe(property: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectPointer("notify::\(property)") { _ in handler() }
    }

    /// Disconnects a handler; GLib then releases its closure.
    public func disconnect(_ connection: SignalConnection) {
        g_signal_handler_disconnect(gObject, gulong(connection.id))
    }
}
