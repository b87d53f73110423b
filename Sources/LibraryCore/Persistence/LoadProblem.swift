import Foundation

// MARK: - LoadProblem

/// A file of the user's could not be loaded and the app recovered from it. This is the error
/// as a value: the window shows `message` in a banner.
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
    }

    /// What the app loaded instead.
    public enum Recovery: Hashable, Sendable {
        case backup
        case defaultLibrary
        case emptyLibrary
        case defaultState
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

    /// One sentence for the window's banner.
    public var message: String {
        let what = document == .library ? "Your library file" : "Your saved session (selection, window size, undo history)"
        let instead = switch recovery {
        case .backup: "the backup was loaded"
        case .defaultLibrary: "the default library was loaded"
        case .emptyLibrary: "the library starts empty"
        case .defaultState: "the defaults were used"
        }
        switch cause {
        case .defaultLibraryUnavailable(let reason):
            return "The default library could not be loaded (\(reason)); \(instead)."
        case .unreadable(let reason):
            return "\(what) could not be read (\(reason)); \(kept), and \(instead)."
        case .undecodable(let error):
            return "\(what) could not be read (\(error)); \(kept), and \(instead)."
        }
    }

    private var kept: String {
        keptAs.map { "it was kept as \($0.path)" } ?? "it was left in place"
    }
}
