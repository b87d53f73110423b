import Foundation

// MARK: - MusicBrainzServer

/// The fixture server `Fixtures/musicbrainz_server.py`, run on 127.0.0.1 for one test or one
/// bench run: MusicBrainz's release search over a catalogue of `Release`s and the Cover Art
/// Archive with its image host, hostile answers included, and what it saw. One port plays
/// both services. It stops when this object goes away (its standard input closes).
public final class MusicBrainzServer: @unchecked Sendable {
    /// The server's script, beside this file in the source tree.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("musicbrainz_server.py")

    /// One release of the catalogue: what the search finds, and what the archive has for it.
    public struct Release: Codable, Sendable {
        /// The MusicBrainz identifier (see `releaseID(_:)`).
        public var id: String
        public var title: String
        public var artist: String
        /// As MusicBrainz writes it ("1992", "1992-03-01"); "" for none (left out of answers).
        public var date: String
        /// An ISO 3166 code ("GB", "XW"); "" for none (left out of answers).
        public var country: String
        public var trackCount: Int
        /// What the archive answers for the release's front cover.
        public var art: Art

        public init(id: String, title: String, artist: String, date: String = "", country: String = "", trackCount: Int, art: Art = .png) {
            self.id = id
            self.title = title
            self.artist = artist
            self.date = date
            self.country = country
            self.trackCount = trackCount
            self.art = art
        }
    }

    /// What the archive answers for a release's front cover (`/release/<mbid>/front-500` and
    /// `front-250`).
    public enum Art: String, Codable, Sendable {
        /// A redirect to a 500 x 500 (or 250 x 250) PNG of one colour, the same for both sizes.
        case png
        /// 404: the release has no cover.
        case none
        /// A redirect to a text/plain body, not an image.
        case text
        /// A redirect to a body of 100 MiB (a PNG followed by zeros), its length announced.
        case huge
        /// A redirect to the PNG, which the image host sends after 2 s.
        case slow
    }

    /// What the server saw, read over its standard streams so asking is never a request.
    public struct Stats: Decodable {
        /// Requests by path (without the query).
        public var requests: [String: Int]
        public var total: Int
        /// The `query` of each MusicBrainz request (decoded Lucene), in arrival order.
        public var searches: [String]
        /// When each MusicBrainz request arrived (the server's monotonic clock, in seconds), in order.
        public var musicBrainzTimes: [Double]
        /// The distinct User-Agent headers of every request, sorted.
        public var userAgents: [String]

        /// The shortest time between two MusicBrainz requests, in seconds; nil with fewer than two.
        public var shortestMusicBrainzGap: Double? {
            zip(musicBrainzTimes, musicBrainzTimes.dropFirst()).map { $1 - $0 }.min()
        }
    }

    /// "http://127.0.0.1:<port>": MusicBrainz (`/ws/2/…`), the archive (`/release/…`) and its
    /// image host (`/images/…`) all answer here.
    public let baseURL: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()

    /// Starts the server over `releases`. Their catalogue goes through a temporary file, which
    /// is gone once the server has read it (or failed to start).
    public init(releases: [Release]) throws {
        let catalogue = FileManager.default.temporaryDirectory.appendingPathComponent("bluelibrary-musicbrainz-\(UUID().uuidString).json")
        try JSONEncoder().encode(["releases": releases]).write(to: catalogue)
        defer { try? FileManager.default.removeItem(at: catalogue) }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, catalogue.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.readLine()  // after the catalogue is read
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

    /// A valid-looking MusicBrainz identifier made from `n` (0 and up), distinct for each `n`.
    public static func releaseID(_ n: Int) -> String {
        String(format: "00000000-0000-4000-8000-%012ld", n)
    }

    /// What the server has seen so far.
    public func stats() throws -> Stats {
        try JSONDecoder().decode(Stats.self, from: Data(exchange("stats").utf8))
    }

    /// Makes the next `requests` MusicBrainz requests (`/ws/2/…`) answer 503 with
    /// `Retry-After: seconds`, as the real service does when it is overloaded.
    public func makeBusy(requests: Int, retryAfter seconds: Int) throws {
        guard try exchange("busy \(requests) \(seconds)") == "ok" else {
            throw ServerError.didNotAnswer
        }
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
