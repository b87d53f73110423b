import Foundation

// MARK: - ListenBrainzClient

/// Speaks to ListenBrainz (`BLUELIBRARY_LISTENBRAINZ_URL`, else `https://api.listenbrainz.org`):
/// checks a token, sends listens and the track playing now, each answer read by
/// `ListenBrainzAnswer`. A transfer that fails (no network, a time-out, a dropped connection)
/// is `.failed`: the listens stay in the outbox and are sent again.
public struct ListenBrainzClient: Sendable {
    /// Where the service is, without a trailing slash.
    public let baseURL: String
    private let http: HTTPClient

    /// The service's address from the environment (tests point it at a local stand-in).
    public static var addressFromEnvironment: String {
        let address = ProcessInfo.processInfo.environment["BLUELIBRARY_LISTENBRAINZ_URL"] ?? ""
        return address.isEmpty ? "https://api.listenbrainz.org" : address
    }

    public init(baseURL: String = Self.addressFromEnvironment, http: HTTPClient = HTTPClient()) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
    }

    /// `GET /1/validate-token`.
    public func validate(token: ListenBrainzToken) async -> ListenBrainzAnswer {
        let request = HTTPRequest(address: baseURL + "/1/validate-token", headers: [token.header], answerHeaders: [Self.resetHeader])
        return await answer(to: request, reading: ListenBrainzAnswer.tokenCheck)
    }

    /// `POST /1/submit-listens` of `listens` (at most 1,000: the service's limit).
    public func submit(_ listens: [WaitingListen], token: ListenBrainzToken) async -> ListenBrainzAnswer {
        await post(ListenPayload(listens), token: token)
    }

    /// `POST /1/submit-listens` of the track `listen` names as playing now.
    public func playingNow(_ listen: Listen, token: ListenBrainzToken) async -> ListenBrainzAnswer {
        await post(ListenPayload(playingNow: listen), token: token)
    }

    private func post(_ payload: ListenPayload, token: ListenBrainzToken) async -> ListenBrainzAnswer {
        let request = HTTPRequest(address: baseURL + "/1/submit-listens", body: payload.encoded(),
                                  headers: [token.header, "Content-Type: application/json"], answerHeaders: [Self.resetHeader])
        return await answer(to: request, reading: ListenBrainzAnswer.submission)
    }

    private func answer(to request: HTTPRequest, reading: (Int, Data, String?) -> ListenBrainzAnswer) async -> ListenBrainzAnswer {
        switch await http.send(request) {
        case .success(let response):
            return reading(response.status, response.body, response.headers[Self.resetHeader])
        case .failure(let error):
            return .failed(message: error.description)
        }
    }

    private static let resetHeader = "X-RateLimit-Reset-In"
}

// MARK: - ListenBrainzToken

/// A user token, as pasted: spaces and line breaks around it (or inside it, from a copy that
/// wrapped) are not part of it. Never logged, never written to a file.
public struct ListenBrainzToken: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// nil when nothing is left once the spaces are gone, or what is left cannot be a token
    /// (it would break the request's header).
    public init?(pasted: String) {
        let value = String(pasted.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }.map(Character.init))
        guard !value.isEmpty, value.count <= 200, value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x21 && $0.value < 0x7F }) else {
            return nil
        }
        self.value = value
    }

    var header: String { "Authorization: Token \(value)" }

    /// Never the token itself, so a log line or a test failure cannot show it.
    public var description: String { "ListenBrainzToken(…)" }
}
