// Why this file exists: the properties every GtkWidget shares (CSS classes, sensitivity,
// tooltips, accessibility, focus, geometry), reachable from Swift without casts.

import CGtk

/// A handle to any `GtkWidget`; the concrete widgets derive from it.
@MainActor
open class Widget: ObjectHandle {
    /// The widget as GTK's C type.
    package var gtkWidget: UnsafeMutablePointer<GtkWidget> { bl_widget(gObject) }

    // MARK: Style

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(gtkWidget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(gtkWidget, name) }

    /// Adds or removes a CSS class.
    public func setCSSClass(_ name: String, _ enabled: Bool) {
        enabled ? addCSSClass(name) : removeCSSClass(name)
    }

    /// The widget's CSS name for `#name` selectors.
    public var name: String {
        get { String(cString: gtk_widget_get_name(gtkWidget)) }
        set { gtk_widget_set_name(gtkWidget, newValue) }
    }

    // MARK: Tree

    /// The widget this one is inside, if any.
    public var parentWidget: Widget? {
        gtk_widget_get_parent(gtkWidget).map { Widget(borrowing: UnsafeMutableRawPointer($0)) }
    }

    /// The buttons inside this widget, at any depth, in order: buttons a platform widget
    /// built itself (a toast's Undo and close buttons).
    public var descendantButtons: [Widget] {
        var buttons: [Widget] = []
        var child = gtk_widget_get_first_child(gtkWidget)
        while let current = child {
            let widget = Widget(borrowing: UnsafeMutableRawPointer(current))
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(current)), gtk_button_get_type()) != 0 {
                buttons.append(widget)
            }
            buttons += widget.descendantButtons
            child = gtk_widget_get_next_sibling(current)
        }
        return buttons
    }

    /// The detailed action an actionable widget (a button) activates, if any.
    public var boundActionName: String? {
        guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(gtkWidget)), gtk_actionable_get_type()) != 0 else { return nil }
        return gtk_actionable_get_action_name(OpaquePointer(gtkWidget)).map { String(cString: $0) }
    }

    // MARK: State

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(gtkWidget) != 0 }
        set { gtk_widget_set_sensitive(gtkWidget, newValue ? 1 : 0) }
    }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(gtkWidget) != 0 }
        set { gtk_widget_set_visible(gtkWidget, newValue ? 1 : 0) }
    }

    /// How opaque the widget is drawn (0 invisible, 1 opaque); unlike hiding it, this keeps it
    /// mapped and laid out.
    public var opacity: Double {
        get { gtk_widget_get_opacity(gtkWidget) }
        set { gtk_widget_set_opacity(gtkWidget, newValue) }
    }

    /// Whether the pointer can click the widget and its children.
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(gtkWidget) != 0 }
        set { gtk_widget_set_can_target(gtkWidget, newValue ? 1 : 0) }
    }

    /// Whether the widget is on screen (mapped, and its parents too).
    public var isMapped: Bool { gtk_widget_get_mapped(gtkWidget) != 0 }

    /// The tooltip, which screen readers also read as the widget's description.
    ///
    /// GTK 4.8 looks for the pointer (a round trip to the X server) whenever a shown widget's
    /// tooltip changes, even before the widget is in a window, where there is no pointer to
    /// look for. A widget not yet realised is hidden for the change, which skips the lookup: a
    /// window that sets fifteen tooltips while it is built no longer waits for the X server
    /// fifteen times (on a busy machine, a millisecond or more each).
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(gtkWidget).map { String(cString: $0) } }
        set {
            guard gtk_widget_get_realized(gtkWidget) == 0, gtk_widget_get_visible(gtkWidget) != 0 else {
                gtk_widget_set_tooltip_text(gtkWidget, newValue)
                return
            }
            gtk_widget_set_visible(gtkWidget, 0)
            gtk_widget_set_tooltip_text(gtkWidget, newValue)
            gtk_widget_set_visible(gtkWidget, 1)
        }
    }

    /// A tooltip whose text is asked for only when it is about to show (`query-tooltip`).
    /// Setting `tooltip` on a realised widget costs a round trip to the X server (GTK 4.8 looks
    /// for the pointer); this costs nothing per change, which matters for views that are rebound by the hundred.
    public func provideTooltip(_ text: @escaping @MainActor () -> String?) {
        gtk_widget_set_has_tooltip(gtkWidget, 1)
        _ = connectTooltip(text)
    }

    /// The name screen readers announce.
    public func setAccessibleLabel(_ label: String) {
        bl_accessible_set_label(bl_accessible(gObject), label)
    }

    /// The name screen readers announce, and nothing else: GTK 4.8 reads a labelled button's
    /// name as its label property followed by the text of the label inside it ("Undo Undo").
    public func setSoleAccessibleLabel(_ label: String) {
        bl_accessible_reset_labelled_by(bl_accessible(gObject))
        setAccessibleLabel(label)
    }

    /// Names the button a composite widget is built around (a volume button's, a menu
    /// button's), which GTK 4.8 leaves to be read by its icon ("GtkImage").
    public func setInnerButtonAccessibleLabel(_ label: String) {
        guard let button = gtk_widget_get_first_child(gtkWidget) else { return }
        let accessible = bl_accessible(UnsafeMutableRawPointer(button))
        bl_accessible_reset_labelled_by(accessible)
        bl_accessible_set_label(accessible, label)
    }

    // MARK: Focus

    /// Whether this widget, or one inside it, has the keyboard focus.
    public var containsFocus: Bool {
        gtk_widget_has_focus(gtkWidget) != 0 || gtk_widget_get_focus_child(gtkWidget) != nil
    }

    /// Whether the keyboard focus of the widget's window is on another widget, outside this
    /// one (`false` when the window has no focus widget).
    public var focusIsOutside: Bool {
        guard let root = gtk_widget_get_root(gtkWidget),
              let focus = gtk_root_get_focus(root) else { return false }
        return focus != gtkWidget && gtk_widget_is_ancestor(focus, gtkWidget) == 0
    }

    /// Whether a click moves the keyboard focus here (toolbar buttons leave it where it is).
    public var takesFocusOnClick: Bool {
        get { gtk_widget_get_focus_on_click(gtkWidget) != 0 }
        set { gtk_widget_set_focus_on_click(gtkWidget, newValue ? 1 : 0) }
    }

    /// Whether the widget's parent has the keyboard focus itself (a list row holding this
    /// widget, say).
    public var parentHasFocus: Bool {
        guard let parent = gtk_widget_get_parent(gtkWidget) else { return false }
        return gtk_widget_has_focus(parent) != 0
    }

    /// Gives the keyboard focus to the widget's parent (the list row holding it).
    @discardableResult
    public func grabParentFocus() -> Bool {
        guard let parent = gtk_widget_get_parent(gtkWidget) else { return false }
        return gtk_widget_grab_focus(parent) != 0
    }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(gtkWidget) != 0 }

    /// Moves the keyboard focus from inside this widget to the next (or previous) widget of
    /// its window that takes it, as Tab would if the whole widget were one stop: a list's
    /// rows are not visited one by one. Wraps around the window's ends, like Tab; keeps the
    /// focus where it is when nothing else can take it.
    @discardableResult
    public func moveFocusPast(forward: Bool) -> Bool {
        guard let root = gtk_widget_get_root(gtkWidget) else { return false }
        let window = bl_widget(UnsafeMutableRawPointer(root))
        let direction = forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD
        let previousFocus = gtk_root_get_focus(root)
        gtk_widget_set_can_focus(gtkWidget, 0)  // its children are skipped while it cannot focus
        defer { gtk_widget_set_can_focus(gtkWidget, 1) }
        if gtk_widget_child_focus(window, direction) != 0 { return true }
        gtk_root_set_focus(root, nil)  // past the last widget: start again from the first
        if gtk_widget_child_focus(window, direction) != 0 { return true }
        gtk_root_set_focus(root, previousFocus)
        return false
    }

    // MARK: Layout

    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(gtkWidget) != 0 }
        set { gtk_widget_set_hexpand(gtkWidget, newValue ? 1 : 0) }
    }

    public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(gtkWidget) != 0 }
        set { gtk_widget_set_vexpand(gtkWidget, newValue ? 1 : 0) }
    }

    public func setAlignment(horizontal: Alignment, vertical: Alignment) {
        gtk_widget_set_halign(gtkWidget, horizontal.gtk)
        gtk_widget_set_valign(gtkWidget, vertical.gtk)
    }

    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(gtkWidget, Int32(width), Int32(height))
    }

    /// Sets all four margins.
    public func setMargins(_ margin: Int) {
        gtk_widget_set_margin_top(gtkWidget, Int32(margin))
        gtk_widget_set_margin_bottom(gtkWidget, Int32(margin))
        gtk_widget_set_margin_start(gtkWidget, Int32(margin))
        gtk_widget_set_margin_end(gtkWidget, Int32(margin))
    }

    /// The allocated width and height, in application pixels.
    public var allocatedSize: (width: Int, height: Int) {
        (Int(gtk_widget_get_width(gtkWidget)), Int(gtk_widget_get_height(gtkWidget)))
    }

    /// Where the widget lies inside `other` (an ancestor, say): x, y, width and height in
    /// application pixels, or nil when the two are not in one window.
    public func bounds(in other: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(gtkWidget, other.gtkWidget, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    /// Device pixels per application pixel on the monitor showing the widget (2 on a HiDPI
    /// screen). Changes notify `scale-factor`.
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(gtkWidget)) }

    /// Whether the widget lays out right to left (Arabic, Hebrew…): Left then means "next".
    public var isRightToLeft: Bool { gtk_widget_get_direction(gtkWidget) == GTK_TEXT_DIR_RTL }

    // MARK: Behaviour

    /// Adds an event controller (gesture, key or scroll handler) to the widget.
    public func addController(_ controller: EventController) {
        // The widget takes over a reference of its own.
        gtk_widget_add_controller(gtkWidget, bl_event_controller(g_object_ref(controller.gObject)))
    }

    /// Activates an action by its detailed name (`win.delete`, `list.select-item`…).
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        gtk_widget_activate_action_variant(gtkWidget, name, nil) != 0
    }
}
