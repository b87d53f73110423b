import Foundation

// MARK: - CoverServer

/// The fixture server `Fixtures/cover_server.py`, run on 127.0.0.1 for one test or one bench
/// run: covers of every kind, hostile answers, and what it saw. It stops when this object
/// goes away (its standard input closes).
public final class CoverServer: @unchecked Sendable {
    /// The server's script, beside this file in the source tree.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("cover_server.py")

    /// What the server saw, read over its standard streams so asking is never a request.
    public struct Stats: Decodable {
        public var requests: [String: Int]
        public var total: Int
        public var maxConcurrent: Int
        public var userAgents: [String]
    }

    public let port: Int
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()

    public init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.readLine()
        guard let line, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw ServerError.didNotStart(line ?? "no output")
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// The full address of `path` on this server.
    public func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    public func stats() throws -> Stats {
        try lock.withLock {
            input.fileHandleForWriting.write(Data("stats\n".utf8))
            guard let line = output.fileHandleForReading.readLine() else {
                throw ServerError.didNotAnswer
            }
            return try JSONDecoder().decode(Stats.self, from: Data(line.utf8))
        }
    }

    /// Lets the requests for `/held-cover/<name>` be answered, those waiting and those to come.
    public func release(_ name: String) {
        lock.withLock { input.fileHandleForWriting.write(Data("release \(name)\n".utf8)) }
    }

    /// How many requests reached `path`.
    public func requestCount(_ path: String) throws -> Int {
        try stats().requests[path] ?? 0
    }

    public enum ServerError: Error {
        case didNotStart(String)
        case didNotAnswer
    }
}

// MARK: - Reading a child's lines

extension FileHandle {
    /// The next line a child process wrote (without its newline), or nil at the end.
    /// Reads byte by byte so nothing after the line is consumed.
    public func readLine() -> String? {
        var bytes: [UInt8] = []
        while let chunk = try? read(upToCount: 1), let byte = chunk.first {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}
