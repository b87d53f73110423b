import Foundation
import Testing

/// A test's own keyring: `gnome-keyring-daemon --unlock --components=secrets` on the test's
/// session bus, its keyrings in a folder of the test's, unlocked with a password given on its
/// standard input. The app finds it as GNOME's Secret Service. Stopped when released.
public final class PrivateKeyring {
    /// The login keyring's password (what its prompt asks for once it is locked).
    public static let password = "test-keyring-password"
    private let process = Process()
    private let bus: SessionBus
    private var stopped = false

    /// Starts the keyring on `bus`, keeping its files under `folder`.
    public init(bus: SessionBus, folder: URL) throws {
        self.bus = bus
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
        input.fileHandleForWriting.write(Data(Self.password.utf8))
        try input.fileHandleForWriting.close()
        try bus.waitForOwner(of: "org.freedesktop.secrets")
    }

    /// Locks the login keyring, as a keyring is after a login without its password: the next
    /// use of it asks for the password in the keyring's own prompt (`gcr-prompter`, on the
    /// display).
    public func lockLoginKeyring() throws {
        let answer = try secretService("Lock", "['/org/freedesktop/secrets/collection/login']")
        try #require(answer.contains("/collection/login"), "the login keyring was locked: \(answer)")
    }

    /// Whether the keyring holds an item whose attribute `service` is `service`, locked or not
    /// (asked without unlocking anything).
    public func holdsItem(service: String) throws -> Bool {
        try secretService("SearchItems", "{'service': '\(service)'}").contains("/collection/")
    }

    /// The answer of the Secret Service's method `method` called with `argument` (GVariant text).
    private func secretService(_ method: String, _ argument: String) throws -> String {
        try bus.call("org.freedesktop.secrets", "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.\(method)", argument)
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
