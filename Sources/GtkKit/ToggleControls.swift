// Why this file exists: the play bar's shuffle and volume are controls with a state of their
// own (pressed or not, a level) that both the user and the program change: each tells the
// user's changes apart from the program's.

import CGtk

// MARK: - ToggleButton

/// A button that stays pressed or not (`GtkToggleButton`); screen readers read its state.
@MainActor
public final class ToggleButton: Widget {
    private var isSettingState = false

    public init(iconName: String) {
        super.init(owning: gtk_toggle_button_new())
        gtk_button_set_icon_name(bl_button(gObject), iconName)
    }

    /// A toggle button with a text label; `label` may have a mnemonic ("_Never Played").
    /// Screen readers hear the label's text (see `Button(mnemonic:)`).
    public init(mnemonic label: String) {
        super.init(owning: gtk_toggle_button_new_with_mnemonic(label))
        bl_accessible_reset_label(bl_accessible(gObject))
    }

    /// The detailed action the button activates (`win.name`): pressed while that action's
    /// boolean state is on, and sensitive while it is enabled.
    public var actionName: String? {
        get { gtk_actionable_get_action_name(opaque).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(opaque, newValue) }
    }

    /// Whether it is pressed; setting it does not call `onUserToggle`.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(bl_toggle_button(gObject)) != 0 }
        set {
            guard newValue != isActive else { return }
            isSettingState = true
            gtk_toggle_button_set_active(bl_toggle_button(gObject), newValue ? 1 : 0)
            isSettingState = false
        }
    }

    /// Calls `handler` with the new state when the user presses the button.
    @discardableResult
    public func onUserToggle(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        connect("toggled") { [weak self] in
            guard let self, !isSettingState else { return }
            handler(isActive)
        }
    }

    /// Keeps the button pressed in exactly while `bar` is shown, both ways.
    public func bind(to bar: SearchBar) {
        bl_bind_property_both_ways(gObject, "active", bar.gObject, "search-mode-enabled")
    }
}

// MARK: - VolumeButton

/// A button that opens a volume slider (`GtkVolumeButton`), with the theme's volume icons
/// and GTK's own accessible names and keys (the arrows, Page Up and Down in its popup).
@MainActor
public final class VolumeButton: Widget {
    private var isSettingValue = false

    public init() {
        super.init(owning: gtk_volume_button_new())
    }

    /// 0 to 1; setting it does not call `onUserChange`.
    public var value: Double {
        get { gtk_scale_button_get_value(bl_scale_button(gObject)) }
        set {
            guard newValue != value else { return }
            isSettingValue = true
            gtk_scale_button_set_value(bl_scale_button(gObject), newValue)
            isSettingValue = false
        }
    }

    /// Calls `handler` with the value the user moved the slider to.
    @discardableResult
    public func onUserChange(_ handler: @escaping @MainActor (Double) -> Void) -> SignalConnection {
        connectDouble("value-changed") { [weak self] value in
            guard let self, !isSettingValue else { return }
            handler(value)
        }
    }
}
