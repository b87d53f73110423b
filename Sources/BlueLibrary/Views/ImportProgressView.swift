import GtkKit
import LibraryCore

// MARK: - ImportProgressView

/// The card floating at the top of the window while music folders are imported: what has been read
/// and found so far, a progress bar, and Stop Import. The app stays usable meanwhile.
@MainActor
package final class ImportProgressView: Widget {
    private let revealer: Revealer
    private let label = Label()
    private let bar = ProgressBar()
    /// Stops the import (what it added stays, and can be undone).
    package let cancelButton = Button(mnemonic: localized("_Stop Import"))

    init() {
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
        bar.setAccessibleLabel(localized("Import progress"))
        cancelButton.tooltip = localized("Stop reading the folder; the albums found so far stay")
        box.append(label)
        box.append(bar)
        box.append(cancelButton)
        revealer.setMargins(12)
        revealer.setAlignment(horizontal: .center, vertical: .start)
    }

    package var isShown: Bool { revealer.revealsChild }
    /// What the bar says now ("Read 120 of 480 files · 12 albums").
    package var text: String { label.text }
    package var fraction: Double { bar.fraction }

    /// Shows the bar for an import that is starting.
    package func start() {
        label.text = localized("Looking for music…")
        bar.fraction = 0
        revealer.revealsChild = true
    }

    /// Shows how far the import has come.
    func show(_ progress: MusicImportProgress) {
        guard progress.totalFiles > 0 else {
            bar.pulse()
            return
        }
        let files = localizedPlural("%@ file", "%@ files", progress.totalFiles)
        let albums = localizedPlural("%@ album found", "%@ albums found", progress.albumsFound)
        label.text = localized("Read %1$@ of %2$@ · %3$@", String(progress.filesRead), files, albums)
        bar.fraction = progress.fraction
    }

    package func finish() {
        revealer.revealsChild = false
    }
}
