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
package final class UndoToast: Widget {
    /// How long the notice stays.
    static let displayMilliseconds = 5000

    /// Gives the keyboard focus back to where the user works (the strip) when the notice
    /// hides while holding it.
    var onFocusReturn: @MainActor () -> Void = {}
    /// Called when the notice shows or hides: `win.dismiss-notice` (Escape) is enabled only
    /// while it is on show.
    var onShownChange: @MainActor (Bool) -> Void = { _ in }

    let undoButton = Button(label: localized("Undo"))
    private let revealer: Revealer
    private let box = Box(.horizontal, spacing: 12, accessibleRole: .alert)
    private let label = Label()
    private var hideTimer: Timeout?

    init() {
        revealer = Revealer(child: box, animation: .slideUp)
        super.init(adopting: revealer)
        label.addCSSClass("toast-label")
        label.ellipsize()
        undoButton.actionName = AppAction.undo.detailedName
        undoButton.tooltip = AppAction.undo.tooltip()
        let close = Button(iconName: "window-close-symbolic")
        close.actionName = AppAction.dismissNotice.detailedName
        close.tooltip = AppAction.dismissNotice.tooltip()
        close.setAccessibleLabel(localized("Dismiss"))
        close.addCSSClass("flat")
        for button in [undoButton, close] {
            button.takesFocusOnClick = false  // the focus stays in the cover strip
        }
        box.addCSSClass("toast")
        box.append(label)
        box.append(undoButton)
        box.append(close)
        revealer.setAlignment(horizontal: .center, vertical: .end)
        revealer.setMargins(18)
        undoButton.onClicked { [weak self] in self?.dismiss() }
    }

    /// Whether the notice is on show.
    package var isShown: Bool { revealer.revealsChild }
    /// The message on show (the label has it behind a direction mark).
    package private(set) var message = ""

    /// Shows `message`, replacing a notice already on show, and starts its timer again.
    /// `offersUndo: false` leaves the Undo button out (a notice about an undo itself).
    func show(_ message: String, offersUndo: Bool = true) {
        self.message = message
        label.text = message.asSentence
        undoButton.isVisible = offersUndo
        revealer.revealsChild = true
        onShownChange(true)
        hideTimer = Timeout(milliseconds: Self.displayMilliseconds) { [weak self] in self?.dismiss() }
    }

    func dismiss() {
        hideTimer?.cancel()
        hideTimer = nil
        guard revealer.revealsChild else { return }
        if box.containsFocus { onFocusReturn() }
        revealer.revealsChild = false
        onShownChange(false)
    }
}
