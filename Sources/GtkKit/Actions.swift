// Why this file exists: named actions (`win.undo`, `app.quit`) that buttons, menus and
// keyboard shortcuts all trigger, with one place deciding whether they are enabled.

import CGtk

/// Something actions can be added to: the application (`app.`) or a window (`win.`); both
/// are a `GActionMap` in C. Only GtkKit's `Application` and `ApplicationWindow` are one.
@MainActor
public protocol ActionMap: ObjectHandle {}

extension ActionMap {
    /// Adds `action`; it is then reachable as `prefix.name`.
    public func add(_ action: SimpleAction) {
        g_action_map_add_action(opaque, action.opaque)
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

    /// An action that is on or off (a boolean state): a toggle button bound to it shows the
    /// state, pressed while on, and a menu item naming it shows a check mark.
    public init(name: String, isOn: Bool) {
        super.init(owning: UnsafeMutableRawPointer(g_simple_action_new_stateful(name, nil, g_variant_new_boolean(isOn ? 1 : 0))))
    }

    /// The state of an on/off action (`init(name:isOn:)`); `nil` for an action without one.
    /// Setting it changes only what shows it, never runs the action's handler.
    public var isOn: Bool? {
        get {
            guard let state = g_action_get_state(opaque) else { return nil }
            defer { g_variant_unref(state) }
            guard g_variant_classify(state) == G_VARIANT_CLASS_BOOLEAN else { return nil }
            return g_variant_get_boolean(state) != 0
        }
        set {
            guard let newValue, newValue != isOn else { return }
            g_simple_action_set_state(opaque, g_variant_new_boolean(newValue ? 1 : 0))
        }
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

// MARK: - Accelerators

/// A keyboard shortcut in GTK's accelerator syntax (`<Control>z`, `Delete`).
public enum Accelerator {
    /// How GTK writes `accelerator` (modifiers in its own order: `<Shift><Control>z`), or nil
    /// when GTK cannot parse it.
    public static func canonical(_ accelerator: String) -> String? {
        guard let (key, modifiers) = parse(accelerator), let name = gtk_accelerator_name(key, modifiers) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// What a user reads for `accelerator` in the current language ("Ctrl+Z", "Shift+Ctrl+Z").
    public static func label(_ accelerator: String) -> String {
        guard let (key, modifiers) = parse(accelerator), let label = gtk_accelerator_get_label(key, modifiers) else { return accelerator }
        defer { g_free(label) }
        return String(cString: label)
    }

    private static func parse(_ accelerator: String) -> (guint, GdkModifierType)? {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0 else { return nil }
        return (key, modifiers)
    }
}

extension Widget {
    /// Makes `accelerator` activate the detailed action `action` when the key reaches this
    /// widget after the focused widget and its parents had it (the bubble phase): an open
    /// menu, say, still gets Escape first. Application accelerators, by contrast, run before
    /// any widget (`Application.setAccelerators`).
    public func addShortcut(_ accelerator: String, action: String) {
        guard let controller = gtk_shortcut_controller_new() else { return }
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(accelerator), gtk_named_action_new(action))
        gtk_shortcut_controller_add_shortcut(controller, shortcut)  // takes both
        gtk_widget_add_controller(gtkWidget, controller)  // takes the controller
    }
}
