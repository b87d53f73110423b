// Why this file exists: ListenBrainz's answers are bytes from the network, read before anything
// is believed of them. This file turns an answer (its HTTP status, its JSON body and its rate
// limit header) into what the listens' outbox does next, and nothing in it trusts the body:
// a body that is not the JSON expected is a failure to try again later, never a crash.
// (https://listenbrainz.readthedocs.io/en/latest/users/api/, "Core API" and "Rate limiting".)

import Foundation

// MARK: - ListenBrainzAnswer

/// What ListenBrainz answered to a token check (`GET /1/validate-token`) or to listens sent
/// (`POST /1/submit-listens`, "playing now" included), and so what to do next.
public enum ListenBrainzAnswer: Equatable, Sendable {
    /// The token is valid; it is the account `user`'s.
    case tokenValid(user: String)
    /// The token was not accepted (unknown, revoked, or not a token): ask the user again.
    case tokenRefused(message: String)
    /// The listens were taken.
    case accepted
    /// Too many requests: send again in `seconds` (the `X-RateLimit-Reset-In` header, else a
    /// minute), nothing lost meanwhile.
    case rateLimited(seconds: Int)
    /// The listens themselves were refused (400: malformed, or a listen the server will never
    /// take): sending them again would be refused again.
    case refused(message: String)
    /// The server failed (5xx), or answered what cannot be read: send again later.
    case failed(message: String)

    /// The longest wait a rate limit header is believed for (an hour).
    public static let longestWait = 3600

    // MARK: Reading an answer

    /// The answer to `GET /1/validate-token`.
    public static func tokenCheck(status: Int, body: Data, resetIn: String? = nil) -> ListenBrainzAnswer {
        if let common = common(status: status, body: body, resetIn: resetIn) { return common }
        guard (200..<300).contains(status) else { return .tokenRefused(message: message(in: body) ?? "") }
        guard let validation = try? JSONDecoder().decode(TokenValidation.self, from: body) else {
            return .failed(message: "an unreadable answer")
        }
        if validation.valid, let user = validation.userName, !user.isEmpty {
            return .tokenValid(user: String(user.prefix(200)))
        }
        return .tokenRefused(message: String((validation.message ?? "").prefix(500)))
    }

    /// The answer to `POST /1/submit-listens`.
    public static func submission(status: Int, body: Data, resetIn: String? = nil) -> ListenBrainzAnswer {
        if let common = common(status: status, body: body, resetIn: resetIn) { return common }
        switch status {
        case 200..<300:
            let answer = try? JSONDecoder().decode(SubmissionStatus.self, from: body)
            return answer?.status == "ok" ? .accepted : .failed(message: "an unreadable answer")
        case 401:
            return .tokenRefused(message: message(in: body) ?? "")
        case 400..<500:
            return .refused(message: message(in: body) ?? "")
        default:
            return .failed(message: message(in: body) ?? "status \(status)")
        }
    }

    /// What every endpoint answers alike: a rate limit, a server failure.
    private static func common(status: Int, body: Data, resetIn: String?) -> ListenBrainzAnswer? {
        if status == 429 {
            let seconds = resetIn.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 60
            return .rateLimited(seconds: min(max(seconds, 1), longestWait))
        }
        if status >= 500 || status < 200 { return .failed(message: message(in: body) ?? "status \(status)") }
        return nil
    }

    /// The error's words in an answer's body (`{"code": 400, "error": "…"}`), at most 500
    /// characters of them; nil when the body has none.
    private static func message(in body: Data) -> String? {
        guard let error = try? JSONDecoder().decode(ErrorBody.self, from: body), let words = error.error ?? error.message else { return nil }
        return String(words.prefix(500))
    }

    // MARK: The bodies

    private struct TokenValidation: Decodable {
        var valid: Bool
        var userName: String?
        var message: String?

        enum CodingKeys: String, CodingKey {
            case valid, message
            case userName = "user_name"
        }
    }

    private struct SubmissionStatus: Decodable {
        var status: String?
    }

    private struct ErrorBody: Decodable {
        var error: String?
        var message: String?
    }
}
