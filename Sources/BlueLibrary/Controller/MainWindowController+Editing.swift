import Foundation
import GtkKit
import LibraryCore

// MARK: - Adding and editing albums, and covers

extension MainWindowController {
    /// Add Album… (Ctrl+N): the dialog; the new album goes after the selected one, is
    /// selected and centred, and the notice offers to undo it.
    func addAlbum() {
        presentEditor(.add) { [weak self] album in
            guard let self else { return }
            let added = library.addAlbum(album, at: library.selectedIndex.map { $0 + 1 })
            toast.show(notice(localized("“%@” added", album.title.isolatedForDisplay), tellingHidden: added?.hidden ?? []))
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
            toast.show(notice(localized("“%@” changed", edited.title.isolatedForDisplay), tellingHidden: changed.hidden))
        }
    }

    private func presentEditor(_ purpose: AlbumEditor.Purpose, onSave: @escaping @MainActor (Album) -> Void) {
        if let editor { return editor.present() }
        toast.dismiss()
        let editor = AlbumEditor(purpose, over: window, library: library, textures: coverTextures, onSave: onSave)
        editor.onClose = { [weak self] in
            self?.editor = nil
            self?.scroller.focusWhenShown()  // once the window has its focus back
        }
        self.editor = editor
        editor.present()
    }

    /// Makes an image file or image data the cover of the album at `index` (and selects it),
    /// and offers to undo it; an image that cannot be a cover changes nothing, and a dialog
    /// says why.
    func setCover(from item: DroppedItem, at index: Int) {
        guard let id = library.albumID(at: index) else { return }
        let intake = CoverIntake(library: library, textures: coverTextures)
        Task { [weak self, scale = window.scaleFactor] in
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
