import LibraryCore

// MARK: - QueueTracks

/// The tracks the queue's entries name, read from the library an album at a time and kept for
/// the albums the player is near (the current one, the next few): a queue of a whole library
/// holds album ids and track indices, not a million files.
@MainActor
package final class QueueTracks {
    private let library: LibraryAPI
    private var albums: [AlbumID: [Track]] = [:]
    /// How many albums' tracks are kept before the oldest are read again when asked.
    private static let capacity = 64

    init(library: LibraryAPI) {
        self.library = library
    }

    /// The album's tracks in play order (none for an album gone or without files).
    func tracks(ofAlbum id: AlbumID) -> [Track] {
        if let known = albums[id] { return known }
        if albums.count >= Self.capacity { albums.removeAll(keepingCapacity: true) }
        let tracks = library.contains(albumID: id) ? library.tracks(ofAlbum: id) : []
        albums[id] = tracks
        return tracks
    }

    /// The track `entry` names; nil when its album is gone or has fewer tracks now.
    package func track(for entry: QueueEntry) -> Track? {
        let tracks = tracks(ofAlbum: entry.albumID)
        let index = Int(entry.trackIndex)
        return tracks.indices.contains(index) ? tracks[index] : nil
    }

    /// Forgets what was read of these albums: their tracks changed (an import, a rescan), or
    /// they left the library.
    func forget(_ changed: Set<AlbumID>) {
        for id in changed { albums[id] = nil }
    }

    /// Forgets everything read: a new queue reads its albums afresh.
    func forgetAll() {
        albums.removeAll()
    }
}
