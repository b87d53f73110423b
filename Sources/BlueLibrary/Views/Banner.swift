import GtkKit
import LibraryCore

// MARK: - Banner

/// A message across the top of the window for problems the user should know about (a
/// library file that could not be read, a save that failed), with a button to close it.
@MainActor
package final class Banner: Widget {
    private let revealer: Revealer
    /// One label per message: GTK 4.8 measures a wrapping label holding line breaks
    /// inconsistently (its minimum height for a very wide width exceeds its minimum height,
    /// a Gtk-CRITICAL), so lines are never joined in one label.
    private let lines = Box(.vertical, spacing: 2)
    private var labels: [Label] = []

    init() {
        let box = Box(.horizontal, spacing: 12)
        revealer = Revealer(child: box, animation: .slideDown)
        super.init(adopting: revealer)
        lines.expandsHorizontally = true
        let close = Button(iconName: "window-close-symbolic")
        close.tooltip = localized("Dismiss")
        close.setAccessibleLabel(localized("Dismiss message"))
        close.addCSSClass("flat")
        close.setAlignment(horizontal: .end, vertical: .center)
        box.addCSSClass("banner")
        box.append(lines)
        box.append(close)
        close.onClicked { [weak self] in self?.dismiss() }
    }

    package var isShown: Bool { revealer.revealsChild }
    /// The messages on show, one per line.
    package var message: String { labels.filter(\.isVisible).map(\.text).joined(separator: "\n") }

    /// Shows `messages`, one per line (a new message replaces the ones on show).
    func show(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        while labels.count < messages.count { addLabel() }
        for (index, label) in labels.enumerated() {
            label.isVisible = index < messages.count
            if index < messages.count { label.text = messages[index] }
        }
        revealer.revealsChild = true
    }

    private func addLabel() {
        let label = Label()
        label.addCSSClass("banner-label")
        label.wrap(maxWidthChars: 90)
        label.xAlign = 0
        lines.append(label)
        labels.append(label)
    }

    func dismiss() {
        revealer.revealsChild = false
    }
}
