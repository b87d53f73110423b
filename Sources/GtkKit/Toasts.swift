// Why this file exists: in-window notices are libadwaita's toasts (`AdwToastOverlay`,
// `AdwToast`, 1.2): the platform's look, timing, queue and close button.

import CGtk

/// A layer over its child where toasts appear at the bottom, one at a time
/// (`AdwToastOverlay`).
@MainActor
public final class ToastOverlay: Widget {
    public init(child: Widget) {
        super.init(owning: adw_toast_overlay_new())
        adw_toast_overlay_set_child(bl_adw_toast_overlay(gObject), child.gtkWidget)
    }

    /// Shows `toast`: at once when its priority is high (a toast on show goes back to the
    /// queue), after the toasts before it otherwise. Adding the toast on show again restarts
    /// its timeout (libadwaita's way to update a notice in place).
    public func add(_ toast: Toast) {
        // The overlay takes the reference it is given.
        adw_toast_overlay_add_toast(bl_adw_toast_overlay(gObject), bl_adw_toast(g_object_ref(toast.gObject)))
    }
}

/// One notice for a `ToastOverlay` (`AdwToast`): a title, an optional button bound to an
/// action, and a timeout.
@MainActor
public final class Toast: ObjectHandle {
    /// - Parameter title: shown as it is (libadwaita 1.2 reads a title as Pango markup, so
    ///   it is escaped).
    public init(title: String) {
        super.init(owning: UnsafeMutableRawPointer(adw_toast_new(title.escapedForMarkup)))
    }

    var toast: OpaquePointer { bl_adw_toast(gObject) }

    /// A widget shown instead of the title (e.g. one with the alert role, so that screen
    /// readers read the notice out when it appears).
    public func setCustomTitle(_ widget: Widget) { adw_toast_set_custom_title(toast, widget.gtkWidget) }

    /// The button's label (with a mnemonic) and the detailed action it activates; without a
    /// label, no button.
    public func setButton(label: String?, action: String?) {
        adw_toast_set_button_label(toast, label)
        adw_toast_set_detailed_action_name(toast, action)
    }

    /// Seconds on show; 0 keeps it until dismissed.
    public var timeoutSeconds: Int {
        get { Int(adw_toast_get_timeout(toast)) }
        set { adw_toast_set_timeout(toast, guint(newValue)) }
    }

    /// Whether it is shown before the toasts already waiting (pushing the one on show back).
    public var isUrgent: Bool {
        get { adw_toast_get_priority(toast) == ADW_TOAST_PRIORITY_HIGH }
        set { adw_toast_set_priority(toast, newValue ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL) }
    }

    /// Hides it, or takes it out of the queue.
    public func dismiss() { adw_toast_dismiss(toast) }

    /// Called once, when it has been dismissed (timed out, closed, or by `dismiss()`).
    @discardableResult
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("dismissed", handler)
    }
}
