import Foundation

// MARK: - CoverStore

/// Cover images by address: from memory, else from the disk cache, else downloaded once and
/// cached on disk for good.
///
/// Cache files are named by the SHA-256 of the address, never by a part of it: two addresses
/// may end alike, and an address may contain `..`. Concurrent requests for one address share
/// one download. A cover found on disk never touches the network again.
public final class CoverStore: Sendable {
    private typealias Outcome = Result<Data, CoverError>

    private enum Lookup {
        case inMemory(Data)
        case loading(Task<Outcome, Never>)
    }

    private struct State {
        var memory: LRUCache<String, Data>
        var inFlight: [String: Task<Outcome, Never>] = [:]
    }

    /// The folder holding one file per cover.
    public let directory: URL
    /// The covers the user gave, read from the data folder (never downloaded).
    public let ownCovers: OwnCovers?
    private let client: HTTPClient
    private let state: Protected<State>

    /// - Parameter memoryLimit: Bytes of cover data kept in memory.
    public init(directory: URL, client: HTTPClient, ownCovers: OwnCovers? = nil, memoryLimit: Int = 32 * 1_048_576) {
        self.directory = directory
        self.ownCovers = ownCovers
        self.client = client
        state = Protected(State(memory: LRUCache(costLimit: memoryLimit)))
    }

    // MARK: Lookup

    /// The cover's bytes, or why there are none. Never runs on the caller's thread.
    public func cover(for address: String) async -> Result<Data, CoverError> {
        let lookup = state.withLock { state -> Lookup in
            if let data = state.memory.value(forKey: address) { return .inMemory(data) }
            if let running = state.inFlight[address] { return .loading(running) }
            let task = Task { await self.load(address) }
            state.inFlight[address] = task
            return .loading(task)
        }
        switch lookup {
        case .inMemory(let data): return .success(data)
        case .loading(let task): return await task.value
        }
    }

    /// The cover's bytes if they are in memory right now; never blocks on disk or network.
    public func coverInMemory(for address: String) -> Data? {
        state.withLock { $0.memory.value(forKey: address) }
    }

    /// The cache file for `address`.
    public func cacheFile(for address: String) -> URL {
        directory.appendingPathComponent(Checksum.sha256Hex(of: address))
    }

    // MARK: Loading

    private func load(_ address: String) async -> Outcome {
        let outcome = await loadFromDiskOrNetwork(address)
        state.withLock { state in
            state.inFlight[address] = nil
            if case .success(let data) = outcome {
                state.memory.insert(data, forKey: address, cost: data.count)
            }
        }
        return outcome
    }

    private func loadFromDiskOrNetwork(_ address: String) async -> Outcome {
        if OwnCovers.isReference(address) { return loadOwnCover(address) }
        let file = cacheFile(for: address)
        if let data = try? Data(contentsOf: file), case .success = ImageSignature.check(data) {
            return .success(data)
        }
        let data: Data
        do {
            data = try await client.get(address)
        } catch {
            Log.core.debug("cover \(address): \(error)")
            return .failure(.download(error))
        }
        if case .failure(let error) = ImageSignature.check(data) { return .failure(error) }
        do {
            try AtomicFile.write(data, to: file)
        } catch {
            // The cover is still shown; it is downloaded again next time.
            Log.core.warning("\(error)")
        }
        return .success(data)
    }

    /// A cover the user gave, from the data folder.
    private func loadOwnCover(_ reference: String) -> Outcome {
        guard let file = ownCovers?.file(for: reference), let data = try? Data(contentsOf: file) else {
            Log.core.warning("the stored cover \(reference) is missing")
            return .failure(.missing)
        }
        return ImageSignature.check(data).map { _ in data }
    }
}
