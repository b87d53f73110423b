import Foundation

// MARK: - ListenBrainzServer

/// The fixture server `Fixtures/listenbrainz_server.py`, run on 127.0.0.1 for one test or one
/// bench run: ListenBrainz's token check and listen submission, keeping listens as the service
/// does (one per time and track), with faults on request, and what it saw. It stops when this
/// object goes away (its standard input closes).
public final class ListenBrainzServer: @unchecked Sendable {
    /// The server's script, beside this file in the source tree.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("listenbrainz_server.py")

    /// One listen as the service keeps it.
    public struct KeptListen: Decodable, Hashable {
        public struct Metadata: Decodable, Hashable {
            public struct AdditionalInfo: Decodable, Hashable {
                public var releaseMBID: String?
                public var recordingMBID: String?
                public var durationMs: Int?
                public var mediaPlayer: String?

                enum CodingKeys: String, CodingKey {
                    case releaseMBID = "release_mbid", recordingMBID = "recording_mbid", durationMs = "duration_ms"
                    case mediaPlayer = "media_player"
                }
            }

            public var artistName: String
            public var trackName: String
            public var releaseName: String?
            public var additionalInfo: AdditionalInfo?

            enum CodingKeys: String, CodingKey {
                case artistName = "artist_name", trackName = "track_name", releaseName = "release_name", additionalInfo = "additional_info"
            }
        }

        public var listenedAt: Int
        public var trackMetadata: Metadata

        enum CodingKeys: String, CodingKey {
            case listenedAt = "listened_at", trackMetadata = "track_metadata"
        }
    }

    /// What the server saw, read over its standard streams so asking is never a request.
    public struct Stats: Decodable {
        /// Every listen kept, in arrival order.
        public var listens: [KeptListen]
        /// Listens that arrived again (same time and track), not kept twice.
        public var duplicates: Int
        /// The listen count of each submission taken.
        public var submissions: [Int]
        /// The tracks told as playing now.
        public var playingNow: [String]
        /// Submissions refused for their token (401).
        public var refused: Int
        public var userAgents: [String]
        public var requests: Int
    }

    /// How the next submissions fail.
    public enum Fault: String, Sendable {
        /// 503: the service is down.
        case down
        /// 500.
        case serverError = "500"
        /// 429, reset in 1 s.
        case rateLimited = "429"
        /// 200 with a body that is not JSON (the listens are kept).
        case garbage
        /// The listens are kept, then the connection is closed with no answer.
        case drop
    }

    /// "http://127.0.0.1:<port>".
    public let baseURL: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()

    /// Starts the server; `tokens` are valid.
    public init(tokens: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path] + tokens
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.readLine()
        guard let line, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw ServerError.didNotStart(line ?? "no output")
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    public func stats() throws -> Stats {
        try JSONDecoder().decode(Stats.self, from: Data(exchange("stats").utf8))
    }

    /// Makes the next `count` submissions of listens fail as `fault` says.
    public func fail(_ fault: Fault, next count: Int) throws {
        try expectOK(exchange("fail \(fault.rawValue) \(count)"))
    }

    /// No token is valid from now on (the user revoked theirs).
    public func revokeTokens() throws {
        try expectOK(exchange("revoke"))
    }

    /// `token` is valid from now on.
    public func allow(_ token: String) throws {
        try expectOK(exchange("allow \(token)"))
    }

    private func expectOK(_ answer: String) throws {
        guard answer == "ok" else { throw ServerError.didNotAnswer }
    }

    /// Sends one command line to the server and returns its one line of answer.
    private func exchange(_ command: String) throws -> String {
        try lock.withLock {
            try input.fileHandleForWriting.write(contentsOf: Data("\(command)\n".utf8))
            guard let line = output.fileHandleForReading.readLine() else {
                throw ServerError.didNotAnswer
            }
            return line
        }
    }

    public enum ServerError: Error {
        case didNotStart(String)
        case didNotAnswer
    }
}
