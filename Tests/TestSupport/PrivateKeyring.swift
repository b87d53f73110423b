import Foundation
import Testing

/// A test's own keyring: `gnome-keyring-daemon --unlock --components=secrets` on the test's
/// session bus, its keyrings in a folder of the test's, unlocked with a password given on its
/// standard input. The app finds it as GNOME's Secret Service. Stopped when released.
public final class PrivateKeyring {
    private let process = Process()
    private var stopped = false

    /// Starts the keyring on `bus`, keeping its files under `folder`.
    public init(bus: SessionBus, folder: URL) throws {
        let runtime = folder.appendingPathComponent("keyring-runtime", isDirectory: true)
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let input = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("keyring-data", isDirectory: true).path
        environment["HOME"] = folder.path
        process.environment = environment
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()  // so that SIGTERM stops it
        input.fileHandleForWriting.write(Data("test-keyring-password".utf8))
        try input.fileHandleForWriting.close()
        try Self.waitForSecretService(on: bus)
    }

    /// Returns once `org.freedesktop.secrets` has an owner on `bus` (the daemon took the name).
    private static func waitForSecretService(on bus: SessionBus) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let call = Process()
            call.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            call.arguments = ["gdbus", "call", "--address", bus.address, "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                              "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets"]
            let output = Pipe()
            call.standardOutput = output
            call.standardError = FileHandle.nullDevice
            try call.run()
            let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            call.waitUntilExit()
            if answer.contains("true") { return }
            try #require(ContinuousClock.now < deadline, "gnome-keyring-daemon did not take the Secret Service's name")
            Thread.sleep(forTimeInterval: 0.05)  // another process takes the name
        }
    }

    public func stop() {
        guard !stopped else { return }
        stopped = true
        process.terminate()
        if !process.waitUntilEnded(within: .seconds(5)) { kill(process.processIdentifier, SIGKILL) }
    }

    deinit {
        stop()
    }
}
