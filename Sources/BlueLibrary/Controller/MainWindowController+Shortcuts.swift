import GtkKit
import LibraryCore

// MARK: - The Keyboard Shortcuts window

extension MainWindowController {
    /// Opens the Keyboard Shortcuts window (Ctrl+?, or the main menu), built the first time:
    /// building it with the window would cost every launch, for a window few of them open.
    func showKeyboardShortcuts() {
        do {
            try window.presentHelpOverlay(fromResource: AppResources.shortcutsWindowPath)
        } catch {
            Log.ui.warning("the Keyboard Shortcuts window could not be built: \(error)")
            problems.show([localized("The list of keyboard shortcuts could not be read (%@).", error.description)],
                          heading: localized("Keyboard Shortcuts Unavailable"))
        }
    }
}
