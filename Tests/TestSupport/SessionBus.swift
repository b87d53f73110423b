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
    /// The configuration made for a bus with services left out (removed at `stop()`).
    private let configurationFolder: URL?
    /// This end of the pipe the daemon printed its address and pid on (closed at `stop()`).
    private let announcement: FileHandle

    /// A bus that starts the system's session services on demand (AT-SPI, dconf, the keyring…),
    /// but for those whose bus names are in `unavailable` (e.g. `org.freedesktop.secrets`: a
    /// session with no Secret Service), which no one can start on it.
    public init(unavailable: Set<String> = []) throws {
        let output = Pipe()
        // setsid(1) starts the daemon as the leader of a new session and process group, and
        // waits for it: the daemon's pid is its group's, and setsid stays this process's child.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        configurationFolder = unavailable.isEmpty ? nil : try Self.configuration(without: unavailable)
        let configuration = configurationFolder.map { ["--config-file=\($0.appendingPathComponent("session.conf").path)"] } ?? ["--session"]
        process.arguments = ["setsid", "--wait", "dbus-daemon"] + configuration + ["--nofork", "--print-address=1", "--print-pid=1"]
        // The services it starts see the test's display: AT-SPI's launcher names its accessibility
        // bus's socket after the display's number, and two on one display would share one socket.
        process.environment = PrivateDisplay.environment()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()  // so that SIGTERM stops it
        let reader = output.fileHandleForReading
        announcement = reader
        address = reader.readLine() ?? ""
        group = reader.readLine().flatMap { pid_t($0) } ?? 0
        try #require(address.hasPrefix("unix:") && group > 0, "dbus-daemon did not start")
        try #require(getpgid(group) == group, "dbus-daemon is not in a process group of its own")
    }

    /// A folder with a session bus's configuration, `session.conf` (as Debian's), whose only
    /// service folder holds links to the system's session services but those named `unavailable`.
    private static func configuration(without unavailable: Set<String>) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bluelibrary-bus-\(UUID().uuidString)", isDirectory: true)
        let services = folder.appendingPathComponent("services", isDirectory: true)
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let system = URL(fileURLWithPath: "/usr/share/dbus-1/services", isDirectory: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: system.path) where name.hasSuffix(".service") {
            let file = system.appendingPathComponent(name)
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let busName = text.split(separator: "\n").first { $0.hasPrefix("Name=") }.map { String($0.dropFirst(5)) }
            guard let busName, !unavailable.contains(busName) else { continue }
            try FileManager.default.createSymbolicLink(at: services.appendingPathComponent(name), withDestinationURL: file)
        }
        let configuration = folder.appendingPathComponent("session.conf")
        try Data("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <keep_umask/>
              <listen>unix:tmpdir=/tmp</listen>
              <auth>EXTERNAL</auth>
              <servicedir>\(services.path)</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.utf8).write(to: configuration)
        return folder
    }

    /// Stops the bus and every process it started (and with it, an app still registered on it).
    /// SIGTERM lets the daemons remove their sockets; whatever is left once the bus has ended
    /// (or after 5 seconds) is killed.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        defer {
            configurationFolder.map { try? FileManager.default.removeItem(at: $0) }
            try? announcement.close()
        }
        guard kill(-group, SIGTERM) == 0 else { return }
        _ = process.waitUntilEnded(within: .seconds(5))  // setsid ends as the bus does
        kill(-group, SIGKILL)
    }

    /// Returns once `name` has an owner on this bus (a process started on it took the name).
    public func waitForOwner(of name: String) throws {
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        while true {
            let answer = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", name)
            if answer.contains("true") { return }
            try #require(ContinuousClock.now < deadline, "no one took the name \(name) on the test's bus")
            Thread.sleep(forTimeInterval: 0.05)  // another process takes the name
        }
    }

    /// Calls `method` of `object` at `destination` with one argument (GVariant text); returns
    /// gdbus's answer, empty when the call failed.
    public func call(_ destination: String, _ object: String, _ method: String, _ argument: String) throws -> String {
        let call = Process()
        call.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        call.arguments = ["gdbus", "call", "--address", address, "--dest", destination, "--object-path", object, "--method", method, argument]
        let output = Pipe()
        call.standardOutput = output
        call.standardError = FileHandle.nullDevice
        try call.runWithSignalsUnblocked()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try? output.fileHandleForReading.close()
        call.waitUntilExit()
        return answer
    }

    /// The address of the accessibility bus that AT-SPI's launcher runs for this session (it
    /// starts on the first ask). The app and a screen reader get it as `AT_SPI_BUS_ADDRESS`: on
    /// X11 both would otherwise take the display's `AT_SPI_BUS` property first, which names the
    /// accessibility bus started last on that display, maybe one of a bus already stopped.
    public func accessibilityBusAddress() throws -> String {
        try Self.accessibilityBusAddress(onBusAt: address)
    }

    /// The accessibility bus of the session bus at `address` (see `accessibilityBusAddress()`).
    public static func accessibilityBusAddress(onBusAt address: String) throws -> String {
        let call = Process()
        let output = Pipe()
        call.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        call.arguments = ["gdbus", "call", "--address", address, "--dest", "org.a11y.Bus",
                          "--object-path", "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress"]
        call.standardOutput = output
        call.standardError = FileHandle.nullDevice
        try call.runWithSignalsUnblocked()
        // The answer is a GVariant tuple: ('unix:path=…,guid=…',)
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try? output.fileHandleForReading.close()
        let quoted = answer.split(separator: "'", omittingEmptySubsequences: false)
        let busAddress = quoted.count >= 3 ? String(quoted[1]) : ""
        try #require(busAddress.hasPrefix("unix:"), "no accessibility bus on the session bus: \(answer)")
        return busAddress
    }

    deinit {
        stop()
    }
}
