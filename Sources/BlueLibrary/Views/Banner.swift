import GtkKit
import LibraryCore

// MARK: - Banner

/// A message across the top of the window for problems the user should know about (a
/// library file that could not be read, a save that failed), with a button to close it.
@MainActor
final class Banner {
    let widget: Widget

    private let revealer: Revealer
    private let label = Label()

    init() {
        label.addCSSClass("banner-label")
        label.wrap(maxWidthChars: 90)
        label.xAlign = 0
        label.expandsHorizontally = true
        let close = Button(iconName: "window-close-symbolic")
        close.tooltip = localized("Dismiss")
        close.setAccessibleLabel(localized("Dismiss message"))
        close.addCSSClass("flat")
        close.setAlignment(horizontal: .end, vertical: .center)
        let box = Box(.horizontal, spacing: 12)
        box.addCSSClass("banner")
        box.append(label)
        box.append(close)
        revealer = Revealer(child: box, animation: .slideDown)
        widget = revealer
        close.onClicked { [weak self] in self?.dismiss() }
    }

    var isShown: Bool { revealer.revealsChild }
    var message: String { label.text }

    /// Shows `messages`, one per line (a new message replaces the ones on show).
    func show(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        label.text = messages.joined(separator: "\n")
        revealer.revealsChild = true
    }

    func dismiss() {
        revealer.revealsChild = false
    }
}
