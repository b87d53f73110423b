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
///
/// The file also says who held the lock last (`Holder`): which computer, and whether it let
/// go with every change moved into `library.sqlite3`. A WAL found beside the library after a
/// clean close, or after another computer's session, is not this library's (`LibraryOpener`).
final class StorageLock: Sendable {
    /// Who held the lock: written when it is taken, and again after a clean close.
    struct Holder: Codable, Equatable, Sendable, CustomStringConvertible {
        /// The computer (`MachineIdentity`).
        var machine: String
        /// The holder closed the library with its WAL emptied into it: no WAL of its is left.
        var closedCleanly: Bool

        var description: String {
            guard machine == MachineIdentity.current else { return "its last session was on another computer, \(machine)" }
            return closedCleanly ? "its last session here closed it cleanly" : "its last session here ended without closing it"
        }

        /// Whether a WAL found now on `machine` can be this holder's: it was killed there.
        func isOwner(ofJournalOn machine: String) -> Bool {
            self.machine == machine && !closedCleanly
        }
    }

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
    /// The lock file, for its record (the descriptor stays this lock's to close).
    private let record: FileHandle
    /// What the file said of the last holder when this one took the lock; `nil` when it said
    /// nothing readable (a new file, or one of a version before the record).
    let previousHolder: Holder?
    /// The file's content when the lock was taken, byte for byte.
    private let previousRecord: Data

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
        let record = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        self.record = record
        previousRecord = (try? record.readToEnd()) ?? Data()
        previousHolder = try? JSONDecoder().decode(Holder.self, from: previousRecord)
        writeHolder(closedCleanly: false)
    }

    /// Whether another process holds the lock on `file` now (a try that lets go at once;
    /// nothing is created).
    static func isHeldElsewhere(_ file: URL) -> Bool {
        let descriptor = open(file.path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// Records that this holder closed the library cleanly (its WAL emptied into it).
    func recordCleanClose() {
        writeHolder(closedCleanly: true)
    }

    /// Puts back what the file said when the lock was taken: a holder that wrote nothing (a
    /// newer version's library, opened read-only) leaves the record of the one before it.
    func restorePreviousRecord() {
        write(previousRecord)
    }

    // MARK: The record

    private func writeHolder(closedCleanly: Bool) {
        guard let data = try? JSONEncoder().encode(Holder(machine: MachineIdentity.current, closedCleanly: closedCleanly)) else { return }
        write(data)
    }

    /// Replaces the file's content with `data` and syncs it, so that a power cut does not
    /// leave the record of another moment than the WAL beside it.
    private func write(_ data: Data) {
        do {
            try record.seek(toOffset: 0)
            try record.write(contentsOf: data)
            try record.truncate(atOffset: UInt64(data.count))
            try record.synchronize()
        } catch {
            Log.core.warning("the library's lock file could not be written: \(error)")
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
