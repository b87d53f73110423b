import Foundation
import GRDB

// MARK: - PersistenceError

/// A change could not be saved. What was on disk is left as it was; the change stays in the
/// window and is saved again at the next one.
public struct PersistenceError: Error, Hashable, Sendable {
    /// What the user can do about it.
    public enum Kind: Hashable, Sendable {
        /// No space left (`ENOSPC`, `EDQUOT`, `SQLITE_FULL`): free some.
        case diskFull
        /// The folder or file may not be written (`EACCES`, `EROFS`, `SQLITE_READONLY`).
        case notWritable
        /// The folder is missing and cannot be made, or its name is taken by a file.
        case folderUnusable
        /// Another program (a sync or backup tool) put another file in the database's place
        /// while the app ran: nothing more is written to either. This library was kept as
        /// `keptAs` (`nil`: it could not be).
        case replaced(keptAs: URL?)
        /// Anything else.
        case other
    }

    /// The user's file that was being saved (`library.sqlite3`, `state.json`), never a
    /// temporary file the user has never heard of.
    public let file: URL
    /// The failing step, e.g. "write", "fsync", "rename", "commit" (for the log).
    public let operation: String
    /// The C `errno`, when the failure came from the system.
    public let code: Int32?
    /// The system's or SQLite's own words (for the log).
    public let reason: String
    public let kind: Kind

    public init(file: URL, operation: String, code: Int32?, reason: String, kind: Kind? = nil) {
        self.file = file
        self.operation = operation
        self.code = code
        self.reason = reason
        self.kind = kind ?? code.map(Self.kind(ofErrno:)) ?? .other
    }

    /// Builds the error for a failed system call from the current `errno`.
    static func system(_ operation: String, file: URL, errno code: Int32) -> PersistenceError {
        PersistenceError(file: file, operation: operation, code: code, reason: String(cString: strerror(code)))
    }

    /// A failed commit to the library database (`nil`: the library in memory).
    init(database: URL?, error: any Error) {
        let file = database ?? URL(fileURLWithPath: "library.sqlite3")
        if let replaced = error as? LibraryDatabase.Replaced {
            self.init(file: file, operation: "commit", code: nil, reason: "replaced by another program", kind: .replaced(keptAs: replaced.keptAs))
        } else if let error = error as? DatabaseError {
            let kind: Kind = switch error.resultCode {
            case .SQLITE_FULL: .diskFull
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: .notWritable
            case .SQLITE_CANTOPEN: .folderUnusable
            default: .other
            }
            self.init(file: file, operation: "commit", code: nil, reason: error.message ?? "\(error.resultCode)", kind: kind)
        } else {
            self.init(file: file, operation: "commit", code: nil, reason: "\(error)")
        }
    }

    private static func kind(ofErrno code: Int32) -> Kind {
        switch code {
        case ENOSPC, EDQUOT: .diskFull
        case EACCES, EPERM, EROFS: .notWritable
        case ENOTDIR, ENOENT, EEXIST, EISDIR: .folderUnusable
        default: .other
        }
    }

    // MARK: Words

    /// What the window says: which of the user's things could not be saved, in which folder,
    /// why in plain words, and what to do. Whole sentences, each translated on its own.
    public var message: String {
        let folder = file.deletingLastPathComponent().path
        let what = file.pathExtension == "json"
            ? localized("Your window settings could not be saved in “%@”.", folder)
            : localized("Your library could not be saved in “%@”.", folder)
        if case .replaced(let keptAs) = kind { return Self.replacedMessage(file, keptAs: keptAs) }
        let advice = switch kind {
        case .diskFull: localized("The disk is full: free some space.")
        case .notWritable: localized("The folder cannot be written: check its permissions, or whether the disk is read-only.")
        case .folderUnusable: localized("The folder is missing or its name is taken by a file: make it a folder you can write to.")
        case .other, .replaced: localized("The system said: %@.", reason)
        }
        return [what, advice, localized("BlueLibrary keeps your changes in this window and saves them at your next change.")]
            .joined(separator: " ")
    }

    /// What the window says when another program replaced the library `file`, this window's
    /// library being kept as `keptAs`.
    private static func replacedMessage(_ file: URL, keptAs: URL?) -> String {
        var sentences = [localized("Another program (a sync or backup tool?) replaced your library “%@” while BlueLibrary was open.", file.path)]
        if let keptAs {
            sentences.append(localized("The library as this window had it is kept as “%@”.", keptAs.path))
        }
        sentences.append(localized("Changes you make now are not saved: quit and open BlueLibrary again to use the file that replaced it."))
        return sentences.joined(separator: " ")
    }

    /// The technical account, for the log.
    public var logDescription: String {
        "\(file.path): \(operation) failed: \(reason)" + (code.map { " (errno \($0))" } ?? "")
    }
}

extension PersistenceError: CustomStringConvertible {
    public var description: String { message }
}
