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
