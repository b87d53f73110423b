import GtkKit
import LibraryCore

// MARK: - ProgressCard

/// A card floating at the top of the window while long work runs (an import, Find Missing
/// Covers): what has been done so far, a progress bar, and a button that stops it. The app
/// stays usable meanwhile.
@MainActor
package final class ProgressCard: Widget {
    private let revealer: Revealer
    private let label = Label()
    private let bar = ProgressBar()
    /// Stops the work (what it did stays, and can be undone).
    package let cancelButton: Button

    /// - Parameters:
    ///   - stopLabel: The stop button's label, with its mnemonic ("_Stop Import").
    ///   - stopTooltip: What stopping keeps.
    ///   - barLabel: The bar's accessible name ("Import progress").
    init(stopLabel: String, stopTooltip: String, barLabel: String) {
        cancelButton = Button(mnemonic: stopLabel)
        let box = Box(.horizontal, spacing: 12)
        revealer = Revealer(child: box, animation: .slideDown)
        super.init(adopting: revealer)
        box.addCSSClass("import-progress")
        box.addCSSClass("osd")  // libadwaita's on-screen display colours, as its toasts have
        label.xAlign = 0
        label.ellipsize()
        label.expandsHorizontally = true
        // It fits a 360-pixel window: the label gives up width first (ellipsized).
        label.setSizeRequest(width: 100, height: -1)
        bar.setSizeRequest(width: 80, height: -1)
        bar.expandsHorizontally = true
        bar.setAlignment(horizontal: .fill, vertical: .center)
        bar.setAccessibleLabel(barLabel)
        cancelButton.tooltip = stopTooltip
        box.append(label)
        box.append(bar)
        box.append(cancelButton)
        revealer.setMargins(12)
        revealer.setAlignment(horizontal: .center, vertical: .start)
    }

    package var isShown: Bool { revealer.revealsChild }
    /// What the card says now ("Read 120 of 480 files · 12 albums").
    package var text: String { label.text }
    package var fraction: Double { bar.fraction }

    /// Shows the card for work that is starting.
    package func start(_ text: String) {
        label.text = text
        bar.fraction = 0
        revealer.revealsChild = true
    }

    /// Shows how far the work has come; without a fraction the bar pulses.
    func show(_ text: String?, fraction: Double?) {
        if let text { label.text = text }
        if let fraction {
            bar.fraction = fraction
        } else {
            bar.pulse()
        }
    }

    package func finish() {
        revealer.revealsChild = false
    }
}
