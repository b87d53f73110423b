import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// Recently Played and Most Played: the albums in the order of their plays (never played ones
/// last, in the order they came), from memory and from the database alike, kept after a
/// relaunch, followed by an album deleted and brought back, and emptied by Clear History.
@MainActor
struct PlayedSortTests {
    static let albums = ["Alpha", "Beta", "Gamma", "Delta"].map { Album(title: $0, artist: "Band", genre: "Rock", coverUrl: "", year: "1990") }

    @Test func theAlbumsGoInTheOrderOfTheirPlays() async throws {
        let folders = TestFolders()
        try folders.writeLibrary(Self.albums)
        var library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        let ids = library.shownAlbumIDs
        // Beta twice, Gamma once but last of all; Alpha and Delta never.
        library.listenHistory.record(Self.listen(of: ids[1], at: 100))
        library.listenHistory.record(Self.listen(of: ids[1], at: 200))
        library.listenHistory.record(Self.listen(of: ids[2], at: 300))
        await library.showAndWait(AlbumQuery(sort: .mostPlayed))
        #expect(Self.titles(library) == ["Beta", "Gamma", "Alpha", "Delta"])
        await library.showAndWait(AlbumQuery(sort: .recentlyPlayed))
        #expect(Self.titles(library) == ["Gamma", "Beta", "Alpha", "Delta"])

        // A listen while the sort shows moves its album.
        library.listenHistory.record(Self.listen(of: ids[3], at: 400))
        library.show(library.requestedQuery, again: true)
        await library.untilQueryAnswered()
        try await Self.until { Self.titles(library) == ["Delta", "Gamma", "Beta", "Alpha"] }

        // Deleted and brought back by Undo: where its plays put it.
        library.selectAlbum(at: 2)
        _ = library.deleteAlbum(at: 2)
        #expect(Self.titles(library) == ["Delta", "Gamma", "Alpha"])
        _ = library.undo()
        #expect(Self.titles(library) == ["Delta", "Gamma", "Beta", "Alpha"])

        // Kept at relaunch (the memento's sort, the database's plays).
        library.close()
        library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.query.sort == .recentlyPlayed)
        #expect(Self.titles(library) == ["Delta", "Gamma", "Beta", "Alpha"])
        await library.showAndWait(AlbumQuery(sort: .mostPlayed))
        #expect(Self.titles(library) == ["Beta", "Delta", "Gamma", "Alpha"], "Beta twice; then Delta, played after Gamma")

        // Clear History: nothing played, the order they came.
        library.listenHistory.clear()
        library.show(library.requestedQuery, again: true)
        await library.untilQueryAnswered()
        try await Self.until { Self.titles(library) == ["Alpha", "Beta", "Gamma", "Delta"] }
        #expect(library.listenHistory.plays(ofAlbum: ids[1]) == nil)
        library.close()
    }

    @Test func neverPlayedShowsTheAlbumsNotListenedToAndLosesOneOnceItIs() async throws {
        let folders = TestFolders()
        try folders.writeLibrary(Self.albums)
        var library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        let ids = library.shownAlbumIDs
        library.listenHistory.record(Self.listen(of: ids[1], at: 100))
        await library.showAndWait(AlbumQuery(isNeverPlayedOnly: true))
        #expect(Self.titles(library) == ["Alpha", "Gamma", "Delta"])
        #expect(library.query.isFiltering)
        await library.showAndWait(AlbumQuery(searchText: "del", isNeverPlayedOnly: true))
        #expect(Self.titles(library) == ["Delta"])
        await library.showAndWait(AlbumQuery(isNeverPlayedOnly: true))

        // Gamma played: it leaves the albums shown.
        library.listenHistory.record(Self.listen(of: ids[2], at: 200))
        library.show(library.requestedQuery, again: true)
        try await Self.until { Self.titles(library) == ["Alpha", "Delta"] }
        library.close()

        // Kept in the memento, and read back.
        library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.query.isNeverPlayedOnly)
        #expect(Self.titles(library) == ["Alpha", "Delta"])
        #expect(library.query.withoutFilters.isNeverPlayedOnly == false, "Escape shows every album again")
        library.close()
    }

    static func listen(of album: AlbumID, at seconds: Double) -> Listen {
        Listen(path: MusicFilePath(bytes: Array("/music/\(album).flac".utf8)), albumID: album, listenedAt: Date(timeIntervalSince1970: 1_700_000_000 + seconds),
               played: 100, duration: 200, artist: "Band", title: "Track", release: "Album")
    }

    /// The titles of the albums shown, in the order shown.
    static func titles(_ library: LibraryAPI) -> [String] {
        (0..<library.count).compactMap { library.album(at: $0)?.title }
    }

    /// Returns once `condition` holds (the database's answer shown), within `MainLoopDriver.hangGuard`.
    static func until(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        while !condition() {
            try #require(ContinuousClock.now < deadline, "the order never came")
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
