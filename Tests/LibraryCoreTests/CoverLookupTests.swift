import Fixtures
import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// Covers found online, against a local server playing MusicBrainz and the Cover Art Archive:
/// which release is taken without asking, what is asked, what each costs the services, and
/// that an album's cover changes only as one undoable command.
@MainActor
@Suite("Covers found online")
struct CoverLookupTests {
    let folders = TestFolders(defaultLibrary: nil)
    var music: URL { folders.root.appendingPathComponent("Music", isDirectory: true) }

    static let parklife = MusicBrainzServer.Release(id: MusicBrainzServer.releaseID(1), title: "Parklife", artist: "Blur",
                                                    date: "1994-04-25", country: "GB", trackCount: 16)
    static let parklifeDeluxe = MusicBrainzServer.Release(id: MusicBrainzServer.releaseID(2), title: "Parklife", artist: "Blur",
                                                          date: "2012-07-30", country: "XE", trackCount: 34)
    static let tagged = MusicBrainzServer.Release(id: MusicBrainzServer.releaseID(3), title: "Tagged", artist: "Some Band", trackCount: 2)
    static let artless = MusicBrainzServer.Release(id: MusicBrainzServer.releaseID(4), title: "Artless", artist: "Nobody", trackCount: 3, art: .none)

    /// A library of `albums` over the server.
    func library(_ albums: [Album], server: MusicBrainzServer) throws -> LibraryAPI {
        try folders.writeLibrary(albums)
        return LibraryAPI(locations: folders.locations, lookupServices: Self.services(server), saveDelay: .milliseconds(20))
    }

    static func services(_ server: MusicBrainzServer) -> CoverLookupServices {
        CoverLookupServices(musicBrainz: server.baseURL, coverArtArchive: server.baseURL)
    }

    static func album(_ title: String, by artist: String, tracks: Int?, cover: String = "") -> Album {
        Album(title: title, artist: artist, genre: "Rock", coverUrl: cover, year: "", trackCount: tracks)
    }

    // MARK: Taken without asking

    @Test("an album whose files carry a release id gets the archive's front cover with no search; undo takes it away")
    func releaseIDGoesStraightToTheArchive() async throws {
        let server = try MusicBrainzServer(releases: [Self.tagged])
        let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
        for track in 1...2 {
            try maker.track(music.appendingPathComponent("Tagged/\(track).flac"), tags: TrackTags(
                title: "Song \(track)", artist: "Some Band", album: "Tagged", musicBrainzAlbumID: Self.tagged.id.uppercased(),
                trackNumber: track))
        }
        let library = try library([], server: server)
        _ = await library.importMusic([music])
        let id = try #require(library.albumID(at: 0))

        let outcome = await library.findCoverOnline(forAlbumWithID: id)
        #expect(outcome.isApplied)
        let cover = try #require(library.album(withID: id)?.coverUrl)
        #expect(OwnCovers.isReference(cover), "stored content-addressed like a cover the user gave: \(cover)")
        #expect(library.commandToUndo?.kind == .setCover)
        let stats = try server.stats()
        #expect(stats.searches.isEmpty, "the release id needs no search")
        #expect(stats.requests["/release/\(Self.tagged.id)/front-500"] == 1)
        #expect(stats.userAgents.allSatisfy { $0.hasPrefix("BlueLibrary/") && $0.contains("https://") }, "\(stats.userAgents)")

        library.undo()
        #expect(library.album(withID: id)?.coverUrl == "")
    }

    @Test("without an id, one search; the release of the album's title and track count is taken, and the selection stays")
    func confidentMatchIsTaken() async throws {
        let server = try MusicBrainzServer(releases: [Self.parklifeDeluxe, Self.parklife])
        let library = try library([Self.album("Intro", by: "Blur", tracks: nil, cover: "x"), Self.album("Parklife", by: "Blur", tracks: 16)],
                                  server: server)
        library.selectAlbum(at: 0)
        let id = try #require(library.albumID(at: 1))

        #expect(await library.findCoverOnline(forAlbumWithID: id).isApplied)
        #expect(library.selectedIndex == 0, "a cover found does not move the selection")
        let stats = try server.stats()
        #expect(stats.searches.count == 1)
        #expect(stats.searches.first?.contains("release:\"Parklife\"") == true && stats.searches.first?.contains("artist:\"Blur\"") == true)
        #expect(stats.requests["/release/\(Self.parklife.id)/front-500"] == 1, "the 16-track release, not the deluxe one")
        #expect(stats.requests["/release/\(Self.parklifeDeluxe.id)/front-500"] == nil)
    }

    // MARK: Asked

    @Test("when no release has the album's track count, the candidates come back ranked and nothing changes until one is chosen")
    func uncertainMatchIsAsked() async throws {
        let server = try MusicBrainzServer(releases: [Self.parklifeDeluxe, Self.parklife])
        let library = try library([Self.album("Parklife", by: "Blur", tracks: 12)], server: server)
        let id = try #require(library.albumID(at: 0))

        let outcome = await library.findCoverOnline(forAlbumWithID: id)
        let candidates = try #require(outcome.candidates)
        #expect(candidates.map(\.id) == [Self.parklifeDeluxe.id, Self.parklife.id], "MusicBrainz's order, as neither fits better")
        #expect(candidates.last?.year == "1994" && candidates.last?.country == "GB" && candidates.last?.trackCount == 16)
        #expect(library.album(withID: id)?.coverUrl == "" && !library.canUndo)
        #expect(try server.stats().requests.keys.allSatisfy { !$0.hasPrefix("/release/") }, "no cover fetched before the user chooses")

        #expect(await library.useCover(of: candidates[1], forAlbumWithID: id).isApplied)
        #expect(try server.stats().requests["/release/\(Self.parklife.id)/front-500"] == 1)
        #expect(OwnCovers.isReference(library.album(withID: id)?.coverUrl ?? ""))
    }

    @Test("an album with a cover (from its folder, its files or the user) is never changed without the user, even by a certain match")
    func existingCoverIsNeverReplacedAutomatically() async throws {
        let server = try MusicBrainzServer(releases: [Self.parklife])
        let library = try library([Self.album("Parklife", by: "Blur", tracks: 16, cover: "bluelibrary-cover:ab.png")], server: server)
        let id = try #require(library.albumID(at: 0))

        let candidates = try #require(await library.findCoverOnline(forAlbumWithID: id).candidates)
        #expect(candidates.map(\.id) == [Self.parklife.id])
        #expect(library.album(withID: id)?.coverUrl == "bluelibrary-cover:ab.png" && !library.canUndo)
        #expect(await library.findMissingCovers { _ in }.total == 0, "Find Missing Covers leaves it alone")
    }

    // MARK: Nothing to find

    @Test("no release, or a release without a cover, changes nothing; the archive's \"no cover\" is asked once a day")
    func nothingFound() async throws {
        let server = try MusicBrainzServer(releases: [Self.artless])
        let library = try library([Self.album("Unheard Of", by: "Nobody", tracks: 3), Self.album("Artless", by: "Nobody", tracks: 3)],
                                  server: server)
        let unknown = try #require(library.albumID(at: 0)), artless = try #require(library.albumID(at: 1))

        #expect(await library.findCoverOnline(forAlbumWithID: unknown).isNoMatch)
        #expect(await library.findCoverOnline(forAlbumWithID: artless).isNoCover)
        let before = try server.stats().total
        // Again: the search answers and the "no cover" come from the cache.
        #expect(await library.findCoverOnline(forAlbumWithID: unknown).isNoMatch)
        #expect(await library.findCoverOnline(forAlbumWithID: artless).isNoCover)
        #expect(try server.stats().total == before, "nothing sent a second time")
        #expect(!library.canUndo)
    }

    // MARK: Politeness

    @Test("Find Missing Covers: one search per album without an id, never two MusicBrainz requests within a second")
    func findMissingCoversIsPaced() async throws {
        let releases = (10..<15).map { MusicBrainzServer.Release(id: MusicBrainzServer.releaseID($0), title: "Album \($0)", artist: "Band", trackCount: 8) }
        let server = try MusicBrainzServer(releases: releases)
        let albums = releases.map { Self.album($0.title, by: $0.artist, tracks: 8) } + [Self.album("Has One", by: "Band", tracks: 8, cover: "x")]
        let library = try library(albums, server: server)

        var reports: [MissingCoversProgress] = []
        let summary = await library.findMissingCovers { reports.append($0) }
        #expect(summary == MissingCoversSummary(total: 5, looked: 5, found: 5, needChoice: 0, stoppedBy: nil))
        #expect(reports.last == MissingCoversProgress(looked: 5, total: 5, found: 5))
        #expect(library.albums.allSatisfy { !$0.coverUrl.isEmpty })
        let stats = try server.stats()
        #expect(stats.searches.count == 5)
        let gap = try #require(stats.shortestMusicBrainzGap)
        #expect(gap >= 1.0, "two MusicBrainz requests \(gap) s apart")
        ReliabilityLog.record([ReliabilityRow(
            area: "Covers found online", attempt: "Find Missing Covers over 5 albums without a release id",
            outcome: "\(stats.searches.count) searches; the closest two MusicBrainz requests \(String(format: "%.2f", gap)) s apart, as the server saw them",
            held: stats.searches.count == 5 && gap >= 1.0)])
    }

    @Test("a 503 with Retry-After holds the next request off as long as asked, and the search then succeeds")
    func retryAfterIsHonoured() async throws {
        let server = try MusicBrainzServer(releases: [Self.parklife])
        let library = try library([Self.album("Parklife", by: "Blur", tracks: 16)], server: server)
        try server.makeBusy(requests: 2, retryAfter: 2)

        #expect(await library.findCoverOnline(forAlbumWithID: try #require(library.albumID(at: 0))).isApplied)
        let times = try server.stats().musicBrainzTimes
        #expect(times.count == 3)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= 2.0 }, "waited as asked: \(gaps)")
        ReliabilityLog.record([ReliabilityRow(
            area: "Covers found online", attempt: "MusicBrainz answers 503 with Retry-After: 2, twice",
            outcome: "asked again after \(gaps.map { String(format: "%.1f s", $0) }.joined(separator: " and ")); the cover was then found",
            held: times.count == 3 && gaps.allSatisfy { $0 >= 2.0 })])
    }
}

// MARK: - Reading outcomes

extension CoverSearchOutcome {
    var isApplied: Bool { if case .applied = self { true } else { false } }
    var isNoMatch: Bool { if case .noMatch = self { true } else { false } }
    var isNoCover: Bool { if case .noCover = self { true } else { false } }
    var candidates: [ReleaseCandidate]? { if case .choose(let candidates) = self { candidates } else { nil } }
    var error: CoverLookupError? { if case .failed(let error) = self { error } else { nil } }
}
