import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - AtomicFile

/// Crash-safe file replacement: the new bytes go to a temporary file in the same folder, are
/// flushed to disk, and then renamed over the old file. At every moment the path holds either
/// the complete old file or the complete new one; a failure leaves the old file untouched.
///
/// A symbolic link at the path (dotfile managers make these) is written through: the file it
/// points to is replaced, and the link stays. Errors name the user's file, never the
/// temporary one.
enum AtomicFile {
    /// Replaces the file at `path` (or the file a link there points to) with `data`.
    ///
    /// - Parameter backup: Where to keep the file being replaced (hard-linked, so the original
    ///   path never disappears); `nil` keeps no backup.
    static func write(_ data: Data, to path: URL, backup: URL? = nil) throws(PersistenceError) {
        let url = path.resolvingSymlinksInPath()
        let directory = url.deletingLastPathComponent()
        try createDirectory(directory, for: path)

        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        do {
            try writeAndSync(data, to: temporary, reportedAs: path)
            if let backup, FileManager.default.fileExists(atPath: url.path) {
                try replaceBackup(backup, with: url)
            }
            try rename(temporary, to: url, reportedAs: path)
        } catch {
            unlink(temporary.path)
            throw error
        }
        syncDirectory(directory)
    }

    /// Renames `url` to a name that says it was damaged, and returns the new location.
    /// The file is never deleted.
    static func keepAside(_ url: URL, suffix: String) -> URL? {
        let candidate = freeName(beside: url, suffix: suffix)
        return Glibc.rename(url.path, candidate.path) == 0 ? candidate : nil
    }

    /// `<file>.<suffix>-<timestamp>`, with a number after it if that name is taken.
    static func freeName(beside url: URL, suffix: String) -> URL {
        let stamp = timestamp()
        var candidate = url.appendingPathExtension("\(suffix)-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: candidate.path) {
            attempt += 1
            candidate = url.appendingPathExtension("\(suffix)-\(stamp)-\(attempt)")
        }
        return candidate
    }

    // MARK: Steps

    private static func createDirectory(_ directory: URL, for file: URL) throws(PersistenceError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            // Foundation's own words here are "NSCocoaErrorDomain error 512": ask the system.
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder)
            let code = exists && !isFolder.boolValue ? ENOTDIR
                : ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { Int32($0.code) } ?? EACCES
            throw .system("create folder", file: file, errno: code)
        }
    }

    private static func writeAndSync(_ data: Data, to url: URL, reportedAs file: URL) throws(PersistenceError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system("create", file: file, errno: errno) }
        defer { close(descriptor) }

        var failure: Int32?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if let failure { throw .system("write", file: file, errno: failure) }
        guard fsync(descriptor) == 0 else { throw .system("fsync", file: file, errno: errno) }
    }

    private static func replaceBackup(_ backup: URL, with current: URL) throws(PersistenceError) {
        let staging = backup.deletingLastPathComponent()
            .appendingPathComponent(".\(backup.lastPathComponent).tmp-\(UUID().uuidString)")
        if link(current.path, staging.path) != 0 {
            // A file system without hard links: fall back to a copy.
            do {
                try FileManager.default.copyItem(at: current, to: staging)
            } catch {
                throw PersistenceError(file: current, operation: "back up", code: nil, reason: error.localizedDescription)
            }
        }
        do {
            try rename(staging, to: backup, reportedAs: current)
        } catch {
            unlink(staging.path)
            throw error
        }
    }

    private static func rename(_ source: URL, to destination: URL, reportedAs file: URL) throws(PersistenceError) {
        guard Glibc.rename(source.path, destination.path) == 0 else {
            throw .system("rename", file: file, errno: errno)
        }
    }

    /// Makes the rename itself durable. Best effort: some file systems refuse a directory fsync.
    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: Date())
    }
}
