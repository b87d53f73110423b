// MARK: - PendingTracks

/// The files an import handed to the commit queue that are not in the database yet: an album
/// just imported lists its tracks at once, before its part of the import is committed.
struct PendingTracks {
    private var parts: [(sequence: Int, tracks: [StoredTrack])] = []

    /// Keeps `tracks`, written by change `sequence`.
    mutating func add(_ tracks: [StoredTrack], sequence: Int) {
        guard !tracks.isEmpty else { return }
        parts.append((sequence, tracks))
    }

    /// Every change up to `sequence` is in the database.
    mutating func committed(through sequence: Int) {
        parts.removeAll { $0.sequence <= sequence }
    }

    /// All of them, by path (a later part's row wins).
    var byPath: [MusicFilePath: StoredTrack] {
        var found: [MusicFilePath: StoredTrack] = [:]
        for part in parts {
            for stored in part.tracks { found[stored.stamp.path] = stored }
        }
        return found
    }

    /// The album's files among them, by path (a later part's row wins).
    func tracks(ofAlbum id: AlbumID) -> [MusicFilePath: Track] {
        var found: [MusicFilePath: Track] = [:]
        for part in parts {
            for stored in part.tracks where stored.albumID == id {
                found[stored.stamp.path] = Track(path: stored.stamp.path, tags: stored.tags)
            }
        }
        return found
    }
}
