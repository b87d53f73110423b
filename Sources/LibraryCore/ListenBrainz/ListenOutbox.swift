import Foundation

// MARK: - ListenOutbox

/// ListenBrainz's outbox as the app sees it, on the GTK thread: connect with a token (from
/// then on, listens recorded go to the outbox and are sent by a `ListenSender` off the GTK
/// thread), hold it while the user is connected without a token at hand (listens wait, none is
/// sent), disconnect, and where sending is (`report`, told to `onReport`). The listens wait
/// in the library database, so they survive quits, crashes and days offline.
@MainActor
public final class ListenOutbox {
    /// The token listens are sent with; nil when not connected, or held.
    public private(set) var token: ListenBrainzToken?
    /// Whether listens wait without being sent: the user is connected, but the token is not at
    /// hand (the keyring stayed locked, or has none), or the service no longer accepts it.
    public private(set) var isHeld = false
    /// The sender's last report.
    public private(set) var report = OutboxReport(status: .notConnected, waiting: nil)
    /// Told of every report, on the GTK thread.
    public var onReport: ((OutboxReport) -> Void)?
    private var sender: ListenSender?
    private let store: any OutboxStore
    /// The last call made to the sender: each waits for the one before, so they reach it in order.
    private var lastCall: Task<Void, Never>?
    /// The connections made so far (the number of the current one, while connected).
    private var connections = 0

    init(store: any OutboxStore) {
        self.store = store
    }

    isolated deinit {
        stop()
    }

    /// Whether listens are sent with a token now.
    public var isConnected: Bool { token != nil }

    /// Whether listens recorded now go to the outbox: while connected, and while held.
    public var takesListens: Bool { token != nil || isHeld }

    /// Sends the outbox with `token` to `client`'s service from now on (what was waiting
    /// first, oldest first); after a failure, waits `firstRetry`, then twice as long each time.
    public func connect(_ token: ListenBrainzToken, client: ListenBrainzClient = ListenBrainzClient(), firstRetry: Duration = ListenSender.firstRetry) {
        self.token = token
        isHeld = false
        connections += 1
        // Until the sender says otherwise, it sends what waits.
        report = OutboxReport(status: .sending, waiting: report.waiting, connection: connections, serial: report.serial)
        let connection = ListenSender.Connection(number: connections, token: token, client: client, firstRetry: firstRetry)
        call(startedSender) { await $0.use(connection) }
    }

    /// Stops sending; what waits stays in the outbox for the next connection.
    public func disconnect() {
        token = nil
        isHeld = false
        connections += 1
        call(sender) { await $0.use(nil) }
    }

    /// Keeps the listens recorded from now on waiting, without sending any, until `connect(_:)`
    /// gives a token or `disconnect()` ends it: the user is connected, but the token is not at
    /// hand this session. The report says how many wait.
    public func hold() {
        token = nil
        isHeld = true
        connections += 1
        call(startedSender) { await $0.use(nil) }
    }

    /// Tells the sender a listen was recorded (held, it counts what waits again).
    func listenRecorded() {
        guard takesListens else { return }
        call(sender) { await $0.listenRecorded() }
    }

    /// Sends "playing now" for `listen`'s track when connected.
    public func playingNow(_ listen: Listen) {
        guard token != nil, let sender else { return }
        Task { await sender.playingNow(listen) }
    }

    /// Stops the sender for good (the library closes).
    func stop() {
        call(sender) { await $0.stop() }
    }

    /// Calls `sender` (if there is one) after the calls made before.
    private func call(_ sender: ListenSender?, _ work: @escaping @Sendable (ListenSender) async -> Void) {
        guard let sender else { return }
        let previous = lastCall
        lastCall = Task {
            await previous?.value
            await work(sender)
        }
    }

    private var startedSender: ListenSender {
        if let sender { return sender }
        let made = ListenSender(store: store) { [weak self] report in
            Task { @MainActor in self?.take(report) }
        }
        sender = made
        return made
    }

    private func take(_ report: OutboxReport) {
        // Reports come over separate tasks: one late, or about a connection ended since, is stale.
        guard report.serial > self.report.serial, report.connection == (token == nil ? 0 : connections) else { return }
        // A report of the token refused ends the connection, and holds the outbox: listens
        // recorded from now on wait for a token given again.
        if report.status == .tokenRefused {
            token = nil
            isHeld = true
        }
        self.report = report
        onReport?(report)
    }
}

// MARK: - The library's outbox

/// The outbox's listens in the library database, read and marked on its commit queue.
struct LibraryOutboxStore: OutboxStore {
    let persistency: PersistencyManager

    func waiting(limit: Int) async throws -> [WaitingListen] {
        try await persistency.readAfterCommits { database in try database.waitingListens(limit: limit) }
    }

    func waitingCount() async throws -> Int {
        try await persistency.readAfterCommits { database in try database.waitingListenCount() }
    }

    func markSent(_ ids: [Int64]) async throws {
        try await persistency.readAfterCommits { database in try database.markSent(ids) }
    }
}
