import LibraryCore

// MARK: - Remembering what plays

extension Player {
    /// Keeps what plays and where, and the queue, in the memento (on every change but the
    /// passing of time, and at quit).
    func remember() {
        guard let queue, let entry = queue.currentEntry, let track = currentTrack, status != .stopped else {
            library.playback = nil
            return
        }
        library.playback = PlaybackMemento(albumID: entry.albumID, trackIndex: Int(entry.trackIndex), trackURI: track.uri,
                                           position: currentPosition, queue: queueMemento(of: queue))
    }

    /// The memento of `queue`: its runs worked out again only when its tracks or their order
    /// changed since the last time (a pause, a seek or a track change at a million tracks
    /// costs nothing then).
    private func queueMemento(of queue: PlayQueue) -> QueueMemento {
        if let remembered = rememberedQueue, remembered.revision == queue.revision {
            var memento = remembered.memento
            memento.current = queue.current
            return memento
        }
        let memento = QueueMemento(queue)
        rememberedQueue = (queue.revision, memento)
        return memento
    }

    /// Brings back what played at the last quit, paused: the queue (without the albums deleted
    /// meanwhile, counted in `tracksDroppedAtRestore`), or, from a version before the queue,
    /// the album alone.
    func restore() {
        guard let memento = library.playback else { return }
        var restored: PlayQueue
        if let saved = memento.queue {
            let present = library.albumsInLibrary()
            let (queue, dropped) = saved.queue { present.contains($0) }
            restored = queue
            tracksDroppedAtRestore = dropped
            if dropped > 0 { Log.ui.info("\(dropped) queued tracks of albums deleted meanwhile left the queue") }
        } else {
            guard library.contains(albumID: memento.albumID) else { return }
            let albumTracks = tracks.tracks(ofAlbum: memento.albumID)
            guard let index = memento.trackIndex(in: albumTracks) else { return }
            restored = PlayQueue(albumID: memento.albumID, trackCount: albumTracks.count, current: index)
        }
        if restored.isShuffled != settings.isShuffled { restored.setShuffled(settings.isShuffled) }
        guard let entry = restored.currentEntry else { return }
        queue = restored
        // The same track as saved resumes where it was; another (the album changed) from its start.
        let sameTrack = entry.albumID == memento.albumID && tracks.track(for: entry)?.uri == memento.trackURI
        position = sameTrack ? memento.position : 0
        status = .paused
    }
}
