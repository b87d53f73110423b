import Foundation

// MARK: - PrivatePulseAudio

/// A PulseAudio daemon of the test's own, so a test can hear what the app plays: one null
/// sink, `test` (44100 Hz, stereo, s16le), whose monitor `test.monitor` a `MonitorRecording`
/// records, and a socket in a fresh private folder. Suites in one process each start their
/// own; none touches the user's sound server.
///
/// The daemon runs under a small shell whose reader kills it when this process's end of a
/// pipe closes, so a test that crashes leaves no daemon behind. `stop()` (or the last
/// release) stops it and removes the folder.
public final class PrivatePulseAudio: @unchecked Sendable {
    /// Why the daemon, a client or a recording failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The null sink everything plays into; its monitor is `"\(sinkName).monitor"`.
    public static let sinkName = "test"
    /// The sink's (and every recording's) frames per second.
    public static let rate = 44100

    /// The private folder: runtime files, socket, logs.
    public let folder: URL
    private let wrapper = Process()
    private let lifeline = Pipe()
    private let daemonID: pid_t
    private let lock = NSLock()
    private var isStopped = false

    /// Starts the daemon and returns once it answers `pactl info` (within 30 seconds).
    public init() throws {
        folder = try Self.makeFolder()
        let socket = folder.appendingPathComponent("pulse.sock").path
        let log = folder.appendingPathComponent("daemon.log")
        try Data().write(to: log)
        let announce = Pipe()
        // fd 3 is this process's end of the lifeline: the reader kills the daemon at its end.
        let script = """
            exec 3<&0
            "$0" "$@" </dev/null >&2 3<&- &
            daemon=$!
            echo "$daemon"
            { read -r _ <&3; kill "$daemon" 2>/dev/null; } >/dev/null 2>&1 &
            exec 3<&-
            wait "$daemon"
            """
        wrapper.executableURL = URL(fileURLWithPath: "/bin/sh")
        wrapper.arguments = ["-c", script, try Self.tool("pulseaudio"),
            "-n", "--daemonize=no", "--system=no", "--fail=yes", "--exit-idle-time=-1", "--use-pid-file=no",
            "--disallow-exit=yes", "--disable-shm=yes", "--high-priority=no", "--realtime=no", "--log-target=stderr",
            "--load=module-null-sink sink_name=\(Self.sinkName) rate=\(Self.rate) channels=2 format=s16le",
            "--load=module-native-protocol-unix auth-anonymous=1 socket=\(socket)"]
        // Nothing from the test's session: no D-Bus (two daemons would claim one name), no display.
        wrapper.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder.path, "XDG_RUNTIME_DIR": folder.path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.appendingPathComponent("no-bus").path)",
            "LC_ALL": "C",
        ]
        wrapper.standardInput = lifeline
        wrapper.standardOutput = announce
        wrapper.standardError = try FileHandle(forWritingTo: log)
        do {
            try wrapper.runWithSignalsUnblocked()
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        let line = announce.fileHandleForReading.readLine()
        try? announce.fileHandleForReading.close()  // the wrapper prints nothing more
        guard let line, let id = pid_t(line) else {
            daemonID = 0
            stop()
            throw Failure(description: "the PulseAudio wrapper did not start")
        }
        daemonID = id
        do {
            try waitUntilAnswering(deadline: .now + .seconds(30))
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// What a client process (the app, `gst-launch-1.0`, `paplay`) needs, laid over its own
    /// environment, to play into the null sink: the server's socket and the sink.
    public var environment: [String: String] {
        [
            "PULSE_SERVER": "unix:" + folder.appendingPathComponent("pulse.sock").path,
            "PULSE_SINK": Self.sinkName,
        ]
    }

    /// This process's environment with `environment` laid over it.
    public var clientEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }

    /// Starts recording the null sink's monitor; returns once the first frames arrived, so
    /// whatever plays from now on is in the recording.
    public func record() throws -> MonitorRecording {
        try MonitorRecording(tool: try Self.tool("parec"), environment: clientEnvironment, rate: Self.rate)
    }

    /// Runs `tool` (found in PATH) with `arguments` as a client of this server and waits for it
    /// to end (stopping it after `timeout`); returns its standard output. Throws when it fails.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String], timeout: Duration = MainLoopDriver.hangGuard) async throws -> String {
        let output = folder.appendingPathComponent("client-\(UUID().uuidString).out")
        try Data().write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.tool(tool))
        process.arguments = arguments
        process.environment = clientEnvironment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.runWithSignalsUnblocked()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) did not end within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(text)")
        }
        return text
    }

    /// Stops the daemon (its clients lose their connection) and removes the folder. Again does
    /// nothing.
    public func stop() {
        let first = lock.withLock {
            defer { isStopped = true }
            return !isStopped
        }
        guard first else { return }
        try? lifeline.fileHandleForWriting.close()
        if daemonID > 0 {
            kill(daemonID, SIGTERM)
            if !isDaemonGone(deadline: .now + .seconds(10)) {
                kill(daemonID, SIGKILL)
                _ = isDaemonGone(deadline: .now + .seconds(10))
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether the daemon ended (and the wrapper reaped it) before `deadline`. Not the
    /// wrapper's end: Foundation sees that only once the reader ends too.
    private func isDaemonGone(deadline: ContinuousClock.Instant) -> Bool {
        while kill(daemonID, 0) == 0 {
            guard ContinuousClock.now < deadline else { return false }
            usleep(5_000)  // the polling interval: the daemon is another process
        }
        return true
    }

    // MARK: Starting

    private func waitUntilAnswering(deadline: ContinuousClock.Instant) throws {
        let pactl = try Self.tool("pactl")
        while ContinuousClock.now < deadline {
            guard kill(daemonID, 0) == 0 else { break }
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: pactl)
            probe.arguments = ["info"]
            probe.environment = clientEnvironment
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            try probe.runWithSignalsUnblocked()
            if !Self.waitForExit(probe, deadline: deadline) { probe.terminate() }
            if !probe.isRunning, probe.terminationStatus == 0 { return }
            usleep(20_000)  // the polling interval: the daemon is another process
        }
        let log = (try? String(contentsOf: folder.appendingPathComponent("daemon.log"), encoding: .utf8)) ?? ""
        throw Failure(description: "PulseAudio did not start or did not answer within 30 s: \(log.suffix(2000))")
    }

    /// A fresh folder only this user may enter, with a path short enough for a socket.
    private static func makeFolder() throws -> URL {
        let name = "bluelibrary-pulse-\(UUID().uuidString)"
        var folder = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        if folder.path.utf8.count > 80 { folder = URL(fileURLWithPath: "/tmp").appendingPathComponent(name, isDirectory: true) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return folder
    }

    /// The path of `name` in PATH.
    static func tool(_ name: String) throws -> String {
        if name.contains("/") { return name }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(description: "\(name) is not installed (scripts/install-dependencies --tests)")
    }

    /// Waits for `process` to end by polling (never spinning this thread's run loop); whether
    /// it ended before `deadline`.
    static func waitForExit(_ process: Process, deadline: ContinuousClock.Instant) -> Bool {
        while process.isRunning {
            guard ContinuousClock.now < deadline else { return false }
            usleep(5_000)
        }
        return true
    }
}
