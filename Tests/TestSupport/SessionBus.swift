import Foundation
import Testing

/// A test's own D-Bus session bus (`dbus-daemon --session`): for single-instance tests, the
/// media controls, the accessible tree. Stopped when released, with whatever it started.
///
/// The daemon runs in a process group of its own, and the services it starts stay in that
/// group: AT-SPI's `at-spi-bus-launcher`, which an app with accessibility starts through the
/// bus, and the accessibility bus daemon the launcher runs. Stopping ends the whole group; a
/// bus stopped alone left its accessibility daemon behind, holding an inotify instance, until
/// a long run had used up the user's 128.
public final class SessionBus {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS` or `gdbus --address`.
    public let address: String
    private let process = Process()
    /// The daemon's process id, which is also its process group's.
    private let group: pid_t
    private var stopped = false

    public init() throws {
        let output = Pipe()
        // setsid(1) starts the daemon as the leader of a new session and process group, and
        // waits for it: the daemon's pid is its group's, and setsid stays this process's child.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["setsid", "--wait", "dbus-daemon", "--session", "--nofork", "--print-address=1", "--print-pid=1"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        address = reader.readLine() ?? ""
        group = reader.readLine().flatMap { pid_t($0) } ?? 0
        try #require(address.hasPrefix("unix:") && group > 0, "dbus-daemon did not start")
        try #require(getpgid(group) == group, "dbus-daemon is not in a process group of its own")
    }

    /// Stops the bus and every process it started (and with it, an app still registered on it).
    /// SIGTERM lets the daemons remove their sockets; whatever is left once the bus has ended
    /// (or after 5 seconds) is killed.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        guard kill(-group, SIGTERM) == 0 else { return }
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning && ContinuousClock.now < deadline {
            usleep(10_000)  // Process.waitUntilExit can miss the exit on a test's thread
        }
        kill(-group, SIGKILL)
    }

    deinit {
        stop()
    }
}
