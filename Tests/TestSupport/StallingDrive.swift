import Foundation

// MARK: - StallingDrive

/// A drive that stops answering (Tests/Scripts/stalling_drive.py, a FUSE file system over
/// fusepy): it shows `source` at `mountPoint`, and reads of the files named by `stall(_:)`
/// block until `release()`, as a network share or a failing disk does in the middle of a read.
/// The drive ends with `unmount()` (at the latest when the drive is released), and by itself
/// if this process ends first.
public final class StallingDrive: @unchecked Sendable {
    public let mountPoint: URL
    private let control: URL
    private let process = Process()

    /// Whether FUSE can mount here (its device, fusepy, and the right to mount).
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: "/dev/fuse")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/fusepy.py")
            && geteuid() == 0
    }

    /// Mounts `source` at `mountPoint` (made if needed) and waits until it is mounted.
    public init(mirroring source: URL, at mountPoint: URL, control: URL) async throws {
        self.mountPoint = mountPoint
        self.control = control
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: control, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Repository.root.appendingPathComponent("Tests/Scripts/stalling_drive.py").path,
                             source.path, mountPoint.path, control.path]
        // A test's thread blocks SIGTERM, which `terminate()` sends and libfuse ends on.
        try process.runWithSignalsUnblocked()
        try await Self.waitUntil(deadline: MainLoopDriver.hangGuard) { [process] in
            guard process.isRunning else { throw MountFailure(log: control.appendingPathComponent("drive.log")) }
            return Self.isMounted(mountPoint)
        }
    }

    deinit {
        unmount()
    }

    /// From now on, reads of files whose name contains one of `names` (`*`: every file) block.
    public func stall(_ names: String...) throws {
        try Data(names.map { $0 + "\n" }.joined().utf8).write(to: control.appendingPathComponent("stall"), options: .atomic)
    }

    /// Lets every blocked read go on, and no new one block.
    public func release() throws {
        try FileManager.default.removeItem(at: control.appendingPathComponent("stall"))
    }

    /// The names of the files whose reads are blocked now.
    public var blockedReads: [String] {
        let text = (try? String(contentsOf: control.appendingPathComponent("blocked"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits until a read of a file named `name` is blocked (a reader is stuck in it).
    public func waitUntilBlocked(reading name: String, deadline: Duration = .seconds(120)) async throws {
        try await Self.waitUntil(deadline: deadline) { [self] in blockedReads.contains(name) }
    }

    /// Unmounts (lazily: a reader still inside lets go when it can) and ends the drive, within
    /// seconds whatever still holds it: a reader stuck inside, or an inotify watch of a library
    /// not released yet, keeps a lazily unmounted FUSE drive's daemon running, so the daemon
    /// is told to end (SIGTERM), then killed. Its end aborts the FUSE connection: every read
    /// still inside fails at once.
    public func unmount() {
        guard process.isRunning else { return }
        try? FileManager.default.removeItem(at: control.appendingPathComponent("stall"))
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = ["-l", mountPoint.path]
        if (try? umount.runWithSignalsUnblocked()) != nil,
           !PrivatePulseAudio.waitForExit(umount, deadline: .now + .seconds(30)) {
            umount.terminate()
        }
        process.terminate()
        if !PrivatePulseAudio.waitForExit(process, deadline: .now + .seconds(10)) {
            kill(process.processIdentifier, SIGKILL)
            _ = PrivatePulseAudio.waitForExit(process, deadline: .now + .seconds(10))
        }
    }

    // MARK: Waiting

    private struct MountFailure: Error, CustomStringConvertible {
        let log: URL
        var description: String {
            let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return "the stalling drive could not be mounted (stalling_drive.py ended): \(printed.suffix(2_000))"
        }
    }

    private struct Timeout: Error, CustomStringConvertible {
        var description: String { "the stalling drive did not reach the state waited for" }
    }

    private static func isMounted(_ mountPoint: URL) -> Bool {
        let mounts = (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) ?? ""
        return mounts.split(separator: "\n").contains { $0.split(separator: " ").dropFirst(4).first == Substring(mountPoint.path) }
    }

    private static func waitUntil(deadline: Duration, _ condition: @escaping () throws -> Bool) async throws {
        let end = ContinuousClock.now + deadline
        while try !condition() {
            guard ContinuousClock.now < end else { throw Timeout() }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
