import GtkKit
import LibraryCore

// MARK: - The play queue

extension MainWindowController {
    /// Play Next and Add to Queue (the details' buttons, the strip's menu, their shortcuts):
    /// the selected album goes after the track playing or at the end, and a notice says so,
    /// with an Undo of its own (the queue is not the library: its changes stay out of the
    /// library's undo history).
    func queueSelectedAlbum(at place: Player.QueuePlace) {
        guard let id = player.playableSelectedAlbumID, let album = library.album(withID: id) else { return }
        guard let batch = player.enqueue(albumID: id, at: place) else { return }
        queueUndo = batch
        let title = album.title.isolatedForDisplay
        let message = place == .next ? localized("“%@” will play next", title) : localized("“%@” was added to the queue", title)
        toast.show(message, undo: .undoQueueChange)
    }

    /// The track list's menu: Play Next or Add to Queue of the track it was opened for.
    func queueMenuTrack(at place: Player.QueuePlace) {
        guard let id = player.playableSelectedAlbumID, let index = trackList.menuTrack,
              let batch = player.enqueue(albumID: id, tracks: index..<(index + 1), at: place) else { return }
        queueUndo = batch
        let title = player.tracks.tracks(ofAlbum: id).dropFirst(index).first?.displayTitle.isolatedForDisplay ?? ""
        let message = place == .next ? localized("“%@” will play next", title) : localized("“%@” was added to the queue", title)
        toast.show(message, undo: .undoQueueChange)
    }

    /// Play All: every album the strip shows now (all of the library, or a search, a genre, a
    /// decade), in the strip's order, shuffled if shuffle is on. Albums without files are
    /// passed over; a notice says how many play. Which albums have files is read, and the
    /// queue made (and shuffled) with its memento, off the GTK thread: a million tracks take
    /// milliseconds.
    func playAllShown() {
        Task { [weak self] in
            guard let albums = await self?.library.playableAlbumsShown(), let shuffled = self?.player.settings.isShuffled else { return }
            let prepared = await Task.detached(priority: .userInitiated) {
                PreparedQueue(albums: albums, shuffled: shuffled)
            }.value
            guard let self else { return }
            guard player.playAll(prepared) else {
                toast.show(localized("None of the albums shown has music files to play"), offersUndo: false)
                return
            }
            toast.show(localizedPlural("Playing %@ album", "Playing %@ albums", albums.count), offersUndo: false)
        }
    }

    /// The notice's Undo after Play Next or Add to Queue: what it added leaves the queue.
    func undoQueueChange() {
        guard let batch = queueUndo else { return }
        queueUndo = nil
        player.undo(batch)
        toast.dismiss()
    }

    /// The volume and the queue view, from the play bar's controls (shuffle and repeat are
    /// the window's actions).
    func connectListeningControls() {
        playBar.onVolume = { [weak self] volume in self?.player.setVolume(volume) }
        playBar.showSettings(player.settings)
        let queue = playBar.queueView
        queue.dataSource = self
        queue.onActivate = { [weak self] position in self?.player.playFromQueue(at: position) }
        queue.onMove = { [weak self] from, to in self?.player.moveInQueue(from: from, to: to) }
        queue.onRemove = { [weak self] position in self?.player.removeFromQueue(at: position) }
        queue.onClear = { [weak self] in self?.player.clearQueue() }
        queue.loadCover = { [weak self] address, row in
            let key = CoverTextures.Key(address: address, pixelSize: QueueRow.coverSize * max(1, row.scaleFactor))
            Task { [weak self, weak row] in
                let texture = await self?.coverTextures.texture(for: key, from: self?.library)
                row?.showCover(texture, address: address)
            }
        }
        // While the queue is open, Delete takes a track out of it.
        playBar.queuePopover.onShow { [weak self] in self?.refreshActions() }
        playBar.queuePopover.onHide { [weak self] in self?.refreshActions() }
    }

    /// Says once, after a launch, that queued tracks of albums deleted meanwhile left the queue.
    func tellTracksDroppedAtRestore() {
        let dropped = player.tracksDroppedAtRestore
        guard dropped > 0 else { return }
        player.tracksDroppedAtRestore = 0
        toast.show(localizedPlural("%@ queued track of a deleted album left the queue", "%@ queued tracks of deleted albums left the queue",
                                   dropped), offersUndo: false)
    }
}

// MARK: - QueueViewDataSource

extension MainWindowController: QueueViewDataSource {
    var queueCount: Int { player.queue?.count ?? 0 }

    var queueCurrent: Int? { player.queue?.current }

    func queueRow(at position: Int) -> QueueRowContent? {
        guard let queue = player.queue, let entry = queue.entry(at: position) else { return nil }
        let album = library.album(withID: entry.albumID)
        let track = player.tracks.track(for: entry)
        let artist = track.flatMap { $0.artist.isEmpty ? nil : $0.artist } ?? album?.artist ?? ""
        return QueueRowContent(
            title: track?.displayTitle ?? localized("Track not found"),
            detail: [artist, album?.title ?? ""].filter { !$0.isEmpty }.joined(separator: " — "),
            coverAddress: album.flatMap { $0.coverUrl.isEmpty ? nil : $0.coverUrl },
            isCurrent: position == queue.current
        )
    }
}
