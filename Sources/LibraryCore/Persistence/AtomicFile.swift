import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - AtomicFile

/// Crash-safe file replacement: the new bytes go to a temporary file in the same folder, are
/// flushed to disk, and then renamed over the old file. At every moment the path holds either
/// the complete old file or the complete new one; a failure leaves the old file untouched.
enum AtomicFile {
    /// Replaces the file at `url` with `data`.
    ///
    /// - Parameter backup: Where to keep the file being replaced (hard-linked, so the original
    ///   path never disappears); `nil` keeps no backup.
    static func write(_ data: Data, to url: URL, backup: URL? = nil) throws(PersistenceError) {
        let directory = url.deletingLastPathComponent()
        try createDirectory(directory, for: url)

        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        do {
            try writeAndSync(data, to: temporary)
            if let backup, FileManager.default.fileExists(atPath: url.path) {
                try replaceBackup(backup, with: url)
            }
            try rename(temporary, to: url)
        } catch {
            unlink(temporary.path)
            throw error
        }
        syncDirectory(directory)
    }

    /// Renames `url` to a name that says it was damaged, and returns the new location.
    /// The file is never deleted.
    static func keepAside(_ url: URL, suffix: String) -> URL? {
        let stamp = timestamp()
        var candidate = url.appendingPathExtension("\(suffix)-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: candidate.path) {
            attempt += 1
            candidate = url.appendingPathExtension("\(suffix)-\(stamp)-\(attempt)")
        }
        return Glibc.rename(url.path, candidate.path) == 0 ? candidate : nil
    }

    // MARK: Steps

    private static func createDirectory(_ directory: URL, for file: URL) throws(PersistenceError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            throw PersistenceError(
                file: file,
                operation: "create folder",
                code: code.map(Int32.init),
                reason: error.localizedDescription
            )
        }
    }

    private static func writeAndSync(_ data: Data, to url: URL) throws(PersistenceError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system("create", file: url, errno: errno) }
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
        if let failure { throw .system("write", file: url, errno: failure) }
        guard fsync(descriptor) == 0 else { throw .system("fsync", file: url, errno: errno) }
    }

    private static func replaceBackup(_ backup: URL, with current: URL) throws(PersistenceError) {
        let staging = backup.deletingLastPathComponent()
            .appendingPathComponent(".\(backup.lastPathComponent).tmp-\(UUID().uuidString)")
        if link(current.path, staging.path) != 0 {
            // A file system without hard links: fall back to a copy.
            do {
                try FileManager.default.copyItem(at: current, to: staging)
            } catch {
                throw PersistenceError(file: backup, operation: "back up", code: nil, reason: error.localizedDescription)
            }
        }
        do {
            try rename(staging, to: backup)
        } catch {
            unlink(staging.path)
            throw error
        }
    }

    private static func rename(_ source: URL, to destination: URL) throws(PersistenceError) {
        guard Glibc.rename(source.path, destination.path) == 0 else {
            throw .system("rename", file: destination, errno: errno)
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
