import Foundation

// MARK: - What the library reads of its albums

/// The reads of the library's albums that features ask for (facets, tracks, the albums with
/// no cover or with music, a release id), each on the commit queue or aside from it.
extension PersistencyManager {
    /// The genres and decades of what is committed, read off the commit queue (never
    /// delaying a change or a search), handed to `then` on the main actor.
    func readFacets(then: @escaping @MainActor @Sendable (Result<LibraryFacets, any Error>) -> Void) {
        readAside({ database in try database.facets() }, then: then)
    }

    /// The music files of album `id` that are in the database.
    func tracks(ofAlbum id: AlbumID) throws -> [Track] {
        try database.tracks(ofAlbum: id)
    }

    /// The music files of album `id` that are in the database, read off the GTK thread and the
    /// commit queue (never delaying a change), handed to `then` on the main actor.
    func readTracks(ofAlbum id: AlbumID, then: @escaping @MainActor @Sendable (Result<[Track], any Error>) -> Void) {
        readAside({ database in try database.tracks(ofAlbum: id) }, then: then)
    }

    /// The albums with no cover, in the user's order, read on the commit queue after every
    /// change submitted so far.
    func coverlessAlbums() async throws -> [CoverlessAlbum] {
        try await readAfterCommits { database in try database.coverlessAlbums() }
    }

    /// The albums among `ids` that have music files, in that order, with their track counts:
    /// read on the commit queue after every change submitted so far (an album just imported
    /// is there), and matched to `ids` there too.
    func playableAlbums(among ids: [AlbumID]) async throws -> [(albumID: AlbumID, trackCount: Int)] {
        try await readAfterCommits { database in
            let counts = try database.playableTrackCounts()
            return ids.compactMap { id in counts[id].map { (id, $0) } }
        }
    }

    /// The MusicBrainz release id the files of album `id` carry, read off the GTK thread.
    func releaseID(ofAlbum id: AlbumID) async throws -> String? {
        try await readAside { database in try database.releaseID(ofAlbum: id) }
    }
}
