import Foundation
import Testing

/// A test's own D-Bus session bus (`dbus-daemon --session`): for single-instance tests, the
/// media controls, the accessible tree. Stopped when released.
public final class SessionBus {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS` or `gdbus --address`.
    public let address: String
    private let process = Process()

    public init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        address = output.fileHandleForReading.readLine() ?? ""
        try #require(address.hasPrefix("unix:"), "dbus-daemon did not start")
    }

    /// Stops the bus (and with it, an app still registered on it).
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}
