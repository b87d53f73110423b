import GtkKit
import LibraryCore

// MARK: - Unsaved changes at quit

extension MainWindowController {
    /// Whether the window may go now: changes that could not be saved keep it open, and a
    /// dialog asks; Quit Anyway, or quitting again while it asks, quits without them.
    func mayClose() -> Bool {
        library.flush()
        guard library.hasUnsavedChanges, !hasWarnedAboutUnsavedChanges else { return true }
        hasWarnedAboutUnsavedChanges = true
        confirmQuitting()
        return false
    }

    private func confirmQuitting() {
        let dialog = MessageDialog(
            over: window, heading: localized("Quit Without Your Changes?"),
            body: localized("Some of your changes could not be saved, and quitting now loses them. Free some space or fix the folder, then make any change to save them all; or export your library from the main menu.")
        )
        dialog.addResponse("keep", label: localized("_Keep Open"))
        dialog.addResponse("quit", label: localized("_Quit Anyway"), appearance: .destructive)
        dialog.setResponses(default: "keep", close: "keep")
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            quitConfirmation = nil
            if response == "quit" {
                window.close()  // warned: it closes, and the app quits
            } else {
                hasWarnedAboutUnsavedChanges = false  // the next quit asks again
            }
        }
        quitConfirmation = dialog
        dialog.present()
    }
}
