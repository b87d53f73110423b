import LibraryCore

// MARK: - The album the library has selected

extension Player {
    /// The selected album's id, if an album is selected.
    private var selectedAlbumID: AlbumID? {
        library.selectedIndex.flatMap(library.albumID(at:))
    }

    /// The selected album's id, if it has music files to play (Play Next, Add to Queue).
    var playableSelectedAlbumID: AlbumID? {
        selectedAlbumIsPlayable ? selectedAlbumID : nil
    }

    /// Whether the selected album has music files to play.
    var selectedAlbumIsPlayable: Bool {
        guard let album = library.selectedAlbum else { return false }
        return album.folder != nil && (album.trackCount ?? 0) > 0 && isAvailable && !selectedAlbumIsMissing
    }

    /// Sets GStreamer up (`prepare()`) if the selected album can be played: a window showing
    /// it opened, or another album was selected (`follow(_:)`).
    func prepareIfSelectionIsPlayable() {
        if selectedAlbumIsPlayable { prepare() }
    }

    /// Whether the selected album's files were found gone (`LibraryAPI.isMissing(_:)`).
    var selectedAlbumIsMissing: Bool {
        selectedAlbumID.map(library.isMissing) ?? false
    }

    /// Play (the details' button, a track's activation): the selected album from its track
    /// `index`.
    func playSelectedAlbum(from index: Int = 0) {
        guard let id = selectedAlbumID else { return }
        play(albumID: id, from: index)
    }

    /// Ctrl+Space, and the media controls' Play/Pause: pauses or plays what is loaded, or
    /// plays the selected album when nothing is.
    func playPauseOrPlaySelected() {
        if queue == nil { playSelectedAlbum() } else { togglePlayPause() }
    }

    /// The media controls' Play: goes on playing what is loaded, or plays the selected album
    /// when nothing is.
    func playOrPlaySelected() {
        if !play() { playSelectedAlbum() }
    }
}
