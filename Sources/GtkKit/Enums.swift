// Why this file exists: GTK's C enums and key constants in Swift form, so code above GtkKit
// never imports the C module.

import CGtk

/// Which way a box or list runs.
public enum Orientation: Sendable {
    case horizontal, vertical

    var gtk: GtkOrientation {
        self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }
}

/// Where a widget sits in the space it is given.
public enum Alignment: Sendable {
    case fill, start, end, center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

/// How a revealer shows and hides its child.
public enum RevealAnimation: Sendable {
    case slideDown, slideUp, crossfade

    var gtk: GtkRevealerTransitionType {
        switch self {
        case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
        }
    }
}

/// The keys the app handles itself (GDK key values).
public enum Keys {
    public static let left = UInt32(GDK_KEY_Left)
    public static let right = UInt32(GDK_KEY_Right)
    public static let home = UInt32(GDK_KEY_Home)
    public static let end = UInt32(GDK_KEY_End)
    public static let up = UInt32(GDK_KEY_Up)
    public static let down = UInt32(GDK_KEY_Down)
    public static let escape = UInt32(GDK_KEY_Escape)
    /// Delete, and the keypad's.
    public static let deletes: Set<UInt32> = [UInt32(GDK_KEY_Delete), UInt32(GDK_KEY_KP_Delete)]
    /// Tab, and Shift+Tab (which X11 reports as Left Tab).
    public static let tabs: Set<UInt32> = [UInt32(GDK_KEY_Tab), UInt32(GDK_KEY_KP_Tab), UInt32(GDK_KEY_ISO_Left_Tab)]
    public static let leftTab = UInt32(GDK_KEY_ISO_Left_Tab)
    /// The Menu key, and F10 (which opens a context menu with Shift).
    public static let menu = UInt32(GDK_KEY_Menu)
    public static let f10 = UInt32(GDK_KEY_F10)
}

/// Modifier keys held during a key press.
public struct KeyModifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    public static let control = KeyModifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    public static let alt = KeyModifiers(rawValue: GDK_ALT_MASK.rawValue)
    public static let `super` = KeyModifiers(rawValue: GDK_SUPER_MASK.rawValue)

    /// The modifiers that turn a key into a shortcut.
    public static let shortcut: KeyModifiers = [.shift, .control, .alt, .super]
}
