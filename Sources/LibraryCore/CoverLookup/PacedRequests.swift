import Foundation

// MARK: - PacedRequests

/// Requests to one service, one at a time and spaced as the service asks: MusicBrainz allows
/// about one request a second per client.
///
/// The next request starts at least `interval` after the previous one *finished*, so that
/// however long a request takes to reach the server, two never arrive closer than `interval`.
/// A 503 or 429 holds every later request off for the server's `Retry-After`, or for a delay
/// that doubles with each refusal in a row when it says none. One instance serves the whole
/// app (also while Find Missing Covers runs).
actor PacedRequests {
    private let client: HTTPClient
    private let interval: Duration
    private var nextAllowed = ContinuousClock.now
    private var consecutiveRefusals = 0
    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The longest a refusal without `Retry-After` holds requests off.
    static let longestBackOff: Duration = .seconds(64)

    init(client: HTTPClient, interval: Duration = .seconds(1)) {
        self.client = client
        self.interval = interval
    }

    /// Downloads `address` when its turn comes. Cancelled while waiting: nothing is sent.
    func get(_ address: String) async throws(HTTPError) -> Data {
        await takeTurn()
        defer { giveTurnAway() }
        while ContinuousClock.now < nextAllowed, !Task.isCancelled {
            try? await Task.sleep(until: nextAllowed, clock: .continuous)
        }
        guard !Task.isCancelled else { throw .cancelled }
        let result: Result<Data, HTTPError>
        do {
            result = .success(try await client.get(address))
        } catch {
            result = .failure(error)
        }
        nextAllowed = .now + max(interval, holdOff(after: result))
        return try result.get()
    }

    /// How long a refusal holds requests off (zero for any other outcome).
    private func holdOff(after result: Result<Data, HTTPError>) -> Duration {
        guard case .failure(.status(let status, let retryAfter)) = result, status == 503 || status == 429 else {
            consecutiveRefusals = 0
            return .zero
        }
        consecutiveRefusals += 1
        if let retryAfter { return min(retryAfter, Self.longestBackOff) }
        return min(.seconds(1 << min(consecutiveRefusals, 6)), Self.longestBackOff)
    }

    // MARK: One at a time

    private func takeTurn() async {
        guard isBusy else {
            isBusy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func giveTurnAway() {
        if waiting.isEmpty {
            isBusy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
