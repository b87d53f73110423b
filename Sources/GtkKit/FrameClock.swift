// Why this file exists: "when was this frame painted, and how long did it take" is the
// question behind the first-frame probe and the latency benchmarks. GTK answers it with the
// phases of the window's GdkFrameClock, which this wraps.

import CGtk

/// The clock that paces a window's frames (`GdkFrameClock`). Each frame runs the phases
/// update (tick callbacks), layout and paint, then `after-paint`.
@MainActor
public final class FrameClock: ObjectHandle {
    /// The phases of a frame a caller can listen to.
    public enum Phase: String {
        /// Before anything else of the frame (events are flushed, ticks follow).
        case beforePaint = "before-paint"
        /// Sizes and positions are computed.
        case layout
        /// The frame is drawn.
        case paint
        /// The frame has been drawn and handed to the display.
        case afterPaint = "after-paint"
    }

    /// The clock of `widget`'s window, or nil while the widget is not realized.
    public convenience init?(of widget: Widget) {
        guard let clock = gtk_widget_get_frame_clock(widget.gtkWidget) else { return nil }
        self.init(borrowing: UnsafeMutableRawPointer(clock))
    }

    /// Calls `handler` at `phase` of every frame from now on.
    @discardableResult
    public func on(_ phase: Phase, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect(phase.rawValue, handler)
    }

    /// Asks for a frame even if nothing changed (e.g. to measure an idle frame).
    public func requestFrame() {
        gdk_frame_clock_request_phase(opaque, GDK_FRAME_CLOCK_PHASE_PAINT)
    }
}

extension Widget {
    /// Calls `handler` once, when the widget is first realized (its window, and so its frame
    /// clock, exist), or at once if it already is.
    public func whenRealized(_ handler: @escaping @MainActor () -> Void) {
        if gtk_widget_get_realized(gtkWidget) != 0 {
            handler()
            return
        }
        let pending = PendingConnection()
        pending.connection = connect("realize") { [weak self, pending] in
            if let connection = pending.connection, let self { self.disconnect(connection) }
            pending.connection = nil
            handler()
        }
    }
}

extension Widget {
    /// Calls `handler` once, after the next frame of the widget's window has been painted
    /// (its first, for a window just presented): work that must not slow that frame down.
    public func afterNextFrame(_ handler: @escaping @MainActor () -> Void) {
        whenRealized { [weak self] in
            guard let self, let clock = FrameClock(of: self) else {
                handler()
                return
            }
            let pending = PendingConnection()
            pending.connection = clock.on(.afterPaint) { [clock, pending] in
                if let connection = pending.connection { clock.disconnect(connection) }
                pending.connection = nil
                handler()
            }
        }
    }
}

/// The connection a one-shot handler removes when it first runs (a class, so the handler
/// can see the connection made after it was created).
@MainActor
private final class PendingConnection {
    var connection: SignalConnection?
}
