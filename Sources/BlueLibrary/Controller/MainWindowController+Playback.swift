import GtkKit
import LibraryCore

// MARK: - Playing albums

extension MainWindowController {
    /// Makes the track list, the strip's marker and the Play button observers of the
    /// application's player, showing it as it is now (music may have played on while no
    /// window was open); the play bar and the queue view follow it themselves.
    func connectPlayback() {
        playerObservation = player.observe { [weak self] change in self?.playerChanged(change) }
        trackList.onActivate = { [weak self] index in self?.player.playSelectedAlbum(from: index) }
        // While the queue is open, Delete takes a track out of it.
        playBar.queuePopover.onShow { [weak self] in self?.refreshActions() }
        playBar.queuePopover.onHide { [weak self] in self?.refreshActions() }
        queue.tellTracksDroppedAtRestore()
    }

    // MARK: Following the player

    private func playerChanged(_ change: PlayerChange) {
        switch change {
        case .track, .status:
            refreshPlayingMarker()
        case .queue, .settings, .position, .seeked, .duration:
            break  // the play bar and the queue view follow the player themselves
        case .problem(let problem):
            if case .skipped = problem {
                toast.show(problem.message)
            } else {
                problems.show([problem.message], heading: problem.heading)
            }
        }
        // The position changes four times a second, and a length once a track; what can be
        // pressed does not.
        if change != .position, change != .duration { refreshActions() }
    }

    /// The strip marks the album playing (through its data source, which reconfigures the
    /// views), and the track list the track playing.
    func refreshPlayingMarker() {
        let playing = player.currentAlbumID
        if playing != markedAlbumID {
            for id in [markedAlbumID, playing].compactMap({ $0 }) {
                if let index = library.index(of: id) { scroller.reconfigureView(at: index) }
            }
            markedAlbumID = playing
        }
        let selectedID = library.selectedIndex.flatMap(library.albumID(at:))
        trackList.markPlaying(selectedID != nil && selectedID == playing ? player.currentTrackIndexInAlbum : nil)
    }

    /// Shows the tracks of the selected album (none for an album without files), read off the
    /// GTK thread: until they come, the list shows what it showed.
    func refreshTrackList() {
        trackListLoad?.cancel()
        let album = library.selectedAlbum
        guard let album, album.folder != nil, let id = library.selectedIndex.flatMap(library.albumID(at:)) else {
            trackList.show([], albumArtist: album?.artist ?? "")
            refreshPlayingMarker()
            return
        }
        trackListLoad = Task { [weak self, library, player] in
            // Kept by the player too: Play, Play Next and Add to Queue of it read nothing more.
            let tracks = await player.tracks.load(ofAlbum: id)
            guard let self, !Task.isCancelled, library.selectedIndex.flatMap(library.albumID(at:)) == id else { return }
            trackList.show(tracks, albumArtist: library.selectedAlbum?.artist ?? album.artist)
            refreshPlayingMarker()
            refreshTrackPlays()
        }
    }

    /// Shows how often each track listed was played, read off the GTK thread (after the
    /// listens recorded so far); a list changed meanwhile is left as it is.
    func refreshTrackPlays() {
        let paths = trackList.shownPaths
        guard !paths.isEmpty else { return }
        Task { [weak self, library] in
            let plays = await library.listenHistory.plays(ofTracksAt: paths)
            guard let self, trackList.shownPaths == paths else { return }
            trackList.showPlays(plays)
        }
    }

    /// The tooltips of Play, Play Next and Add to Queue: what each does, or why the selected
    /// album cannot be played (the buttons are greyed then).
    func explainPlayButton() {
        let reason: String? = switch (library.selectedAlbum, player.isAvailable) {
        case (nil, _): nil
        case (_, false): localized("Playing needs GStreamer, which could not be set up")
        case (let album?, true) where album.folder == nil || (album.trackCount ?? 0) == 0:
            localized("This album has no music files: only albums imported from a music folder can be played")
        case (_?, true) where player.selectedAlbumIsMissing:
            localized("This album’s files are not found: they may have moved, or be on a drive that is not connected")
        default: nil
        }
        let buttons = [(properties.playButton, AppAction.playAlbum.tooltip(localized("Play the album"))),
                       (properties.playNextButton, AppAction.playNext.tooltip()),
                       (properties.addToQueueButton, AppAction.addToQueue.tooltip())]
        for (button, tooltip) in buttons {
            let shown = library.selectedAlbum == nil ? nil : reason ?? tooltip
            // Setting a tooltip asks the X server where the pointer is: only when it changes.
            if button.tooltip != shown { button.tooltip = shown }
        }
    }
}
