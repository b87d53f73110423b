import Foundation
import Testing
import TestSupport

/// The signals the app's MPRIS service sends, as GNOME Shell receives them: `gdbus monitor`
/// on the test's private session bus, its lines kept in a file. GNOME Shell shows what these
/// signals announce, and asks for a property again only when told it changed.
final class BusMonitor: @unchecked Sendable {
    private let process = Process()
    private let log: URL

    /// Starts watching what `name` sends on the bus at `address`, once it has an owner.
    init(busAddress address: String, name: String = MediaPlayerClient.name, in folder: URL) async throws {
        log = folder.appendingPathComponent("bus-monitor-\(UUID().uuidString).log")
        try #require(FileManager.default.createFile(atPath: log.path, contents: nil))
        // Line by line: gdbus prints through stdio, which buffers a file's output in blocks.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        process.arguments = ["-oL", "gdbus", "monitor", "--address", address, "--dest", name]
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        // Its match rule is in place before it learns the owner (one connection, in order).
        try await waitFor("is owned by")
    }

    deinit {
        stop()
    }

    /// What it printed so far.
    var printed: String {
        (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    /// Waits until a line printed contains `text`; returns that line.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = MainLoopDriver.hangGuard) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = printed.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            try #require(process.isRunning, "gdbus monitor ended: \(printed)")
            try await Task.sleep(for: .milliseconds(50))  // another process
        }
        Issue.record("the bus never carried \(text); it carried: \(printed.suffix(4_000))")
        throw CancellationError()
    }

    /// Stops watching.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
