import Foundation

/// One line of `docs/RELIABILITY.md`: what was tried, what the user saw, whether it held.
public struct ReliabilityRow: Codable, Sendable {
    public var area: String
    public var attempt: String
    public var outcome: String
    public var held: Bool

    public init(area: String, attempt: String, outcome: String, held: Bool) {
        self.area = area
        self.attempt = attempt
        self.outcome = outcome
        self.held = held
    }
}

/// Collects the fault suite's rows: each test appends one JSON line per case to the file named
/// by `$BLUELIBRARY_RELIABILITY_LOG` (scripts/test sets it, and `scripts/reliability-table`
/// turns the lines into `docs/RELIABILITY.md`). Without the variable nothing is written.
public enum ReliabilityLog {
    public static let variable = "BLUELIBRARY_RELIABILITY_LOG"
    private static let lock = NSLock()

    public static func record(_ rows: [ReliabilityRow]) {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = rows.compactMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) + "\n" }
        lock.lock()
        defer { lock.unlock() }
        // O_APPEND: two test processes (the lanes of scripts/test) write to one log; each
        // write lands whole at its end.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try? handle.write(contentsOf: Data(lines.joined().utf8))
    }
}
