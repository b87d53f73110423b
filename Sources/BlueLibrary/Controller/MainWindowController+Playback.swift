import GtkKit
import LibraryCore

// MARK: - Playing albums

extension MainWindowController {
    /// Wires the player to the play bar, the track list, the strip's marker, the Play button
    /// and the session (suspend).
    func connectPlayback() {
        player.onChange = { [weak self] change in self?.playerChanged(change) }
        playBar.onSeek = { [weak self] seconds in self?.player.seek(to: seconds) }
        trackList.onActivate = { [weak self] index in self?.playSelectedAlbum(from: index) }
        refreshPlayBar()
    }

    // MARK: Actions

    /// Play (the details' button): the selected album from its first track.
    func playSelectedAlbum(from index: Int = 0) {
        guard let id = library.selectedIndex.flatMap(library.albumID(at:)) else { return }
        player.play(albumID: id, from: index)
    }

    /// Ctrl+Space, and the media controls' Play/Pause: pauses or plays what is loaded, or
    /// plays the selected album when nothing is.
    func togglePlayPause() {
        if player.queue == nil { playSelectedAlbum() } else { player.togglePlayPause() }
    }

    /// Whether the selected album has music files to play.
    var selectedAlbumIsPlayable: Bool {
        guard let album = library.selectedAlbum else { return false }
        return album.folder != nil && (album.trackCount ?? 0) > 0 && player.isAvailable && !selectedAlbumIsMissing
    }

    /// Whether the selected album's files were found gone (`LibraryAPI.isMissing(_:)`).
    var selectedAlbumIsMissing: Bool {
        library.selectedIndex.flatMap(library.albumID(at:)).map(library.isMissing) ?? false
    }

    // MARK: Following the player

    private func playerChanged(_ change: PlayerChange) {
        switch change {
        case .track:
            refreshPlayBar()
            refreshPlayingMarker()
        case .status:
            playBar.showPlaying(player.status == .playing)
            keepSessionAwake(player.status == .playing)
            refreshPlayingMarker()
        case .position, .seeked:
            playBar.showPosition(player.currentPosition, of: player.duration)
        case .problem(let problem):
            if case .skipped = problem {
                toast.show(problem.message)
            } else {
                problems.show([problem.message], heading: problem.heading)
            }
        }
        // The position changes four times a second; what can be pressed does not.
        if change != .position { refreshPlaybackActions() }
        mediaControls?.playerChanged(change)
    }

    /// Shows the play bar while an album is loaded, with its track, cover and position.
    private func refreshPlayBar() {
        guard let queue = player.queue, let track = queue.track else {
            playBar.isVisible = false
            return
        }
        let album = player.album
        playBar.show(track: track, of: album)
        playBar.showPlaying(player.status == .playing)
        playBar.showPosition(player.currentPosition, of: player.duration)
        playBar.isVisible = true
        if let address = album?.coverUrl, address != playBar.coverAddress {
            playBar.showCover(nil, address: address)
            let key = CoverTextures.Key(address: address, pixelSize: PlayBar.coverSize * max(1, playBar.scaleFactor))
            Task { [weak self] in
                let texture = await self?.coverTextures.texture(for: key, from: self?.library)
                guard let self, playBar.coverAddress == address else { return }
                playBar.showCover(texture, address: address)
            }
        }
    }

    /// The strip marks the album playing (through its data source, which reconfigures the
    /// views), and the track list the track playing.
    func refreshPlayingMarker() {
        let playing = player.queue?.albumID
        if playing != markedAlbumID {
            for id in [markedAlbumID, playing].compactMap({ $0 }) {
                if let index = library.index(of: id) { scroller.reconfigureView(at: index) }
            }
            markedAlbumID = playing
        }
        let selectedID = library.selectedIndex.flatMap(library.albumID(at:))
        trackList.markPlaying(selectedID != nil && selectedID == playing ? player.queue?.current : nil)
    }

    /// Shows the tracks of the selected album (none for an album without files), and whether
    /// it can be played.
    func refreshTrackList() {
        let album = library.selectedAlbum
        let id = library.selectedIndex.flatMap(library.albumID(at:))
        let tracks = album?.folder != nil ? id.map(library.tracks(ofAlbum:)) ?? [] : []
        trackList.show(tracks, albumArtist: album?.artist ?? "")
        refreshPlayingMarker()
        refreshPlaybackActions()
    }

    func refreshPlaybackActions() {
        let playable = selectedAlbumIsPlayable
        if playable { player.prepare() }
        actions.playAlbumAction.isEnabled = playable
        actions.playPauseAction.isEnabled = player.queue != nil || playable
        actions.nextTrackAction.isEnabled = player.queue?.hasNext ?? false
        actions.previousTrackAction.isEnabled = player.queue != nil
        let tooltip: String? = switch (library.selectedAlbum, player.isAvailable) {
        case (nil, _): nil
        case (_, false): localized("Playing needs GStreamer, which could not be set up")
        case (let album?, true) where album.folder == nil || (album.trackCount ?? 0) == 0:
            localized("This album has no music files: only albums imported from a music folder can be played")
        case (_?, true) where selectedAlbumIsMissing:
            localized("This album’s files are not found: they may have moved, or be on a drive that is not connected")
        default: AppAction.playAlbum.tooltip(localized("Play the album"))
        }
        // Setting a tooltip asks the X server where the pointer is: only when it changes.
        if properties.playButton.tooltip != tooltip { properties.playButton.tooltip = tooltip }
    }

    /// While music plays, the session does not suspend.
    func keepSessionAwake(_ awake: Bool) {
        if awake, suspendCookie == 0 {
            suspendCookie = application.inhibitSuspend(for: window, reason: localized("Playing music"))
        } else if !awake, suspendCookie != 0 {
            application.uninhibit(suspendCookie)
            suspendCookie = 0
        }
    }

    /// After the library lost albums: the album playing stops if it was deleted (undo brings
    /// the album back, not the playback).
    func stopPlayingDeletedAlbum() {
        guard let id = player.queue?.albumID, !library.contains(albumID: id) else { return }
        player.stop()
    }
}
