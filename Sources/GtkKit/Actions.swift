// Why this file exists: named actions (`win.undo`, `app.quit`) that buttons, menus and
// keyboard shortcuts all trigger, with one place deciding whether they are enabled.

import CGtk

/// Something actions can be added to: the application (`app.`) or a window (`win.`).
@MainActor
public protocol ActionMap: AnyObject {
    /// The C action map; `GtkApplication` and `GtkApplicationWindow` both are one.
    var actionMap: OpaquePointer { get }
}

extension ActionMap {
    /// Adds `action`; it is then reachable as `prefix.name`.
    public func add(_ action: SimpleAction) {
        g_action_map_add_action(actionMap, action.opaque)
    }

    /// Adds an action named `name` that runs `handler`, and returns it.
    @discardableResult
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) -> SimpleAction {
        let action = SimpleAction(name: name)
        action.onActivate(handler)
        add(action)
        return action
    }
}

/// A named action without a parameter (`GSimpleAction`).
@MainActor
public final class SimpleAction: ObjectHandle {
    public init(name: String) {
        super.init(owning: UnsafeMutableRawPointer(g_simple_action_new(name, nil)))
    }

    public var name: String { String(cString: g_action_get_name(opaque)) }

    /// Whether the action can run; buttons and shortcuts bound to it follow.
    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) }
    }

    /// Runs `handler` when the action is activated (GSimpleAction's `activate` has a
    /// parameter argument, hence the pointer-shaped connection).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectPointer("activate") { _ in handler() }
    }

    /// Activates the action, as its shortcut would (does nothing while disabled).
    public func activate() {
        g_action_activate(opaque, nil)
    }
}
