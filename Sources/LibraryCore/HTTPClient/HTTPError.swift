// MARK: - HTTPError

/// Why a download failed.
public enum HTTPError: Error, Hashable, Sendable {
    /// The address could not be parsed.
    case invalidURL(String)
    /// The address (or a redirect) uses a scheme other than http or https.
    case refusedScheme(String)
    /// Connecting or the whole transfer took longer than allowed.
    case timeout
    /// The body was larger than allowed; the transfer was stopped when it crossed `limit`.
    case tooLarge(limit: Int)
    /// The server followed more redirects than allowed.
    case tooManyRedirects
    /// The server answered with a status of 400 or more, and when it asked to be asked again
    /// (its `Retry-After`, in seconds; a 503 or 429 usually says).
    case status(Int, retryAfter: Duration? = nil)
    /// Any other failure (DNS, connection refused, TLS…), with libcurl's code and message.
    case transport(code: Int, message: String)
    /// The client was shut down before the transfer finished.
    case cancelled
}

extension HTTPError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidURL(let url): "the address “\(url)” is not valid"
        case .refusedScheme(let scheme): "addresses starting with “\(scheme)” are not allowed"
        case .timeout: "the server took too long to answer"
        case .tooLarge(let limit): "the download is larger than \(limit / 1_048_576) MiB"
        case .tooManyRedirects: "the server redirected too many times"
        case .status(let code, _): "the server answered with status \(code)"
        case .transport(_, let message): message
        case .cancelled: "the download was cancelled"
        }
    }
}
