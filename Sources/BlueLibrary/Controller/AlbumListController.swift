import Foundation
import GtkKit
import LibraryCore

// MARK: - AlbumListController

/// Album lists in and out (the `albums.json` format): main menu ▸ Import Album List… adds a
/// file's albums as one undoable command (also `bluelibrary --import FILE`), and Export Album
/// List… writes the whole library. A damaged file changes nothing, and a dialog says what is
/// wrong and where.
@MainActor
package final class AlbumListController {
    private let library: LibraryAPI
    private let parent: ApplicationWindow
    private let toast: ToastNotice
    private let problems: ProblemDialog

    init(library: LibraryAPI, parent: ApplicationWindow, toast: ToastNotice, problems: ProblemDialog) {
        self.library = library
        self.parent = parent
        self.toast = toast
        self.problems = problems
    }

    /// Main menu ▸ Import Album List…: an album list file (the `albums.json` format) chosen in the
    /// desktop's file chooser is added to the library as one undoable command.
    func chooseFileToImport() {
        FileChooser.present(
            .open, title: localized("Import Album List"), acceptLabel: localized("_Import"), cancelLabel: localized("_Cancel"),
            filter: Self.albumListFilter, over: parent
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
            let notice = localizedPlural("%@ album imported", "%@ albums imported", imported.albums.count)
            toast.show(HiddenAlbumsWording(library: library).notice(notice, tellingHidden: allHidden))
        } catch {
            problems.show([error.description], heading: Self.importFailedHeading)
        }
    }

    private static var importFailedHeading: String { localized("Nothing Was Imported") }

    /// Main menu ▸ Export Album List…: the whole library written in the `albums.json` format.
    func chooseFileToExport() {
        FileChooser.present(
            .save(suggestedName: "albums.json"), title: localized("Export Album List"), acceptLabel: localized("_Export"),
            cancelLabel: localized("_Cancel"), filter: Self.albumListFilter, over: parent
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
}
