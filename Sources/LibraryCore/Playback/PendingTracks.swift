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

    /// The album's files: those `stored` in the database, with these over them (a file read
    /// again is newer here), in play order.
    func tracks(ofAlbum id: AlbumID, over stored: [Track]) -> [Track] {
        var tracks: [MusicFilePath: Track] = [:]
        for track in stored { tracks[track.path] = track }
        tracks.merge(self.tracks(ofAlbum: id)) { _, pending in pending }
        return tracks.values.sorted(by: Track.playsBefore)
    }

    /// A snapshot of what is pending now, to merge once a read of the database has come back
    /// (a file committed meanwhile has left these only after its commit).
    func snapshot(ofAlbum id: AlbumID) -> PendingTracks {
        var snapshot = PendingTracks()
        snapshot.parts = parts.compactMap { part in
            let tracks = part.tracks.filter { $0.albumID == id }
            return tracks.isEmpty ? nil : (part.sequence, tracks)
        }
        return snapshot
    }

    /// The album's files among them, by path (a later part's row wins).
    private func tracks(ofAlbum id: AlbumID) -> [MusicFilePath: Track] {
        var found: [MusicFilePath: Track] = [:]
        for part in parts {
            for stored in part.tracks where stored.albumID == id {
                found[stored.stamp.path] = Track(path: stored.stamp.path, tags: stored.tags)
            }
        }
        return found
    }
}
