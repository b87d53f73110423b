import GtkKit
import LibraryCore

// MARK: - UndoToast

/// An in-window notice at the bottom ("“Best of Bowie” deleted") with an Undo button,
/// shown for a few seconds: GNOME's toast pattern, built from plain GTK widgets.
///
/// Screen readers read it out when it appears (it has the alert role). While hidden it is
/// out of the window (see `Revealer`), so neither Tab nor a screen reader finds its buttons. Its
/// buttons leave the keyboard focus where it is when clicked; if the user tabbed into it,
/// the focus goes back through `onFocusReturn` when it hides.
@MainActor
final class UndoToast {
    /// How long the notice stays.
    static let displayMilliseconds = 5000

    let widget: Widget
    /// Gives the keyboard focus back to where the user works (the strip) when the notice
    /// hides while holding it.
    var onFocusReturn: @MainActor () -> Void = {}

    let undoButton: Button
    private let revealer: Revealer
    private let box: Box
    private let label = Label()
    private var hideTimer: Timeout?

    init(undoAction: String) {
        label.addCSSClass("toast-label")
        label.ellipsize()
        let undo = Button(label: localized("Undo"))
        undoButton = undo
        undo.actionName = undoAction
        undo.tooltip = localized("Undo the deletion (Ctrl+Z)")
        let close = Button(iconName: "window-close-symbolic")
        close.tooltip = localized("Dismiss (Escape)")
        close.setAccessibleLabel(localized("Dismiss"))
        close.addCSSClass("flat")
        for button in [undo, close] {
            button.takesFocusOnClick = false  // the focus stays in the cover strip
        }
        box = Box(.horizontal, spacing: 12, accessibleRole: .alert)
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
    /// The message on show (the label has it behind a direction mark).
    private(set) var message = ""

    /// Shows `message`, replacing a notice already on show, and starts its timer again.
    func show(_ message: String) {
        self.message = message
        label.text = message.asSentence
        revealer.revealsChild = true
        hideTimer = Timeout(milliseconds: Self.displayMilliseconds) { [weak self] in self?.dismiss() }
    }

    func dismiss() {
        hideTimer?.cancel()
        hideTimer = nil
        guard revealer.revealsChild else { return }
        if box.containsFocus { onFocusReturn() }
        revealer.revealsChild = false
    }
}
