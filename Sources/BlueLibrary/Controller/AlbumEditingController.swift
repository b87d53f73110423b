import Foundation
import GtkKit
import LibraryCore

// MARK: - AlbumEditingController

/// Albums added and edited in the Add Album and Edit Album dialog, and an image made an
/// album's cover (dropped on it): each one undoable command, told in the notice (and said
/// when the search or filter hides the album). An image that cannot be a cover changes
/// nothing, and a dialog says why.
@MainActor
package final class AlbumEditingController {
    private let library: LibraryAPI
    private let parent: ApplicationWindow
    private let toast: ToastNotice
    private let problems: ProblemDialog
    /// The covers decoded for the window, which the dialog's cover shares.
    private let textures: CoverTextures
    /// The Add Album or Edit Album dialog while it is open.
    package private(set) var editor: AlbumEditor?
    /// The dialog has closed: the main window takes its focus back.
    var onEditorClosed: (@MainActor () -> Void)?

    init(library: LibraryAPI, parent: ApplicationWindow, toast: ToastNotice, problems: ProblemDialog, textures: CoverTextures) {
        self.library = library
        self.parent = parent
        self.toast = toast
        self.problems = problems
        self.textures = textures
    }

    private var wording: HiddenAlbumsWording { HiddenAlbumsWording(library: library) }

    /// Add Album… (Ctrl+N): the dialog; the new album goes after the selected one, is
    /// selected and centred, and the notice offers to undo it.
    func addAlbum() {
        presentEditor(.add) { [weak self] album in
            guard let self else { return }
            let added = library.addAlbum(album, at: library.selectedIndex.map { $0 + 1 })
            toast.show(wording.notice(localized("“%@” added", album.title.isolatedForDisplay), tellingHidden: added?.hidden ?? []))
        }
    }

    /// Edit Album… (F2, Ctrl+E, the Edit button, a double click on the cover): the dialog
    /// filled in; saving changes the album in place. An edit that changes nothing records
    /// nothing.
    func editSelectedAlbum() {
        guard let index = library.selectedIndex, let album = library.album(at: index), let id = library.albumID(at: index) else { return }
        presentEditor(.edit(album)) { [weak self] edited in
            guard let self, let index = library.index(of: id) else { return }
            guard let changed = library.editAlbum(at: index, to: edited) else { return }
            toast.show(wording.notice(localized("“%@” changed", edited.title.isolatedForDisplay), tellingHidden: changed.hidden))
        }
    }

    private func presentEditor(_ purpose: AlbumEditor.Purpose, onSave: @escaping @MainActor (Album) -> Void) {
        if let editor { return editor.present() }
        toast.dismiss()
        let editor = AlbumEditor(purpose, over: parent, library: library, textures: textures, onSave: onSave)
        editor.onClose = { [weak self] in
            self?.editor = nil
            self?.onEditorClosed?()
        }
        self.editor = editor
        editor.present()
    }

    /// Makes an image file or image data the cover of the album at `index` (and selects it),
    /// and offers to undo it; an image that cannot be a cover changes nothing, and a dialog
    /// says why.
    func setCover(from item: DroppedItem, at index: Int) {
        guard let id = library.albumID(at: index) else { return }
        let intake = CoverIntake(library: library, textures: textures)
        Task { [weak self, scale = parent.scaleFactor] in
            do throws(CoverFileError) {
                let reference = try await intake.take(item, scale: scale)
                guard let self, let index = library.index(of: id), library.setCover(reference, at: index) != nil,
                      let album = library.album(at: index) else { return }
                toast.show(localized("New cover for “%@”", album.title.isolatedForDisplay))
            } catch {
                self?.problems.show([error.message], heading: localized("The Image Cannot Be a Cover"))
            }
        }
    }
}
