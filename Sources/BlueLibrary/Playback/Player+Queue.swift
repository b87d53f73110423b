import LibraryCore

// MARK: - Changing the queue

extension Player {
    /// Where Play Next and Add to Queue put an album or a track.
    enum QueuePlace {
        /// Right after the current track.
        case next
        /// At the end.
        case end
    }

    /// Puts the album's tracks `trackIndices` (all of them when nil) in the queue at `place`.
    /// With nothing loaded, they become the queue, paused at their first track. Returns what
    /// was added, for an Undo; nil when the album has no music files.
    @discardableResult
    func enqueue(albumID: AlbumID, tracks trackIndices: Range<Int>? = nil, at place: QueuePlace) -> QueueBatch? {
        let count = tracks.tracks(ofAlbum: albumID).count
        let range = (trackIndices ?? 0..<count).clamped(to: 0..<count)
        guard !range.isEmpty else { return nil }
        guard var queue else {
            var queue = PlayQueue()
            let batch = queue.append(albumID: albumID, tracks: range)
            if settings.isShuffled { queue.setShuffled(true) }
            self.queue = queue
            start(at: 0, position: 0, playing: false)  // announces the queue with the track
            return batch
        }
        let batch = place == .next ? queue.insertNext(albumID: albumID, tracks: range) : queue.append(albumID: albumID, tracks: range)
        self.queue = queue
        queueChanged()
        return batch
    }

    /// Play All: `prepared.queue` (every track of the albums shown, `PlayQueue(albums:)`,
    /// shuffled already when shuffle is on) in place of the queue, shuffled or not as shuffle
    /// is now. Its memento was worked out with it, off the GTK thread (`PreparedQueue`): a pass
    /// over a million tracks, which the track change would make here otherwise. Returns false
    /// when the queue is empty.
    @discardableResult
    func playAll(_ prepared: PreparedQueue) -> Bool {
        var queue = prepared.queue
        guard !queue.isEmpty else { return false }
        tracks.forgetAll()
        unplayable = []
        if queue.isShuffled != settings.isShuffled { queue.setShuffled(settings.isShuffled) }
        if queue.revision == prepared.queue.revision { rememberedQueue = (queue.revision, prepared.memento) }
        replaceQueue(with: queue)
        start(at: 0, position: 0, playing: true)  // announces the queue with the track
        return true
    }

    /// Takes out what a Play Next or Add to Queue added (the toast's Undo). The track playing,
    /// if it was among them, gives way to the next; an empty queue stops.
    func undo(_ batch: QueueBatch) {
        guard var queue else { return }
        let playing = queue.currentEntry?.serial
        guard queue.remove(batch) > 0 else { return }
        self.queue = queue
        afterRemoval(playing: playing)
    }

    /// Takes the track at play position `index` out of the queue (Delete in the queue view).
    func removeFromQueue(at index: Int) {
        guard var queue else { return }
        let playing = queue.currentEntry?.serial
        queue.remove(at: index)
        self.queue = queue
        afterRemoval(playing: playing)
    }

    /// Moves the track at play position `from` to `to` (a drag, Alt+Up/Down in the queue view).
    func moveInQueue(from: Int, to: Int) {
        guard queue != nil else { return }
        queue?.move(from: from, to: to)  // in place: a queue of a million tracks is not copied
        queueChanged()
    }

    /// Empties the queue but for the track playing.
    func clearQueue() {
        guard var queue else { return }
        queue.clearUpcoming()
        self.queue = queue
        queueChanged()
    }

    /// Plays the queue from play position `index` (Enter in the queue view).
    func playFromQueue(at index: Int) {
        guard let queue, queue.entries.indices.contains(index) else { return }
        start(at: index, position: 0, playing: true)
    }

    /// After a change of the library (`LibraryUpdate`, which names the albums it changed):
    /// the tracks of albums that left it leave the queue (Undo brings the albums back, not
    /// their place in the queue), and the track playing, if it was one, gives way to the next;
    /// the tracks of albums given new ones are read again when next needed; a playable album
    /// selected (or the selected one given files) gets GStreamer ready.
    func follow(_ update: LibraryUpdate) {
        if update.selectionChanged || !update.albumChanges.isEmpty { prepareIfSelectionIsPlayable() }
        tracks.forget(update.removedAlbums.union(update.albumsWithChangedTracks))
        guard !update.removedAlbums.isEmpty, var queue else { return }
        let playing = queue.currentEntry?.serial
        guard queue.removeAlbums(update.removedAlbums) > 0 else { return }
        self.queue = queue
        afterRemoval(playing: playing)
    }

    // MARK: After a change

    /// Tells the pipeline's planner and the observers, and remembers.
    func queueChanged() {
        planUpcoming()
        notify(.queue)
        remember()
    }

    /// After tracks left the queue: an empty queue stops; when the track playing left, the
    /// one that took its place loads (playing if the player was).
    private func afterRemoval(playing serial: UInt32?) {
        guard let queue, !queue.isEmpty else {
            stop()
            return
        }
        if queue.currentEntry?.serial != serial {
            start(at: queue.current, position: 0, playing: status == .playing)
        } else {
            queueChanged()
        }
    }
}

// MARK: - A queue made off the GTK thread

/// A queue made away from the GTK thread (Play All's, of every album shown), with its
/// memento: both are passes over every track.
struct PreparedQueue: Sendable {
    let queue: PlayQueue
    let memento: QueueMemento

    /// Makes the queue of `albums`, shuffled when `shuffled`, and its memento.
    init(albums: [(albumID: AlbumID, trackCount: Int)], shuffled: Bool) {
        var queue = PlayQueue(albums: albums)
        if shuffled { queue.setShuffled(true) }
        self.queue = queue
        memento = QueueMemento(queue)
    }
}
