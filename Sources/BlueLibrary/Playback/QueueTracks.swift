import LibraryCore

// MARK: - QueueTracks

/// The tracks the queue's entries name, read from the library an album at a time and kept for
/// the albums the player is near (the current one, the next few): a queue of a whole library
/// holds album ids and track indices, not a million files.
@MainActor
package final class QueueTracks {
    private let library: LibraryAPI
    private var albums: [AlbumID: [Track]] = [:]
    /// Counts what was forgotten: tracks read off the GTK thread across a change are not kept
    /// (`load(ofAlbum:)`).
    private var revision = 0
    /// How many albums' tracks are kept before the oldest are read again when asked.
    private static let capacity = 64

    init(library: LibraryAPI) {
        self.library = library
    }

    /// The album's tracks in play order (none for an album gone or without files).
    func tracks(ofAlbum id: AlbumID) -> [Track] {
        if let known = albums[id] { return known }
        let tracks = library.contains(albumID: id) ? library.tracks(ofAlbum: id) : []
        store(tracks, ofAlbum: id)
        return tracks
    }

    /// The track `entry` names; nil when its album is gone or has fewer tracks now.
    package func track(for entry: QueueEntry) -> Track? {
        let tracks = tracks(ofAlbum: entry.albumID)
        let index = Int(entry.trackIndex)
        return tracks.indices.contains(index) ? tracks[index] : nil
    }

    /// Reads the album's tracks off the GTK thread (`LibraryAPI.loadTracks(ofAlbum:)`: for the
    /// track list, or a file opened) and keeps them, so Play, Play Next and Add to Queue of
    /// that album read nothing more. Tracks read while the library changed tracks are not
    /// kept, nor is an empty read (cancelled, or failed): the album is read again when asked.
    func load(ofAlbum id: AlbumID) async -> [Track] {
        let readAt = revision
        let tracks = await library.loadTracks(ofAlbum: id)
        if readAt == revision, !tracks.isEmpty, albums[id] == nil { store(tracks, ofAlbum: id) }
        return tracks
    }

    private func store(_ tracks: [Track], ofAlbum id: AlbumID) {
        if albums.count >= Self.capacity { albums.removeAll(keepingCapacity: true) }
        albums[id] = tracks
    }

    /// Forgets what was read of these albums: their tracks changed (an import, a rescan), or
    /// they left the library.
    func forget(_ changed: Set<AlbumID>) {
        guard !changed.isEmpty else { return }
        revision += 1
        for id in changed { albums[id] = nil }
    }

    /// Forgets everything read: a new queue reads its albums afresh.
    func forgetAll() {
        revision += 1
        albums.removeAll()
    }
}
