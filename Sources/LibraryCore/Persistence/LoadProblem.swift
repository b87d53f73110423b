import Foundation

// MARK: - LoadProblem

/// A file of the user's could not be loaded and the app recovered from it. This is the error
/// as a value: the window shows `message` in its problem dialog.
public struct LoadProblem: Error, Hashable, Sendable {
    /// Which of the app's documents this is about.
    public enum Document: String, Hashable, Sendable {
        case library
        case state
    }

    /// What was wrong.
    public enum Cause: Hashable, Sendable {
        /// The file exists but could not be read.
        case unreadable(reason: String)
        /// The file was read but its content is not a valid document.
        case undecodable(DocumentDecodingError)
        /// The default library shipped with the app is missing or damaged (first run only).
        case defaultLibraryUnavailable(reason: String)
        /// The library database could not be opened, or failed SQLite's integrity check.
        case damagedDatabase(reason: String)
        /// The data folder cannot hold the library (not a folder, not writable).
        case storageUnusable(reason: String)
        /// A newer BlueLibrary migrated the library (a migration this version does not know).
        case madeByNewerVersion
        /// A WAL (`library.sqlite3-wal`) beside the library that it did not leave: a sync or
        /// backup tool brought it from another computer, or left it after a clean close.
        case foreignJournal
    }

    /// What the app loaded instead.
    public enum Recovery: Hashable, Sendable {
        case backup
        case defaultLibrary
        case emptyLibrary
        case defaultState
        /// The library is kept in memory for this session only.
        case memoryOnly
        /// The library is shown as it is, and changed in nothing (`LibraryAPI.isReadOnly`).
        case readOnly
        /// The library opened as this computer last saved it.
        case asLastSaved
    }

    public let document: Document
    public let file: URL
    public let cause: Cause
    /// Where the damaged file was moved; `nil` if it could not be moved (it is then left in place).
    public let keptAs: URL?
    public let recovery: Recovery

    public init(document: Document, file: URL, cause: Cause, keptAs: URL?, recovery: Recovery) {
        self.document = document
        self.file = file
        self.cause = cause
        self.keptAs = keptAs
        self.recovery = recovery
    }

    // MARK: Message

    /// A few short sentences for the window's problem dialog, in the user's language: what failed,
    /// where the damaged file is, what was loaded instead. Whole sentences, so that each
    /// translates on its own.
    public var message: String {
        [problem, kept, instead].compactMap { $0 }.joined(separator: " ")
    }

    private var problem: String {
        switch (cause, document) {
        case (.defaultLibraryUnavailable(let reason), _):
            localized("The default library could not be loaded (%@).", reason)
        case (.unreadable(let reason), .library):
            localized("Your library file could not be read (%@).", reason)
        case (.unreadable(let reason), .state):
            localized("Your saved session (selection, window size, undo history) could not be read (%@).", reason)
        case (.undecodable(let error), .library):
            localized("Your library file could not be read (%@).", error.description)
        case (.undecodable(let error), .state):
            localized("Your saved session (selection, window size, undo history) could not be read (%@).", error.description)
        case (.damagedDatabase(let reason), _):
            localized("Your library database is damaged (%@).", reason)
        case (.storageUnusable(let reason), _):
            localized("Your library cannot be kept in “%1$@” (%2$@).", file.deletingLastPathComponent().path, reason)
        case (.madeByNewerVersion, _):
            localized("Your library “%@” was made by a newer version of BlueLibrary.", file.path)
        case (.foreignJournal, _):
            localized("The file of recent changes beside your library (“%@”) was not left by BlueLibrary on this computer: a sync or backup tool may have brought it from another one, where it belongs to another copy of the library.", file.lastPathComponent)
        }
    }

    private var kept: String? {
        switch cause {
        case .defaultLibraryUnavailable, .storageUnusable, .madeByNewerVersion: return nil
        default: break
        }
        return keptAs.map { localized("It was kept as %@.", $0.path) } ?? localized("It was left in place.")
    }

    private var instead: String {
        switch recovery {
        case .backup: localized("The backup was loaded.")
        case .defaultLibrary: localized("The default library was loaded.")
        case .emptyLibrary: localized("The library starts empty.")
        case .defaultState: localized("The defaults were used.")
        case .memoryOnly: localized("Changes you make now will not be saved.")
        case .readOnly: LoadProblem.readOnlyAdvice
        case .asLastSaved: localized("Your library opened as BlueLibrary on this computer last saved it.")
        }
    }
}

extension LoadProblem {
    /// What a library from a newer BlueLibrary means for the user, and what to do: said at
    /// launch, and again at every change refused.
    public static var readOnlyAdvice: String {
        localized("This version shows it as it is and changes nothing in it, so that the newer version finds everything as it left it. To make changes again, update BlueLibrary to the version that made it (or a later one), or start a new library for this version: the newer version’s stays as it is, and the updated BlueLibrary opens it again. Nothing has been moved or deleted.")
    }
}
