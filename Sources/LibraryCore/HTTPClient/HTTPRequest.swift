import Foundation

// MARK: - HTTPRequest

/// What a transfer asks: a GET of an address, or a POST of a body, with headers of its own.
public struct HTTPRequest: Sendable {
    public var address: String
    /// The body of a POST; nil for a GET.
    public var body: Data?
    /// Request headers, each "Name: value".
    public var headers: [String]
    /// The answer's headers to read (by name, any case), into `HTTPResponse.headers`.
    public var answerHeaders: [String]

    public init(address: String, body: Data? = nil, headers: [String] = [], answerHeaders: [String] = []) {
        self.address = address
        self.body = body
        self.headers = headers
        self.answerHeaders = answerHeaders
    }
}

// MARK: - HTTPResponse

/// A server's answer, whatever its status.
public struct HTTPResponse: Equatable, Sendable {
    public var status: Int
    public var body: Data
    /// The headers the request asked for that the answer had, by the name it asked with.
    public var headers: [String: String]
    /// The answer's `Retry-After`, if it had one.
    public var retryAfter: Duration?

    public init(status: Int, body: Data, headers: [String: String] = [:], retryAfter: Duration? = nil) {
        self.status = status
        self.body = body
        self.headers = headers
        self.retryAfter = retryAfter
    }
}
