import LibraryCore

extension LibraryAPI {
    /// Every album in order (reads the whole library: for tests of small libraries).
    public var albums: [Album] { allAlbums() }
}
