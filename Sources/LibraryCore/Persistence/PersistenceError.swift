import Foundation

// MARK: - PersistenceError

/// A file of the user's could not be written. The file on disk is left as it was.
public struct PersistenceError: Error, Hashable, Sendable {
    /// The file that was being written.
    public let file: URL
    /// The failing step, e.g. "write", "fsync", "rename".
    public let operation: String
    /// The C `errno`, when the failure came from the system (e.g. `ENOSPC`, `EACCES`).
    public let code: Int32?
    /// A human-readable cause.
    public let reason: String

    public init(file: URL, operation: String, code: Int32?, reason: String) {
        self.file = file
        self.operation = operation
        self.code = code
        self.reason = reason
    }

    /// Builds the error for a failed system call from the current `errno`.
    static func system(_ operation: String, file: URL, errno code: Int32) -> PersistenceError {
        PersistenceError(file: file, operation: operation, code: code, reason: String(cString: strerror(code)))
    }
}

extension PersistenceError: CustomStringConvertible {
    public var description: String {
        localized("“%1$@” could not be saved (%2$@: %3$@)", file.lastPathComponent, operation, reason)
    }
}
