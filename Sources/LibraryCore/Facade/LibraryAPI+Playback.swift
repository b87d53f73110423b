import Foundation

// MARK: - Playing albums

extension LibraryAPI {
    /// The music files of the album `id` (an album imported from a folder), in play order;
    /// none for an album added by hand or from an album list.
    public func tracks(ofAlbum id: AlbumID) -> [Track] {
        let stored: [Track]
        do {
            stored = try persistency.tracks(ofAlbum: id)
        } catch {
            Log.core.warning("Could not read the tracks of album \(id): \(error)")
            stored = []
        }
        return pendingTracks.tracks(ofAlbum: id, over: stored)
    }

    /// The music files of the album `id`, as `tracks(ofAlbum:)` gives them, read off the GTK
    /// thread: what the track list shows.
    public func loadTracks(ofAlbum id: AlbumID) async -> [Track] {
        let pending = pendingTracks.snapshot(ofAlbum: id)
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
        return pending.tracks(ofAlbum: id, over: stored)
    }

    /// The albums shown now that have music files, in the strip's order, with their track
    /// counts: what Play All plays. Read off the GTK thread, in one pass over the library
    /// (not album by album: 100,000 albums take tens of milliseconds there).
    public func playableAlbumsShown() async -> [(albumID: AlbumID, trackCount: Int)] {
        do {
            return try await persistency.playableAlbums(among: shownIDs)
        } catch {
            Log.core.warning("Could not read which albums have music files: \(error)")
            return []
        }
    }

    /// The album the music file at `path` was imported into (read after every change made so
    /// far: an import just ended is there); nil when the library has no such file.
    public func albumID(ofFileAt path: MusicFilePath) async -> AlbumID? {
        (try? await persistency.readAfterCommits { database in try database.albumID(ofTrackAt: path) }) ?? nil
    }

    /// The album `id`, shown or not; nil when it is not in the library.
    public func album(withID id: AlbumID) -> Album? {
        rows.entry(id, page: [id][...])?.album
    }

    /// Whether the album `id` is in the library (shown or not). One look through the library:
    /// to ask about many albums, `albumsInLibrary()`.
    public func contains(albumID id: AlbumID) -> Bool {
        order.contains(id)
    }

    /// Which albums are in the library now, asked about in constant time: made in one pass
    /// over the library (a restored queue of 1,000,000 tracks names 100,000 albums).
    public func albumsInLibrary() -> AlbumIDSet {
        AlbumIDSet(ids: order)
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
