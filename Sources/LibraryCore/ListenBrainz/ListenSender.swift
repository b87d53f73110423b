import Foundation

// MARK: - OutboxReport

/// Where ListenBrainz's outbox is: how many listens wait, and what the sender does about them.
public struct OutboxReport: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        /// No token: nothing is sent.
        case notConnected
        /// Every listen was sent.
        case upToDate
        /// A batch is on its way.
        case sending
        /// The last try failed (`reason`); the next is at `next`.
        case retrying(next: Date, reason: String)
        /// ListenBrainz asked to wait until `until`.
        case rateLimited(until: Date)
        /// The token is no longer accepted: nothing is sent until another is given.
        case tokenRefused
        /// The outbox could not be read or written (`reason`); tried again later.
        case storageFailed(reason: String)
    }

    public var status: Status
    /// Listens waiting to be sent (nil when not known yet).
    public var waiting: Int?
    /// The connection it is about (`ListenSender.Connection.number`; 0 for none).
    var connection = 0
    /// Counts the reports, so that a late one is not taken for the latest.
    var serial = 0
}

// MARK: - OutboxStore

/// Where the outbox's listens are: the library database, through its commit queue.
protocol OutboxStore: Sendable {
    /// The oldest `limit` listens waiting.
    func waiting(limit: Int) async throws -> [WaitingListen]
    /// How many wait.
    func waitingCount() async throws -> Int
    /// Takes `ids` out of the outbox (sent, or refused for good).
    func markSent(_ ids: [Int64]) async throws
}

// MARK: - ListenSender

/// Sends the outbox to ListenBrainz, oldest first, in batches of up to 1,000, and never twice:
/// a batch the service took (200) is marked sent in the database before the next is read.
///
/// After a failure (a time-out, a 5xx, no network, an answer that cannot be read) it waits
/// 10 s, then twice as long after each further failure, up to an hour; after a 429, as long
/// as `X-RateLimit-Reset-In` says. A 401 stops it until another token is given. A batch
/// refused as malformed (400) is sent again one listen at a time, so that only the listen
/// the service refuses is dropped (logged). A new token, or a listen recorded while nothing
/// waits, wakes it; a listen recorded while it waits out a failure does not cut the wait.
public actor ListenSender {
    /// The most listens in one request: ListenBrainz's `MAX_LISTENS_PER_REQUEST`.
    static let batchSize = 1000
    /// The first wait after a failure (each further one doubles it).
    public static let firstRetry: Duration = .seconds(10)
    static let longestRetry: Duration = .seconds(3600)

    /// The service, and the first wait after a failure, of the connection.
    struct Connection: Sendable {
        /// Counts the connections made (from 1).
        var number: Int
        var token: ListenBrainzToken
        var client: ListenBrainzClient
        var firstRetry: Duration
    }

    private let store: any OutboxStore
    private let report: @Sendable (OutboxReport) -> Void
    private var connection: Connection?
    /// What waits for a wake-up, and whether a listen recorded wakes it.
    private var wait: (id: Int, continuation: CheckedContinuation<Void, Never>, wakesOnListen: Bool)?
    private var waitCount = 0
    /// A wake-up that came while no wait was under way: the next wait returns at once (the
    /// next wait for a listen, for a listen recorded).
    private var wokenMeanwhile = false
    private var listenRecordedMeanwhile = false
    private var reportsMade = 0
    /// Whether the last connection ended with its token refused (said until another is given).
    private var wasRefused = false
    /// Listens the service took whose marking failed: never sent again, marked again later.
    private var sentNotMarked: [Int64] = []
    /// After a batch refused as malformed: send one listen at a time until it is found.
    private var sendsOneAtATime = false
    private var loop: Task<Void, Never>?

    init(store: any OutboxStore, report: @escaping @Sendable (OutboxReport) -> Void) {
        self.store = store
        self.report = report
    }

    // MARK: Controlling

    /// Sends over `connection` from now on (nil: stops sending); starts at once.
    func use(_ connection: Connection?) {
        self.connection = connection
        wasRefused = false
        if loop == nil { loop = Task { await run() } }
        wakeUp(byListen: false)
    }

    /// A listen was recorded: sends it, unless a failure's wait is under way.
    func listenRecorded() {
        wakeUp(byListen: true)
    }

    /// Sends "playing now" for `listen`'s track, once, if connected (a failure is not tried again).
    func playingNow(_ listen: Listen) async {
        guard let connection, listen.canBeSent else { return }
        _ = await connection.client.playingNow(listen, token: connection.token)
    }

    /// Stops for good (the library closes).
    func stop() {
        loop?.cancel()
        connection = nil
        wakeUp(byListen: false)
    }

    // MARK: Sending

    private func run() async {
        var retry: Duration?
        while !Task.isCancelled {
            guard let connection else {
                // Held (the outbox takes listens without a token), each listen recorded wakes
                // this to count what waits again.
                await report(status: wasRefused ? .tokenRefused : .notConnected)
                await waitForWakeUp(wakesOnListen: true)
                continue
            }
            // What is read next holds every listen recorded before this (a read comes after
            // the commits queued before it), and this turn uses the connection as it is now.
            listenRecordedMeanwhile = false
            wokenMeanwhile = false
            do {
                try await markWhatWasSent()
                let batch = try await store.waiting(limit: sendsOneAtATime ? 1 : Self.batchSize).filter { !sentNotMarked.contains($0.id) }
                guard !batch.isEmpty else {
                    sendsOneAtATime = false
                    await report(status: .upToDate)
                    await waitForWakeUp(wakesOnListen: true)
                    continue
                }
                await report(status: .sending)
                let answer = await connection.client.submit(batch, token: connection.token)
                // Disconnected, or connected again meanwhile: the next turn sends as it says.
                guard self.connection?.number == connection.number else { continue }
                switch answer {
                case .accepted:
                    retry = nil
                    try await markSent(batch.map(\.id))
                case .rateLimited(let seconds):
                    await report(status: .rateLimited(until: Date(timeIntervalSinceNow: Double(seconds))))
                    await waitForWakeUp(wakesOnListen: false, atMost: .seconds(seconds))
                case .tokenRefused:
                    await report(status: .tokenRefused)
                    if self.connection?.number == connection.number {
                        self.connection = nil
                        wasRefused = true
                    }
                    await waitForWakeUp(wakesOnListen: false)
                case .refused(let message):
                    if batch.count == 1 {
                        Log.core.warning("ListenBrainz refused a listen of “\(batch[0].listen.title)”, which is not sent: \(message)")
                        try await markSent(batch.map(\.id))
                    } else {
                        sendsOneAtATime = true
                    }
                case .failed, .tokenValid:
                    let message = if case .failed(let message) = answer { message } else { "an answer that was not about listens" }
                    let wait = retry.map { min($0 * 2, Self.longestRetry) } ?? connection.firstRetry
                    retry = wait
                    await report(status: .retrying(next: Date(timeIntervalSinceNow: Double(wait.wholeMilliseconds) / 1000), reason: message))
                    await waitForWakeUp(wakesOnListen: false, atMost: wait)
                }
            } catch {
                await report(status: .storageFailed(reason: "\(error)"))
                await waitForWakeUp(wakesOnListen: false, atMost: .seconds(60))
            }
        }
    }

    /// Takes the batch `ids` the service took out of the outbox; if that fails, they are
    /// kept here (never sent again) and marked again before the next batch.
    private func markSent(_ ids: [Int64]) async throws {
        sentNotMarked += ids
        try await markWhatWasSent()
    }

    private func markWhatWasSent() async throws {
        guard !sentNotMarked.isEmpty else { return }
        try await store.markSent(sentNotMarked)
        sentNotMarked = []
    }

    private func report(status: OutboxReport.Status) async {
        let waiting = try? await store.waitingCount()
        reportsMade += 1
        report(OutboxReport(status: status, waiting: waiting, connection: connection?.number ?? 0, serial: reportsMade))
    }

    // MARK: Waiting

    /// Returns when woken (a new token always; a listen recorded when `wakesOnListen`), or
    /// after `atMost`.
    private func waitForWakeUp(wakesOnListen: Bool, atMost limit: Duration? = nil) async {
        if wokenMeanwhile || (wakesOnListen && listenRecordedMeanwhile) {
            wokenMeanwhile = false
            listenRecordedMeanwhile = false
            return
        }
        waitCount += 1
        let id = waitCount
        let timer = limit.map { limit in
            Task { [weak self] in
                try? await Task.sleep(for: limit)
                await self?.endWait(id)
            }
        }
        await withCheckedContinuation { continuation in
            wait = (id, continuation, wakesOnListen)
        }
        timer?.cancel()
    }

    private func wakeUp(byListen: Bool) {
        guard let wait else {
            if byListen { listenRecordedMeanwhile = true } else { wokenMeanwhile = true }
            return
        }
        guard !byListen || wait.wakesOnListen else { return }
        endWait(wait.id)
    }

    private func endWait(_ id: Int) {
        guard let wait, wait.id == id else { return }
        self.wait = nil
        wait.continuation.resume()
    }
}
