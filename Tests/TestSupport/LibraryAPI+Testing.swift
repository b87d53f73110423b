import LibraryCore
import Testing

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

    /// Returns once the query asked for last is the one shown: once the database has answered
    /// it, however loaded the machine (the answer comes on the main actor, which every test of
    /// the run shares: under ThreadSanitizer, as the run starts, a minute was not enough). An
    /// answer that does not come within `MainLoopDriver.hangGuard`, or a query the database
    /// could not answer (the one shown is not the one asked for), is an issue of the test's.
    public func untilQueryAnswered() async {
        let asked = requestedQuery
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        while requestedQuery != query {
            guard ContinuousClock.now < deadline else {
                Issue.record("the database did not answer \(asked) within \(MainLoopDriver.hangGuard)")
                return
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        if query != asked { Issue.record("the database did not answer \(asked): \(query) is shown") }
    }

    /// The ids of the albums shown, in order.
    public var shownAlbumIDs: [AlbumID] { (0..<count).compactMap(albumID(at:)) }
}
