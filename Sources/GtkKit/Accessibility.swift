// Why this file exists: what screen readers are told about a widget (its name, its role, and
// whether it is there at all), in Swift words rather than GtkAccessible's variadic calls.

import CGtk

// MARK: - Roles

/// The roles the app gives widgets beyond their class's own (`GtkAccessibleRole`).
public enum AccessibleRole: Sendable {
    /// Shown only for its looks; absent from the accessible tree (its meaning is given
    /// elsewhere, e.g. by the name of the row holding it).
    case presentation
    /// A message that appears without the user asking for it, which screen readers read out
    /// when it is shown (a toast).
    case alert
    /// A named group of controls (a play bar), which screen readers announce by its name.
    case group

    var gtk: GtkAccessibleRole {
        switch self {
        case .presentation: GTK_ACCESSIBLE_ROLE_PRESENTATION
        case .alert: GTK_ACCESSIBLE_ROLE_ALERT
        case .group: GTK_ACCESSIBLE_ROLE_GROUP
        }
    }

    /// A new widget of `type`, with `role` instead of its class's when there is one (the
    /// role can only be given at construction).
    static func newWidget(_ type: GType, role: AccessibleRole?) -> UnsafeMutablePointer<GtkWidget> {
        guard let role else { return bl_widget(g_object_new_with_properties(type, 0, nil, nil)) }
        return bl_widget_new_with_role(type, role.gtk)
    }
}

// MARK: - Names and presence

extension Widget {
    /// The name screen readers announce for the widget's parent: the list row holding it,
    /// which is what takes the keyboard focus.
    public func setParentAccessibleLabel(_ label: String) {
        guard let parent = gtk_widget_get_parent(gtkWidget) else { return }
        bl_accessible_set_label(bl_accessible(parent), label)
    }
}

// MARK: - Reading direction

/// The reading direction of the user's language, for text that mixes it with the user's own.
public enum ReadingDirection {
    /// A mark (LEFT-TO-RIGHT MARK, or RIGHT-TO-LEFT MARK in Arabic, Hebrew…) that, put first
    /// in a sentence, makes GTK lay the sentence out in the language's direction. Without
    /// it, a label takes its direction from its first letter, which may be a quoted title's:
    /// "“أغاني” deleted" would read "deleted ”أغاني“".
    public static var sentenceMark: String {
        gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL ? "\u{200F}" : "\u{200E}"
    }
}
