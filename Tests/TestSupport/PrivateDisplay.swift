import Foundation
import Testing

/// A virtual X display of one test's own (Xvfb), for a test that drives launched apps only.
///
/// The window tests inside the test process share its one display, and take it one at a time
/// (`DisplayLock.exclusive`). A launched app needs no display of the test process: on a display
/// of its own, a test of launched apps runs beside the window tests and beside another such
/// test, where the display was what a run waited on (`DisplayLock.ownDisplay`).
///
/// The display of the test under way is `PrivateDisplay.current` (a task local); the apps it
/// launches and the tools that look at them (xdotool, ImageMagick's `import`, the screen-reader
/// script) are given it as `DISPLAY` through `PrivateDisplay.environment()`.
public final class PrivateDisplay: Sendable {
    /// The display of the test under way, if it has one of its own.
    @TaskLocal public static var current: PrivateDisplay?

    /// The display's name, for `DISPLAY` (":3").
    public let name: String
    private let server: Process
    /// This end of the pipe the server printed its display's number on (closed at `stop()`).
    private let announcement: FileHandle

    /// Starts an X server and waits until it accepts clients. It picks a display number no
    /// other server holds and says which (`-displayfd`), so servers started at once never meet.
    public init() throws {
        let output = Pipe()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // -noreset: an X server resets when its last client leaves, and refuses connections
        // meanwhile; an app that quits or starts itself again is often its last client.
        server.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"]
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.runWithSignalsUnblocked()  // so that SIGTERM stops it
        let number = output.fileHandleForReading.readLine().flatMap { Int($0) }
        guard let number else {
            server.terminate()
            try? output.fileHandleForReading.close()
            throw StartFailure()
        }
        self.server = server
        announcement = output.fileHandleForReading
        name = ":\(number)"
    }

    /// Stops the server: SIGTERM, and SIGKILL if it is still there after 5 seconds.
    public func stop() {
        defer { try? announcement.close() }
        guard !server.hasEnded else { return }
        server.terminate()
        if !server.waitUntilEnded(within: .seconds(5)) { kill(server.processIdentifier, SIGKILL) }
    }

    deinit {
        stop()
    }

    /// The environment for a process that shows or looks at windows for the test under way:
    /// this process's own, with `DISPLAY` set to the test's display when it has one.
    public static func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        if let current { environment["DISPLAY"] = current.name }
        return environment
    }

    /// Xvfb did not start (is it installed? `scripts/install-dependencies --tests`).
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String { "Xvfb did not start a display" }
    }
}
