import GtkKit
import LibraryCore

// MARK: - Commands

extension MainWindowController {
    /// Deletes the selected album and offers to undo it.
    func deleteSelectedAlbum() {
        guard let index = library.selectedIndex, let album = library.deleteAlbum(at: index)?.albums.first else { return }
        toast.show(localized("“%@” deleted", album.title.isolatedForDisplay))
    }

    func undo() {
        toast.dismiss()
        tellHidden(afterUndoOrRedo: library.undo())
    }

    func redo() {
        tellHidden(afterUndoOrRedo: library.redo())
    }

    /// After undo or redo: says which albums came back hidden by the search or filter.
    private func tellHidden(afterUndoOrRedo update: LibraryUpdate?) {
        guard let back = HiddenAlbumsWording(library: library).back(update?.hidden ?? []) else { return }
        toast.show(back, offersUndo: false)
    }

    /// The heading of what is said of a library a newer BlueLibrary made (at launch, and at
    /// every change refused).
    static var readOnlyHeading: String { localized("Read-Only Library") }

    /// What the user can do in a newer version's library besides updating: start a separate
    /// one for this version (`AppAction.startNewLibrary`).
    var readOnlyRemedy: AppAction? {
        library.isReadOnly ? .startNewLibrary : nil
    }
}
