import Foundation
import GtkKit
import LibraryCore

// MARK: - Import and export, and unsaved changes at quit

extension MainWindowController {
    /// Main menu ▸ Import Album List…: an album list file (the `albums.json` format) chosen in the
    /// desktop's file chooser is added to the library as one undoable command.
    func chooseFileToImport() {
        FileChooser.present(
            .open, title: localized("Import Album List"), acceptLabel: localized("_Import"), cancelLabel: localized("_Cancel"),
            filter: Self.albumListFilter, over: window
        ) { [weak self] path in
            guard let self, let path else { return }
            importAlbumList(from: URL(fileURLWithPath: path))
        }
    }

    /// Adds the albums of `file`, and offers to undo it; a damaged file changes nothing and
    /// a dialog says what is wrong and where.
    func importAlbumList(from file: URL) {
        Task { await importAlbumList(from: file) }
    }

    private func importAlbumList(from file: URL) async {
        do {
            guard let imported = try await library.importAlbumList(from: file) else {
                problems.show([localized("“%@” holds no albums.", file.lastPathComponent)], heading: Self.importFailedHeading)
                return
            }
            // When the search or filter hides every album imported, the notice says so.
            let allHidden = imported.hidden.count == imported.albums.count ? imported.hidden : []
            toast.show(notice(localizedPlural("%@ album imported", "%@ albums imported", imported.albums.count), tellingHidden: allHidden))
        } catch {
            problems.show([error.description], heading: Self.importFailedHeading)
        }
    }

    private static var importFailedHeading: String { localized("Nothing Was Imported") }

    /// Main menu ▸ Export Album List…: the whole library written in the `albums.json` format.
    func chooseFileToExport() {
        FileChooser.present(
            .save(suggestedName: "albums.json"), title: localized("Export Album List"), acceptLabel: localized("_Export"),
            cancelLabel: localized("_Cancel"), filter: Self.albumListFilter, over: window
        ) { [weak self] path in
            guard let self, let path else { return }
            Task {
                do throws(PersistenceError) {
                    try await self.library.export(to: URL(fileURLWithPath: path))
                    self.toast.show(localized("Your library was exported to “%@”.", path), offersUndo: false)
                } catch {
                    self.problems.show([error.message], heading: localized("The Library Could Not Be Exported"))
                }
            }
        }
    }

    private static var albumListFilter: FileChooser.Filter {
        FileChooser.Filter(name: localized("Album lists (JSON)"), patterns: ["*.json"])
    }

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
