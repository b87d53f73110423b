import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - StorageLock

/// One instance per data folder, enforced on the storage itself: an exclusive `flock` on
/// `library.lock`, held until the process exits (the kernel drops it even after a SIGKILL).
/// The session bus usually sends a second launch to the first instance; without one (no
/// session, `DBUS_SESSION_BUS_ADDRESS=disabled:`) this lock is what keeps two apps from
/// writing the same library.
final class StorageLock: Sendable {
    /// What stops the lock from being taken.
    enum Failure: Error, Equatable {
        /// Another BlueLibrary holds it.
        case heldByAnotherInstance
        /// The folder cannot hold a lock file (not writable, not a folder); the app goes on
        /// without the lock, as it does without a usable folder.
        case unavailable
    }

    private let descriptor: Int32

    init(file: URL) throws(Failure) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unavailable }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            throw code == EWOULDBLOCK ? .heldByAnotherInstance : .unavailable
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
