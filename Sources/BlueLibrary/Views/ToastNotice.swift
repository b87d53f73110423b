import GtkKit
import LibraryCore

// MARK: - ToastNotice

/// The in-window notice at the bottom ("“Best of Bowie” deleted") with an Undo button, shown
/// for a few seconds: libadwaita's toast (`AdwToast` in the window's `AdwToastOverlay`).
///
/// With Preferences ▸ Keep Notices Until Closed, it stays until closed (its close button,
/// Escape, or the next notice).
/// A new notice replaces the one on show: the same toast, changed in place and its time
/// started again (libadwaita's documented way; dismissing a toast and adding another while
/// the first still slides in crashes libadwaita 1.2.2). Screen readers read it out when it
/// appears: its title is a label inside a box with the alert role (libadwaita 1.2's own title
/// has none).
/// Its buttons leave the keyboard focus where it is when clicked; if the user tabbed into it,
/// the focus goes back through `onFocusReturn` when it goes.
@MainActor
package final class ToastNotice {
    /// How long a notice stays.
    static let displaySeconds = 5
    /// How long a toast slides in (libadwaita 1.2: 300 ms, 500 when it replaces another),
    /// with a margin. libadwaita 1.2.2 corrupts memory when a toast is dismissed while it
    /// still slides in (seen after a few hundred deletions undone at once, in the benchmark),
    /// so an earlier dismissal makes it invisible at once and dismisses it when the slide
    /// has ended. (Hiding it instead would unmap it, which skips the animation: the same bug.)
    static let slideMilliseconds = 700

    /// Gives the keyboard focus back to where the user works (the strip) when the notice
    /// goes while holding it.
    var onFocusReturn: @MainActor () -> Void = {}
    /// Whether notices stay until closed (the preference), read as each one shows.
    var keepsUntilClosed: @MainActor () -> Bool = { false }
    /// Called when a notice shows or goes: `win.escape` (Escape) is enabled only
    /// while one is on show.
    var onShownChange: @MainActor (Bool) -> Void = { _ in }

    /// Where the notices appear: the window's content goes inside it.
    let overlay: ToastOverlay
    private var current: Toast?
    /// Runs while the current toast slides in; set to dismiss it when the slide ends.
    private var slide: Timeout?
    private var dismissesAfterSlide = false
    /// The current toast's title: a label in a box with the alert role.
    private var currentTitle: Widget?

    init(over content: Widget) {
        overlay = ToastOverlay(child: content)
        // Escape from the window's content dismisses the notice here, before libadwaita's own
        // Escape binding on the overlay would dismiss it at once, even while it slides in.
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, key == Keys.escape, modifiers.isDisjoint(with: .shortcut), isShown else { return false }
            dismiss()
            return true
        }
        content.addController(keys)
    }

    /// Whether a notice is on show (one made invisible, waiting for its dismissal, is not).
    package var isShown: Bool { current != nil && !dismissesAfterSlide }
    /// The message on show (the label has it behind a direction mark).
    package private(set) var message = ""

    /// Whether the notice on show goes by itself after `displaySeconds`.
    package var isTimed: Bool { (current?.timeoutSeconds ?? 0) > 0 }

    /// The Undo button of the notice on show (libadwaita builds it), if it has one.
    package var undoButton: Widget? {
        toastWidget?.descendantButtons.first { $0.boundActionName != nil }
    }

    /// Shows `message`, replacing the notice on show. `offersUndo: false` leaves the Undo
    /// button out (a notice about an undo itself); `undo` is the action its Undo triggers:
    /// the library's (`win.undo`), or the queue's own.
    func show(_ message: String, offersUndo: Bool = true, undo: AppAction = .undo) {
        self.message = message
        let wasShown = isShown
        if dismissesAfterSlide {  // the toast waiting to go comes back instead
            dismissesAfterSlide = false
            toastWidget?.opacity = 1
            toastWidget?.canTarget = true
        }
        let toast = current ?? makeToast()
        // A new title each time: a new alert, which screen readers read out (a label changed
        // inside one they have already read is not).
        let title = Self.makeTitle(message.asSentence)
        toast.setCustomTitle(title)
        currentTitle = title
        toast.setButton(label: offersUndo ? localized("_Undo") : nil, action: offersUndo ? undo.detailedName : nil)
        toast.timeoutSeconds = keepsUntilClosed() ? 0 : Self.displaySeconds  // 0: until dismissed
        current = toast
        slide?.cancel()  // adding it again may slide it in again
        slide = Timeout(milliseconds: Self.slideMilliseconds) { [weak self] in
            guard let self else { return }
            slide = nil
            if dismissesAfterSlide { current?.dismiss() }
        }
        overlay.add(toast)  // shows it, or starts the time of the one on show again
        nameButtons()
        if !wasShown { onShownChange(true) }
    }

    private func makeToast() -> Toast {
        let toast = Toast(title: "")
        toast.isUrgent = true
        toast.onDismissed { [weak self, weak toast] in
            guard let self, let toast, current === toast else { return }
            let wasShown = isShown
            if toastWidget?.containsFocus == true { onFocusReturn() }
            current = nil
            currentTitle = nil
            slide?.cancel()
            slide = nil
            dismissesAfterSlide = false
            if wasShown { onShownChange(false) }
        }
        return toast
    }

    /// Hides the notice on show, if any.
    func dismiss() {
        guard let current, isShown else { return }
        guard slide != nil else {
            current.dismiss()
            return
        }
        if toastWidget?.containsFocus == true { onFocusReturn() }
        toastWidget?.opacity = 0
        toastWidget?.canTarget = false
        dismissesAfterSlide = true
        onShownChange(false)
    }

    // MARK: Parts

    /// The title: a label read out by screen readers when the notice appears.
    private static func makeTitle(_ text: String) -> Widget {
        let box = Box(.horizontal, spacing: 0, accessibleRole: .alert)
        let label = Label(text)
        label.ellipsize()
        box.append(label)
        return box
    }

    /// The toast's own widget, holding the title and the buttons.
    private var toastWidget: Widget? { currentTitle?.parentWidget?.parentWidget }

    /// libadwaita 1.2's buttons are heard badly: the close button is an icon with no name
    /// (read as "button"), and GTK 4.8 reads the Undo button as "_Undo Undo". Both are
    /// named, and the close button gets a tooltip like the window's other buttons (once:
    /// setting the tooltip of a realised button costs a round trip to the X server, and a
    /// notice shown again for each of quick deletions keeps its buttons).
    private func nameButtons() {
        for button in toastWidget?.descendantButtons ?? [] {
            if button.boundActionName == nil {
                button.setAccessibleLabel(localized("Dismiss"))
                let tooltip = AppAction.escape.tooltip(localized("Dismiss"))
                if button.tooltip != tooltip { button.tooltip = tooltip }
            } else {
                button.setSoleAccessibleLabel(localized("Undo"))
            }
        }
    }
}
