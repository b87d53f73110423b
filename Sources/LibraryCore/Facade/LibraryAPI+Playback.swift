import Foundation

// MARK: - Playing albums

extension LibraryAPI {
    /// The music files of the album `id` (an album imported from a folder), in play order;
    /// none for an album added by hand or from an album list.
    public func tracks(ofAlbum id: AlbumID) -> [Track] {
        var tracks: [MusicFilePath: Track] = [:]
        do {
            for track in try persistency.tracks(ofAlbum: id) { tracks[track.path] = track }
        } catch {
            Log.core.warning("Could not read the tracks of album \(id): \(error)")
        }
        tracks.merge(pendingTracks.tracks(ofAlbum: id)) { _, pending in pending }
        return tracks.values.sorted(by: Track.playsBefore)
    }

    /// The music files of the album `id`, as `tracks(ofAlbum:)` gives them, read off the GTK
    /// thread: what the track list shows.
    public func loadTracks(ofAlbum id: AlbumID) async -> [Track] {
        // The files not committed yet are taken now: one committed while the database is read
        // leaves this list only after its commit.
        let pending = pendingTracks.tracks(ofAlbum: id)
        let stored = await withCheckedContinuation { continuation in
            persistency.readTracks(ofAlbum: id) { result in
                switch result {
                case .success(let tracks):
                    continuation.resume(returning: tracks)
                case .failure(let error):
                    if !(error is CancellationError) { Log.core.warning("Could not read the tracks of album \(id): \(error)") }
                    continuation.resume(returning: [])
                }
            }
        }
        var tracks: [MusicFilePath: Track] = [:]
        for track in stored { tracks[track.path] = track }
        tracks.merge(pending) { _, pending in pending }
        return tracks.values.sorted(by: Track.playsBefore)
    }

    /// The album `id`, shown or not; nil when it is not in the library.
    public func album(withID id: AlbumID) -> Album? {
        rows.entry(id, page: [id][...])?.album
    }

    /// Whether the album `id` is in the library (shown or not).
    public func contains(albumID id: AlbumID) -> Bool {
        order.contains(id)
    }

    /// A file on this computer holding the album's cover, if there is one (a cover the user
    /// gave, or one downloaded before): for the media controls, which show an image by URI.
    public func coverFile(for album: Album) -> URL? {
        if let own = ownCovers.file(for: album.coverUrl) { return own }
        guard !album.coverUrl.isEmpty else { return nil }
        let cached = covers.cacheFile(for: album.coverUrl)
        return FileManager.default.fileExists(atPath: cached.path) ? cached : nil
    }
}
