import GtkKit
import LibraryCore

// MARK: - UndoToast

/// An in-window notice at the bottom ("“Best of Bowie” deleted") with an Undo button,
/// shown for a few seconds: GNOME's toast pattern, built from plain GTK widgets.
@MainActor
final class UndoToast {
    /// How long the notice stays.
    static let displayMilliseconds = 5000

    let widget: Widget

    private let revealer: Revealer
    private let label = Label()
    private var hideTimer: Timeout?

    init(undoAction: String) {
        label.addCSSClass("toast-label")
        label.ellipsize()
        let undo = Button(label: localized("Undo"))
        undo.actionName = undoAction
        undo.tooltip = localized("Undo the deletion (Ctrl+Z)")
        let close = Button(iconName: "window-close-symbolic")
        close.tooltip = localized("Dismiss")
        close.setAccessibleLabel(localized("Dismiss"))
        close.addCSSClass("flat")
        let box = Box(.horizontal, spacing: 12)
        box.addCSSClass("toast")
        box.append(label)
        box.append(undo)
        box.append(close)
        revealer = Revealer(child: box, animation: .slideUp)
        revealer.setAlignment(horizontal: .center, vertical: .end)
        revealer.setMargins(18)
        widget = revealer
        close.onClicked { [weak self] in self?.dismiss() }
        undo.onClicked { [weak self] in self?.dismiss() }
    }

    /// Whether the notice is on show.
    var isShown: Bool { revealer.revealsChild }
    var message: String { label.text }

    /// Shows `message`, replacing a notice already on show, and starts its timer again.
    func show(_ message: String) {
        label.text = message
        revealer.revealsChild = true
        hideTimer = Timeout(milliseconds: Self.displayMilliseconds) { [weak self] in self?.dismiss() }
    }

    func dismiss() {
        hideTimer?.cancel()
        hideTimer = nil
        revealer.revealsChild = false
    }
}
