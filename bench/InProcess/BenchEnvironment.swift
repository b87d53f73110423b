import Foundation
import LibraryCore

// MARK: - Folders

/// XDG folders of the bench's own under a temporary directory, removed when released. The
/// bench is a program of its own, built like the app: it shares no code with the tests.
final class BenchFolders {
    let root: URL
    let locations: StorageLocations

    init() {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("bluelibrary-bench-\(UUID().uuidString)", isDirectory: true)
        locations = StorageLocations(
            dataHome: root.appendingPathComponent("data"),
            stateHome: root.appendingPathComponent("state"),
            cacheHome: root.appendingPathComponent("cache"),
            defaultLibrary: nil
        )
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes `data` as an earlier version's `albums.json`.
    func writeLibrary(_ data: Data) throws {
        let file = locations.legacyLibraryFile  // imported into the database at the first start
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }
}

// MARK: - Cover server

/// The cover server whose script `bench/bench.py` names as the bench's argument
/// (`Tests/Fixtures/cover_server.py`), run on 127.0.0.1 for the whole run. It prints its
/// port, answers `stats` on its standard input, and stops when that closes.
final class CoverServer {
    /// What the server saw.
    struct Stats: Decodable {
        var total: Int
        var maxConcurrent: Int
    }

    enum Failure: Error {
        case noScript
        case didNotStart(String)
        case didNotAnswer
    }

    let port: Int
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Starts the script given as the first command-line argument.
    init(arguments: [String] = CommandLine.arguments) throws {
        guard arguments.count > 1 else { throw Failure.noScript }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", arguments[1]]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = Self.readLine(from: output.fileHandleForReading)
        guard let line, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw Failure.didNotStart(line ?? "no output")
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    func stats() throws -> Stats {
        input.fileHandleForWriting.write(Data("stats\n".utf8))
        guard let line = Self.readLine(from: output.fileHandleForReading) else { throw Failure.didNotAnswer }
        return try JSONDecoder().decode(Stats.self, from: Data(line.utf8))
    }

    /// One line, read byte by byte so nothing after it is consumed.
    private static func readLine(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while let chunk = try? handle.read(upToCount: 1), let byte = chunk.first {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}
