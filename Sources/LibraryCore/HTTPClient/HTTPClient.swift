import CCurl
import Foundation

// MARK: - HTTPClient

/// HTTP over libcurl: a GET's bytes for an http(s) address, or a request's whole answer
/// (`send`: a POST with headers, whatever status comes back), never on the caller's thread.
///
/// Transfers run on one background thread driving a curl multi handle; at most
/// `maximumConcurrentTransfers` run at once and the rest wait their turn in order.
/// Only http and https are spoken, also across redirects.
///
/// libcurl is loaded and set up at the first request, not with the client (`CCurl`): its
/// libraries and its global set-up (OpenSSL's) cost a few MiB and milliseconds that a launch
/// whose covers are all cached never needs.
public final class HTTPClient: Sendable {
    /// The limits every transfer of a client obeys.
    public struct Configuration: Sendable {
        public var connectTimeout: Duration = .seconds(10)
        public var totalTimeout: Duration = .seconds(30)
        /// Bodies larger than this are cut off while they arrive.
        public var maximumBodySize = 20 * 1_048_576
        public var maximumRedirects = 5
        public var maximumConcurrentTransfers = 6
        /// The longest the transfers' thread sleeps when nothing wakes it (network activity,
        /// libcurl's timers and new requests all do).
        public var idleWake: Duration = .seconds(60)
        public var userAgent = "\(AppInfo.name)/\(AppInfo.version) (+\(AppInfo.website))"

        public init() {}
    }

    /// The schemes a transfer may use, including after a redirect.
    static let allowedSchemes: Set<String> = ["http", "https"]

    public let configuration: Configuration
    /// The transfers' thread, started by the first request.
    private let loop = Protected<CurlMultiLoop?>(nil)

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    deinit {
        loop.withLock { $0?.shutDown() }
    }

    // MARK: Requests

    /// Downloads the body at `address`.
    public func get(_ address: String) async throws(HTTPError) -> Data {
        let result = await withCheckedContinuation { continuation in
            get(address) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Downloads the body at `address` and calls `completion` on the client's thread; a
    /// status of 400 or more is `HTTPError.status`.
    public func get(_ address: String, completion: @escaping @Sendable (Result<Data, HTTPError>) -> Void) {
        send(HTTPRequest(address: address)) { result in
            completion(result.flatMap { answer in
                answer.status >= 400 ? .failure(.status(answer.status, retryAfter: answer.retryAfter)) : .success(answer.body)
            })
        }
    }

    /// Sends `request` and returns the server's answer, whatever its status.
    public func send(_ request: HTTPRequest) async -> Result<HTTPResponse, HTTPError> {
        await withCheckedContinuation { continuation in
            send(request) { continuation.resume(returning: $0) }
        }
    }

    /// Sends `request` and calls `completion` on the client's thread with the answer.
    public func send(_ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) {
        do throws(HTTPError) {
            try Self.validate(request.address)
        } catch {
            completion(.failure(error))
            return
        }
        guard let loop = startedLoop else {
            let reason = String(cString: bl_curl_load_error())
            completion(.failure(.transport(code: -1, message: "the network library (libcurl) could not be loaded: \(reason)")))
            return
        }
        loop.enqueue(CurlTransfer(request: request, configuration: configuration, completion: completion))
    }

    /// The transfers' thread, started now if it was not yet; nil without libcurl.
    private var startedLoop: CurlMultiLoop? {
        loop.withLock { loop in
            if let loop { return loop }
            loop = CurlMultiLoop(maximumConcurrentTransfers: configuration.maximumConcurrentTransfers, idleWake: configuration.idleWake)
            return loop
        }
    }

    /// Refuses what libcurl should never see: unparsable addresses and other schemes.
    static func validate(_ address: String) throws(HTTPError) {
        guard let components = URLComponents(string: address), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(address)
        }
        guard allowedSchemes.contains(scheme) else { throw .refusedScheme(scheme) }
        guard let host = components.host, !host.isEmpty else { throw .invalidURL(address) }
    }
}
