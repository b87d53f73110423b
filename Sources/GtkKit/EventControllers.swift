// Why this file exists: GTK 4 delivers input through event controllers attached to widgets;
// these wrap those the app listens to (clicks, key presses, scrolling and the focus coming in).

import CGtk

/// The base of GTK's input handlers (`GtkEventController`).
@MainActor
open class EventController: ObjectHandle {}

/// Receives key presses while its widget (or a child) has the focus (`GtkEventControllerKey`).
@MainActor
public final class KeyController: EventController {
    /// Runs before the focused child sees the key (capture phase) when `beforeChildren` is set.
    public init(beforeChildren: Bool = false) {
        super.init(owning: UnsafeMutableRawPointer(gtk_event_controller_key_new()))
        if beforeChildren {
            gtk_event_controller_set_propagation_phase(bl_event_controller(gObject), GTK_PHASE_CAPTURE)
        }
    }

    /// Called with the key's value (`GDK_KEY_Left`…) and the modifiers; return true when handled.
    @discardableResult
    public func onKeyPressed(_ handler: @escaping @MainActor (_ key: UInt32, _ modifiers: KeyModifiers) -> Bool) -> SignalConnection {
        connectKey("key-pressed") { key, _, modifiers in handler(key, KeyModifiers(rawValue: modifiers.rawValue)) }
    }
}

/// Receives scroll-wheel and touchpad scrolling (`GtkEventControllerScroll`).
@MainActor
public final class ScrollController: EventController {
    /// Listens to vertical scrolling when `vertical`, else to horizontal scrolling.
    public init(vertical: Bool) {
        let flags = vertical ? GTK_EVENT_CONTROLLER_SCROLL_VERTICAL : GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL
        super.init(owning: UnsafeMutableRawPointer(gtk_event_controller_scroll_new(flags)))
    }

    /// Called with the horizontal and vertical deltas (wheel clicks, or pixels-ish for a
    /// touchpad); return true when handled.
    @discardableResult
    public func onScroll(_ handler: @escaping @MainActor (_ deltaX: Double, _ deltaY: Double) -> Bool) -> SignalConnection {
        connectScroll("scroll", handler)
    }
}

/// Receives presses of one mouse button (`GtkGestureClick`): how a secondary click opens a
/// context menu.
@MainActor
public final class ClickGesture: EventController {
    /// The secondary (right) button.
    public static let secondaryButton: UInt32 = 3

    /// Listens to `button` (1 primary, 2 middle, 3 secondary).
    public init(button: UInt32) {
        super.init(owning: UnsafeMutableRawPointer(gtk_gesture_click_new()))
        gtk_gesture_single_set_button(OpaquePointer(gObject), button)
    }

    /// Called at each press with where it happened, in the widget's coordinates.
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> SignalConnection {
        connectPress { _, x, y in handler(x, y) }
    }
}

/// Tells when the keyboard focus comes into its widget or one of the widget's descendants
/// from outside (`GtkEventControllerFocus`).
@MainActor
public final class FocusController: EventController {
    public init() {
        super.init(owning: UnsafeMutableRawPointer(gtk_event_controller_focus_new()))
    }

    /// Called when the focus enters (not when it moves between the widget's descendants).
    @discardableResult
    public func onEnter(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("enter", handler)
    }
}
