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

    /// How long a launch waits for the lock when another process holds it: one that had the
    /// library open for a moment is waited for; after that, another BlueLibrary has it.
    static let contentionWait: Duration = .seconds(3)
    /// How often a waiting launch tries the lock again.
    private static let retryInterval: TimeInterval = 0.05

    private let descriptor: Int32

    /// Takes the lock, waiting up to `wait` while another process holds it (`onWaiting` is
    /// called once, when the first try finds it held).
    init(file: URL, waitingUpTo wait: Duration = .zero, onWaiting: () -> Void = {}) throws(Failure) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unavailable }
        let deadline = ContinuousClock.now + wait
        var hasWaited = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK, ContinuousClock.now < deadline else {
                close(descriptor)
                throw code == EWOULDBLOCK ? .heldByAnotherInstance : .unavailable
            }
            if !hasWaited { onWaiting() }
            hasWaited = true
            Thread.sleep(forTimeInterval: Self.retryInterval)
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
