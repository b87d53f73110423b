// MARK: - ImportedFiles

/// What earlier imports left in the database, as the music importer reads it from its own
/// thread: the files read under some folders or of some albums, and the covers of their
/// albums. The importer sees these questions and nothing else of the database.
struct ImportedFiles: Sendable {
    private let database: LibraryDatabase

    init(_ database: LibraryDatabase) {
        self.database = database
    }

    /// The files earlier imports read under `roots`, by path.
    func tracks(under roots: [MusicFilePath]) throws -> [MusicFilePath: StoredTrack] {
        try database.storedTracks(under: roots)
    }

    /// The files earlier imports read of the albums `ids` outside `scope`, by path.
    func tracks(ofAlbums ids: Set<AlbumID>, outside scope: MusicImportScope) throws -> [MusicFilePath: StoredTrack] {
        try database.storedTracks(ofAlbums: ids) { !scope.contains($0) }
    }

    /// The covers of the albums among `ids` that are still in the database.
    func albumCovers(among ids: Set<AlbumID>) throws -> [AlbumID: String] {
        try database.existingAlbumCovers(among: ids)
    }
}
