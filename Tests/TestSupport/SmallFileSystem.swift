import Foundation

/// A small file system (tmpfs) mounted where a test wants a disk that fills up. Mounting needs
/// root and a kernel that allows it; `isAvailable` says whether this machine does.
public enum SmallFileSystem {
    /// Whether a tmpfs can be mounted and unmounted here (tried once, on a probe folder).
    public static let isAvailable: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("bluelibrary-mount-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? run("/usr/bin/mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", probe.path)) != nil else { return false }
        return (try? run("/usr/bin/umount", probe.path)) != nil
    }()

    /// Mounts a tmpfs of `size` (as mount(8) writes it: "1m") on the existing folder `folder`.
    public static func mount(size: String, on folder: URL) throws {
        try run("/usr/bin/mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path)
    }

    /// Mounts the folder `source` again on the existing folder `folder` (a bind mount): a
    /// drive a test unplugs (`unmount`) and plugs in again with the same files.
    public static func bind(_ source: URL, on folder: URL) throws {
        try run("/usr/bin/mount", "--bind", source.path, folder.path)
    }

    /// Gives the tmpfs on `folder` a new size (space freed), keeping its files.
    public static func resize(_ folder: URL, to size: String) throws {
        try run("/usr/bin/mount", "-o", "remount,size=\(size)", folder.path)
    }

    /// Unmounts what is mounted on `folder`, even while files are open in it.
    public static func unmount(_ folder: URL) {
        try? run("/usr/bin/umount", "-l", folder.path)
    }

    private static func run(_ command: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
