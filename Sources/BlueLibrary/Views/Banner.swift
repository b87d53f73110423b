import GtkKit
import LibraryCore

// MARK: - Banner

/// A message across the top of the window for problems the user should know about (a
/// library file that could not be read, a save that failed), with a button to close it.
@MainActor
package final class Banner: Widget {
    private let revealer: Revealer
    private let label = Label()

    init() {
        let box = Box(.horizontal, spacing: 12)
        revealer = Revealer(child: box, animation: .slideDown)
        super.init(adopting: revealer)
        label.addCSSClass("banner-label")
        label.wrap(maxWidthChars: 90)
        label.xAlign = 0
        label.expandsHorizontally = true
        let close = Button(iconName: "window-close-symbolic")
        close.tooltip = localized("Dismiss")
        close.setAccessibleLabel(localized("Dismiss message"))
        close.addCSSClass("flat")
        close.setAlignment(horizontal: .end, vertical: .center)
        box.addCSSClass("banner")
        box.append(label)
        box.append(close)
        close.onClicked { [weak self] in self?.dismiss() }
    }

    package var isShown: Bool { revealer.revealsChild }
    package var message: String { label.text }

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
