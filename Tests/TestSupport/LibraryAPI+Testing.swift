import LibraryCore

extension LibraryAPI {
    /// Every album in order (reads the whole library: for tests of small libraries).
    public var albums: [Album] { allAlbums() }
}

extension LibraryAPI {
    /// Shows `query` and returns once the database's answer is shown.
    public func showAndWait(_ query: AlbumQuery) async {
        show(query)
        await untilQueryAnswered()
    }

    /// Returns once the query asked for last is the one shown (waits for the database's
    /// answer, up to a minute).
    public func untilQueryAnswered() async {
        let deadline = ContinuousClock.now + .seconds(60)
        while requestedQuery != query, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// The ids of the albums shown, in order.
    public var shownAlbumIDs: [AlbumID] { (0..<count).compactMap(albumID(at:)) }
}
