import Foundation
import Testing
@testable import LibraryCore

/// ListenBrainz's answers, as the server sends them and as a broken network or server may:
/// each becomes what to do next, and nothing in a body is trusted.
@Suite("ListenBrainz's answers")
struct ListenBrainzAnswerTests {
    private func body(_ text: String) -> Data { Data(text.utf8) }

    @Test("a token check names the account, or says the token was not accepted")
    func tokenCheck() {
        #expect(ListenBrainzAnswer.tokenCheck(status: 200, body: body(#"{"code": 200, "message": "Token valid.", "valid": true, "user_name": "rob"}"#))
            == .tokenValid(user: "rob"))
        #expect(ListenBrainzAnswer.tokenCheck(status: 200, body: body(#"{"code": 200, "message": "Token invalid.", "valid": false}"#))
            == .tokenRefused(message: "Token invalid."))
        #expect(ListenBrainzAnswer.tokenCheck(status: 401, body: body(#"{"code": 401, "error": "You need to provide an Authorization header."}"#))
            == .tokenRefused(message: "You need to provide an Authorization header."))
        // Valid, but no account named: not believed.
        #expect(ListenBrainzAnswer.tokenCheck(status: 200, body: body(#"{"valid": true, "user_name": ""}"#)) == .tokenRefused(message: ""))
    }

    @Test("listens sent are taken, refused for good, or to be sent again later")
    func submission() {
        #expect(ListenBrainzAnswer.submission(status: 200, body: body(#"{"status": "ok"}"#)) == .accepted)
        #expect(ListenBrainzAnswer.submission(status: 400, body: body(#"{"code": 400, "error": "JSON document may only contain listen_type"}"#))
            == .refused(message: "JSON document may only contain listen_type"))
        #expect(ListenBrainzAnswer.submission(status: 401, body: body(#"{"code": 401, "error": "Invalid authorization token."}"#))
            == .tokenRefused(message: "Invalid authorization token."))
        #expect(ListenBrainzAnswer.submission(status: 503, body: body("<html>Service Unavailable</html>")) == .failed(message: "status 503"))
        // A proxy's page with a 200: not taken for an acceptance.
        #expect(ListenBrainzAnswer.submission(status: 200, body: body("<html>Welcome</html>")) == .failed(message: "an unreadable answer"))
    }

    @Test("a rate limit waits what the header says, within an hour, a minute without it")
    func rateLimit() {
        #expect(ListenBrainzAnswer.submission(status: 429, body: Data(), resetIn: "7") == .rateLimited(seconds: 7))
        #expect(ListenBrainzAnswer.submission(status: 429, body: Data(), resetIn: nil) == .rateLimited(seconds: 60))
        #expect(ListenBrainzAnswer.submission(status: 429, body: Data(), resetIn: "99999999") == .rateLimited(seconds: 3600))
        #expect(ListenBrainzAnswer.tokenCheck(status: 429, body: Data(), resetIn: "-5") == .rateLimited(seconds: 1))
        #expect(ListenBrainzAnswer.submission(status: 429, body: Data(), resetIn: "soon") == .rateLimited(seconds: 60))
    }

    @Test("bodies that are not what ListenBrainz sends are failures, and long words are cut")
    func badBodies() {
        for garbage in [Data(), body("null"), body("[1, 2]"), body(#"{"status": 5}"#), Data([0xFF, 0xFE, 0x00])] {
            #expect(ListenBrainzAnswer.submission(status: 200, body: garbage) == .failed(message: "an unreadable answer"))
            #expect(ListenBrainzAnswer.tokenCheck(status: 200, body: garbage) == .failed(message: "an unreadable answer"))
        }
        let long = String(repeating: "x", count: 10_000)
        #expect(ListenBrainzAnswer.submission(status: 400, body: body(#"{"error": "\#(long)"}"#)) == .refused(message: String(repeating: "x", count: 500)))
    }
}
