import Foundation

// MARK: - Whether a child has ended, at once

extension Process {
    /// Whether the process has ended, read from `/proc`: gone, or a zombie waiting to be reaped.
    ///
    /// Foundation learns of a child's exit asynchronously, so `isRunning` (and
    /// `waitUntilExit()`) can stay behind for as long as a test's thread keeps waiting; a stop
    /// that polled `isRunning` always waited out its deadline. This answers at once.
    public var hasEnded: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")") else { return true }
        // "pid (name) S …": the state follows the name, which may itself hold spaces or parentheses.
        let state = stat[nameEnd...].dropFirst(2).first
        return state == "Z" || state == "X"
    }

    /// Polls `hasEnded` until the process has ended or `grace` has passed; whether it ended.
    public func waitUntilEnded(within grace: Duration) -> Bool {
        let deadline = ContinuousClock.now + grace
        while !hasEnded {
            guard ContinuousClock.now < deadline else { return false }
            usleep(2_000)
        }
        return true
    }
}
