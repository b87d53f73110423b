import GtkKit
import LibraryCore

// MARK: - Data source and delegate of the strip

extension MainWindowController: HorizontalScrollerViewDataSource, HorizontalScrollerViewDelegate {
    public func numberOfViews(in scroller: HorizontalScrollerView) -> Int {
        library.count
    }

    public func makeReusableView(for scroller: HorizontalScrollerView) -> HorizontalScrollerReusableView {
        AlbumView(library: library, textures: coverTextures)
    }

    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, configure view: HorizontalScrollerReusableView, at index: Int) {
        guard let albumView = view as? AlbumView, let album = library.album(at: index) else { return }
        // The marker of the album playing reaches the strip as content, like the cover.
        let id = library.albumID(at: index)
        albumView.configure(with: album, isPlaying: id != nil && id == player.currentAlbumID,
                            isMissing: id.map(library.isMissing) ?? false)
    }

    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, didSelectViewAt index: Int) {
        library.selectAlbum(at: index)
    }

    public func initialViewIndex(for scroller: HorizontalScrollerView) -> Int {
        library.selectedIndex ?? 0
    }

    /// A double click on a cover (or Enter on it) opens the Edit Album dialog.
    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, didActivateViewAt index: Int) {
        editing.editSelectedAlbum()
    }

    /// The cover's context menu: what the details' buttons and the main menu do for the
    /// selected album.
    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, menuForViewAt index: Int) -> Menu? {
        let menu = Menu()
        for action in [AppAction.playAlbum, .playNext, .addToQueue, .editAlbum, .findCoverOnline] {
            menu.append(action.title, action: action.detailedName)
        }
        let deletion = Menu()
        deletion.append(localized("_Delete Album"), action: AppAction.delete.detailedName)
        menu.appendSection(deletion)
        return menu
    }

    /// An image file or image data dropped onto a cover becomes its album's cover; music
    /// (folders, audio files) is opened as from the file manager (`openMusic`).
    public func horizontalScrollerView(_ scroller: HorizontalScrollerView, didReceive item: DroppedItem, onViewAt index: Int) -> Bool {
        if !item.files.isEmpty, item.files.contains(where: MusicImportController.isMusic) || item.files.count > 1 {
            musicImport.openMusic(item.files)
        } else {
            editing.setCover(from: item, at: index)
        }
        return true
    }
}
