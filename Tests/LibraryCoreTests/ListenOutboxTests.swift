import Foundation
import Fixtures
import Testing
import TestSupport
@testable import LibraryCore

/// ListenBrainz's outbox against the local stand-in (`ListenBrainzServer`): listens recorded
/// while connected arrive once each, oldest first, in batches of at most 1,000; nothing is sent
/// before connecting; the faults of the service (down, 500, 429, garbage, a connection dropped
/// after the listens were taken, a revoked token) and of the app (closed with listens waiting)
/// lose nothing, and the service keeps each listen once.
@MainActor
@Suite(.serialized)
struct ListenOutboxTests {
    static let token = "good-token"

    // MARK: Sending

    @Test func listensRecordedWhileConnectedArriveOnceEachOldestFirst() async throws {
        let server = try ListenBrainzServer(tokens: [Self.token])
        let (folders, library) = Self.library()
        library.listenHistory.record(Self.listen(1, title: "Before Connecting"))
        connect(library, to: server)
        for n in 2...4 { library.listenHistory.record(Self.listen(n, title: "Track \(n)")) }
        let stats = try await Self.until(server, outbox: library.listenHistory.outbox) { $0.listens.count >= 3 }
        try await Self.untilUpToDate(library)
        #expect(stats.listens.map(\.trackMetadata.trackName) == ["Track 2", "Track 3", "Track 4"], "not the one made before connecting")
        #expect(stats.listens.map(\.listenedAt) == [1_700_000_002, 1_700_000_003, 1_700_000_004])
        #expect(stats.listens.first?.trackMetadata.artistName == "Sine")
        #expect(stats.listens.first?.trackMetadata.releaseName == "Heard")
        #expect(stats.listens.first?.trackMetadata.additionalInfo?.durationMs == 200_000)
        #expect(stats.listens.first?.trackMetadata.additionalInfo?.mediaPlayer == "BlueLibrary")
        #expect(stats.duplicates == 0)
        #expect(stats.userAgents.allSatisfy { $0.hasPrefix("BlueLibrary/\(AppInfo.version)") }, "\(stats.userAgents)")
        #expect(try Self.waitingCount(folders) == 0)
        #expect(try await library.listenHistory.listens().count == 4, "the history has every listen, sent or not")
    }

    @Test func aListenWithoutAnArtistIsKeptButNotSent() async throws {
        let server = try ListenBrainzServer(tokens: [Self.token])
        let (folders, library) = Self.library()
        defer { withExtendedLifetime(folders) {} }
        connect(library, to: server)
        var nameless = Self.listen(1, title: "No Artist")
        nameless.artist = ""
        library.listenHistory.record(nameless)
        library.listenHistory.record(Self.listen(2, title: "Named"))
        let stats = try await Self.until(server) { !$0.listens.isEmpty }
        try await Self.untilUpToDate(library)
        #expect(stats.listens.map(\.trackMetadata.trackName) == ["Named"])
        #expect(try await library.listenHistory.listens().map(\.title) == ["No Artist", "Named"])
        ReliabilityLog.record([ReliabilityRow(
            area: "Listens and ListenBrainz", attempt: "a track has no artist tag (and its album none)",
            outcome: "counted in the history, not sent (ListenBrainz needs an artist); the next listen sent", held: stats.listens.count == 1)])
    }

    @Test func fiveThousandWaitingListensGoInBatchesOfAThousandAtMost() async throws {
        let down = try ListenBrainzServer(tokens: [Self.token])
        try down.fail(.down, next: 1_000)
        let (folders, library) = Self.library()
        connect(library, to: down)
        for n in 1...2_500 { library.listenHistory.record(Self.listen(n, title: "Track \(n)")) }
        library.close()
        // After a relaunch, the clock an hour back: the listens made now are older, and still
        // go after those recorded before them.
        let server = try ListenBrainzServer(tokens: [Self.token])
        let reopened = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        connect(reopened, to: server)
        for n in 2_501...5_000 { reopened.listenHistory.record(Self.listen(n - 3_600, title: "Track \(n)")) }
        let stats = try await Self.until(server, outbox: reopened.listenHistory.outbox) { $0.listens.count >= 5_000 }
        try await Self.untilUpToDate(reopened)
        #expect(stats.listens.count == 5_000 && stats.duplicates == 0)
        #expect(stats.submissions.allSatisfy { $0 <= 1_000 }, "\(stats.submissions)")
        #expect(stats.listens.map(\.trackMetadata.trackName) == (1...5_000).map { "Track \($0)" }, "oldest recorded first")
        ReliabilityLog.record([ReliabilityRow(
            area: "Listens and ListenBrainz", attempt: "5,000 listens: 2,500 wait with the service down at a quit, 2,500 made after the relaunch with the clock an hour back",
            outcome: "\(stats.listens.count) kept by the service in \(stats.submissions.count) submissions of at most \(stats.submissions.max() ?? 0), \(stats.duplicates) twice",
            held: stats.listens.count == 5_000 && stats.duplicates == 0)])
    }

    // MARK: Faults

    @Test(arguments: [ListenBrainzServer.Fault.down, .serverError, .rateLimited, .garbage, .drop])
    func aFailingServiceLosesNothingAndKeepsEachListenOnce(_ fault: ListenBrainzServer.Fault) async throws {
        let server = try ListenBrainzServer(tokens: [Self.token])
        let (folders, library) = Self.library()
        try server.fail(fault, next: 2)
        connect(library, to: server)
        for n in 1...3 { library.listenHistory.record(Self.listen(n, title: "Track \(n)")) }
        _ = try await Self.until(server) { $0.listens.count >= 3 }
        try await Self.untilUpToDate(library)
        let stats = try server.stats()  // once every batch was answered: what was sent again too
        let kept = stats.listens.map(\.trackMetadata.trackName)
        #expect(kept == ["Track 1", "Track 2", "Track 3"])
        #expect(try Self.waitingCount(folders) == 0)
        // Only an answer the app never read can make it send listens again; the service keeps one.
        let resentBecauseUnread = fault == .garbage || fault == .drop
        #expect(resentBecauseUnread || stats.duplicates == 0)
        let what: String = switch fault {
        case .down: "the service is down (503), twice"
        case .serverError: "the service answers 500, twice"
        case .rateLimited: "the service answers 429 with X-RateLimit-Reset-In: 1, twice"
        case .garbage: "the service takes the listens and answers garbage (not JSON), twice"
        case .drop: "the service takes the listens, then drops the connection with no answer, twice"
        }
        ReliabilityLog.record([ReliabilityRow(
            area: "Listens and ListenBrainz", attempt: what,
            outcome: "3 of 3 listens kept by the service, each once (\(stats.duplicates) sent again after an answer not read); the outbox empty",
            held: kept.count == 3 && (resentBecauseUnread || stats.duplicates == 0))])
    }

    @Test func aRevokedTokenStopsSendingKeepsTheOutboxAndANewTokenSendsIt() async throws {
        let server = try ListenBrainzServer(tokens: [Self.token])
        let (folders, library) = Self.library()
        connect(library, to: server)
        try server.revokeTokens()
        library.listenHistory.record(Self.listen(1, title: "Waiting"))
        try await Self.untilReport(library) { $0.status == .tokenRefused }
        #expect(!library.listenHistory.outbox.isConnected, "a refused token ends the connection")
        #expect(try Self.waitingCount(folders) == 1, "the listen waits")
        // A listen made before a new token is given waits too: the outbox is held, not closed.
        library.listenHistory.record(Self.listen(2, title: "After"))
        library.flush()
        #expect(try Self.waitingCount(folders) == 2, "the listen made after the refusal waits")
        let fresh = "fresh-token"
        try server.allow(fresh)
        library.listenHistory.outbox.connect(try #require(ListenBrainzToken(pasted: " \(fresh)\n")), client: ListenBrainzClient(baseURL: server.baseURL), firstRetry: .milliseconds(50))
        let stats = try await Self.until(server) { !$0.listens.isEmpty }
        try await Self.untilUpToDate(library)
        #expect(stats.listens.map(\.trackMetadata.trackName) == ["Waiting", "After"] && stats.refused == 1)
        ReliabilityLog.record([ReliabilityRow(
            area: "Listens and ListenBrainz", attempt: "the token is revoked (401), a listen made, then a new token pasted with a space and a newline",
            outcome: "sending stopped and said so; the listens waited (\(stats.listens.count) of 2) and went once each with the new token",
            held: stats.listens.count == 2 && stats.duplicates == 0)])
    }

    @Test func heldWithoutATokenTheListensWaitAreCountedAndGoOnceATokenIsGiven() async throws {
        let server = try ListenBrainzServer(tokens: [Self.token])
        let (folders, library) = Self.library()
        library.listenHistory.outbox.hold()  // connected, the token not at hand (the keyring locked)
        for n in 1...2 { library.listenHistory.record(Self.listen(n, title: "Held \(n)")) }
        library.flush()
        #expect(try Self.waitingCount(folders) == 2, "the listens wait")
        try await Self.untilReport(library) { $0.waiting == 2 }  // what Preferences says waits
        #expect(try server.stats().listens.isEmpty, "nothing is sent without a token")
        connect(library, to: server)
        _ = try await Self.until(server) { $0.listens.count >= 2 }
        try await Self.untilUpToDate(library)
        let stats = try server.stats()
        #expect(stats.listens.map(\.trackMetadata.trackName) == ["Held 1", "Held 2"] && stats.duplicates == 0)
        #expect(try Self.waitingCount(folders) == 0)
    }

    @Test func listensWaitingWhenTheAppEndsArriveAfterItOpensAgain() async throws {
        let server = try ListenBrainzServer(tokens: [Self.token])
        let (folders, library) = Self.library()
        try server.fail(.down, next: 1_000)
        connect(library, to: server)
        for n in 1...3 { library.listenHistory.record(Self.listen(n, title: "Track \(n)")) }
        library.flush()
        #expect(try Self.waitingCount(folders) == 3)
        library.close()

        // A day later the service is back.
        let back = try ListenBrainzServer(tokens: [Self.token])
        let reopened = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        connect(reopened, to: back)
        let stats = try await Self.until(back) { $0.listens.count >= 3 }
        try await Self.untilUpToDate(reopened)
        #expect(stats.listens.count == 3 && stats.duplicates == 0)
        ReliabilityLog.record([ReliabilityRow(
            area: "Listens and ListenBrainz", attempt: "3 listens wait while the service is down, and the library closes",
            outcome: "after it opens again, with the service back, the 3 arrive, each once", held: stats.listens.count == 3)])
    }

    @Test func aPastedTokenLosesItsSpacesAndNeverShowsInText() throws {
        let token = try #require(ListenBrainzToken(pasted: "  abc-123\n"))
        #expect(token.value == "abc-123")
        #expect(!"\(token)".contains("abc"))
        #expect(ListenBrainzToken(pasted: " \n\t") == nil)
        #expect(ListenBrainzToken(pasted: "abc\u{0}def") == nil)
    }

    // MARK: Helpers

    private func connect(_ library: LibraryAPI, to server: ListenBrainzServer) {
        guard let token = ListenBrainzToken(pasted: Self.token) else { return }
        library.listenHistory.outbox.connect(token, client: ListenBrainzClient(baseURL: server.baseURL), firstRetry: .milliseconds(50))
    }

    private static func library() -> (TestFolders, LibraryAPI) {
        let folders = TestFolders()
        return (folders, LibraryAPI(locations: folders.locations, saveDelay: .zero))
    }

    /// A listen of 200 s begun `n` seconds after 1,700,000,000.
    static func listen(_ n: Int, title: String) -> Listen {
        Listen(path: MusicFilePath(bytes: Array("/music/\(title).flac".utf8)), albumID: 1, listenedAt: Date(timeIntervalSince1970: Double(1_700_000_000 + n)),
               played: 100, duration: 200, artist: "Sine", title: title, release: "Heard")
    }

    private static func waitingCount(_ folders: TestFolders) throws -> Int {
        let database = try LibraryDatabase(readingOnly: folders.locations.databaseFile, immutable: false)
        defer { database.close() }
        return try database.waitingListenCount()
    }

    /// How long a wait for the outbox may take before the test fails. The outbox and the
    /// history run on the main actor, which the window suites running beside this one hold for
    /// seconds at a time under the sanitizers: in a ThreadSanitizer run of the whole suite on a
    /// slow day, this suite's first check came 5 s after a 120-s deadline, the service having
    /// seen none of the 3 listens yet. A wait that hangs still fails, after 10 minutes.
    static let patience = Duration.seconds(600)

    /// The server's stats once `condition` holds of them.
    private static func until(_ server: ListenBrainzServer, timeout: Duration = patience, outbox: ListenOutbox? = nil,
                              _ condition: (ListenBrainzServer.Stats) -> Bool) async throws -> ListenBrainzServer.Stats {
        let deadline = ContinuousClock.now + timeout
        while true {
            let stats = try server.stats()
            if condition(stats) { return stats }
            try #require(ContinuousClock.now < deadline,
                         "the server saw \(stats.listens.count) listens; the outbox said \(outbox.map { "\($0.report)" } ?? "?")")
            try await Task.sleep(for: .milliseconds(20))  // another process receives them
        }
    }

    private static func untilReport(_ library: LibraryAPI, _ condition: (OutboxReport) -> Bool) async throws {
        let deadline = ContinuousClock.now + patience
        while !condition(library.listenHistory.outbox.report) {
            try #require(ContinuousClock.now < deadline, "the outbox said \(library.listenHistory.outbox.report)")
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Returns once the outbox says everything was sent.
    private static func untilUpToDate(_ library: LibraryAPI) async throws {
        try await untilReport(library) { $0.status == .upToDate && $0.waiting == 0 }
    }
}
