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

    /// The notice's Undo after Play Next or Add to Queue: what it added leaves the queue.
    func undoQueueChange() {
        guard let batch = queueUndo else { return }
        queueUndo = nil
        player.undo(batch)
        toast.dismiss()
    }

    /// Shuffle and the volume, from the play bar's controls.
    func connectListeningControls() {
        playBar.onShuffle = { [weak self] isOn in self?.player.setShuffled(isOn) }
        playBar.onVolume = { [weak self] volume in self?.player.setVolume(volume) }
        playBar.showSettings(player.settings)
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
