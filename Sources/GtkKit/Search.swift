// Why this file exists: the widgets of searching and filtering a list, as GTK 4.8 has them:
// a search bar that slides in under the header bar and starts when the user types anywhere
// in the window (`GtkSearchBar` with a key-capture widget), its search entry, a toggle
// button bound to it, and a drop-down of choices (`GtkDropDown` over a `GtkStringList`).

import CGtk

// MARK: - SearchEntry

/// A text field for searching (`GtkSearchEntry`): a magnifier icon, a clear button, and
/// Escape to stop searching.
@MainActor
public final class SearchEntry: Widget {
    public init(placeholder: String) {
        super.init(owning: gtk_search_entry_new())
        bl_object_set_string(gObject, "placeholder-text", placeholder)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(bl_editable(gObject))) }
        set { gtk_editable_set_text(bl_editable(gObject), newValue) }
    }

    /// Puts the cursor after the text, nothing selected (the user goes on typing).
    public func moveCursorToEnd() {
        gtk_editable_set_position(bl_editable(gObject), -1)
    }

    /// How wide the field is, in characters: at least `minimum`, `natural` when there is room.
    public func setWidthInCharacters(minimum: Int, natural: Int) {
        gtk_editable_set_width_chars(bl_editable(gObject), Int32(minimum))
        gtk_editable_set_max_width_chars(bl_editable(gObject), Int32(natural))
    }

    /// Called at once whenever the text changes (not after `search-changed`'s delay).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", handler)
    }

    /// Called when the user stops searching (Escape).
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("stop-search", handler)
    }

    /// Called when the user presses Enter in the field.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", handler)
    }

    /// What screen readers read after the field's name (e.g. how many albums match).
    public func setAccessibleDescription(_ description: String) {
        bl_accessible_set_description(bl_accessible(gObject), description)
    }
}

// MARK: - SearchBar

/// A bar that slides in to hold a search (`GtkSearchBar`).
@MainActor
public final class SearchBar: Widget {
    private let entry: SearchEntry
    /// Takes typing in the key-capture widget to the field while the bar is shown.
    private var typingWhileShown: KeyController?

    public init(child: Widget, entry: SearchEntry) {
        self.entry = entry
        super.init(owning: gtk_search_bar_new())
        gtk_search_bar_set_child(bl_search_bar(gObject), child.gtkWidget)
        gtk_search_bar_connect_entry(bl_search_bar(gObject), bl_editable(entry.gObject))
    }

    /// Whether the bar is shown (searching).
    public var isSearching: Bool {
        get { gtk_search_bar_get_search_mode(bl_search_bar(gObject)) != 0 }
        set { gtk_search_bar_set_search_mode(bl_search_bar(gObject), newValue ? 1 : 0) }
    }

    /// Typing in `widget` (a window) while no text field has the focus starts a search with
    /// what was typed, or, while the bar is shown (a search restored at launch, or the focus
    /// taken back to the list with Enter), goes on with it: the focus moves to the field,
    /// after its text, and the key is typed there. GTK's own capture does the first only.
    public func captureKeys(from widget: Widget) {
        gtk_search_bar_set_key_capture_widget(bl_search_bar(gObject), widget.gtkWidget)
        let controller = KeyController(beforeChildren: true)
        controller.onKeyPressed { [weak self, weak controller] key, modifiers in
            guard let self, let controller else { return false }
            return continueSearch(typing: key, modifiers: modifiers, in: controller)
        }
        widget.addController(controller)
        typingWhileShown = controller
    }

    /// Types `key` into the field when the bar is shown, the key writes a character (no
    /// shortcut, no space, which activates the focused widget) and the focus is in none of
    /// the window's text fields; true when the field took it.
    private func continueSearch(typing key: UInt32, modifiers: KeyModifiers, in controller: KeyController) -> Bool {
        guard isSearching, modifiers.isDisjoint(with: [.control, .alt, .super]),
              let character = Unicode.Scalar(gdk_keyval_to_unicode(key)), character.properties.isGraphemeBase,
              !character.properties.isWhitespace, !Self.focusIsInTextField(of: entry) else { return false }
        _ = entry.grabFocus()
        gtk_editable_set_position(bl_editable(entry.gObject), -1)  // after the text, nothing selected
        guard let text = gtk_editable_get_delegate(bl_editable(entry.gObject)) else { return false }
        return gtk_event_controller_key_forward(OpaquePointer(controller.gObject), bl_widget(UnsafeMutableRawPointer(text))) != 0
    }

    /// Whether the focus of `widget`'s window is in a text field (this one or another), or
    /// in a popover (a menu, a drop-down's list), which has a surface of its own.
    private static func focusIsInTextField(of widget: Widget) -> Bool {
        guard let root = gtk_widget_get_root(widget.gtkWidget),
              let focus = gtk_root_get_focus(root) else { return false }
        return gtk_widget_get_native(focus) != gtk_widget_get_native(widget.gtkWidget)
            || gtk_widget_get_ancestor(focus, gtk_editable_get_type()) != nil
    }

    /// Called when the bar is shown or hidden.
    @discardableResult
    public func onSearchingChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "search-mode-enabled", handler)
    }
}

// MARK: - DropDown

/// A button that opens a list of choices, one of them chosen (`GtkDropDown`).
@MainActor
public final class DropDown: Widget {
    public init(choices: [String]) {
        super.init(owning: gtk_drop_down_new_from_strings(nil))
        setChoices(choices, selected: 0)
    }

    /// Replaces the choices and chooses the one at `selected`.
    public func setChoices(_ choices: [String], selected: Int) {
        guard let model = gtk_drop_down_get_model(bl_drop_down(gObject)) else { return }
        let list = bl_string_list(UnsafeMutableRawPointer(model))
        var copies = choices.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        copies.append(nil)
        copies.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { strings in
                gtk_string_list_splice(list, 0, g_list_model_get_n_items(model), strings)
            }
        }
        self.selected = selected
    }

    /// The index of the chosen item.
    public var selected: Int {
        get { Int(gtk_drop_down_get_selected(bl_drop_down(gObject))) }
        set { gtk_drop_down_set_selected(bl_drop_down(gObject), guint(max(newValue, 0))) }
    }

    /// The chosen item's text.
    public var selectedText: String {
        guard let item = gtk_drop_down_get_selected_item(bl_drop_down(gObject)) else { return "" }
        return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
    }

    /// Called when another item is chosen (by the user or from code).
    @discardableResult
    public func onSelectedChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(property: "selected", handler)
    }
}

// MARK: - StringChoiceAction

/// An action whose state is one string among several (`GSimpleAction` with a string state):
/// menu items naming it with a target (`win.sort::title`) show as radio items, the one
/// matching the state checked.
@MainActor
public final class StringChoiceAction: ObjectHandle {
    public init(name: String, state: String) {
        super.init(owning: UnsafeMutableRawPointer(bl_string_action_new(name, state)))
    }

    /// The chosen string.
    public var state: String {
        get {
            guard let variant = g_action_get_state(opaque) else { return "" }
            defer { g_variant_unref(variant) }
            return String(cString: g_variant_get_string(variant, nil))
        }
        set { bl_string_action_set_state(opaque, newValue) }
    }

    /// Called with the target of the item chosen (the state is not changed: the handler
    /// decides, and sets it).
    @discardableResult
    public func onChoose(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        connectPointer("activate") { parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(OpaquePointer(parameter), nil)))
        }
    }
}

extension ActionMap {
    /// Adds `action`; it is then reachable as `prefix.name`.
    public func add(_ action: StringChoiceAction) {
        g_action_map_add_action(opaque, action.opaque)
    }
}

// MARK: - Menus

extension Menu {
    /// Adds a submenu titled `label`.
    public func appendSubmenu(_ label: String, _ submenu: Menu) {
        g_menu_append_submenu(opaque, label, submenu.cast())
    }

    /// Adds a section: its items, set apart by separators.
    public func appendSection(_ section: Menu) {
        g_menu_append_section(opaque, nil, section.cast())
    }
}
