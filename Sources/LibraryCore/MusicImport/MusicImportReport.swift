import Foundation

// MARK: - SkippedFile

/// A file or folder an import left out, and why: listed in the import's summary.
public struct SkippedFile: Error, Hashable, Sendable {
    /// Why a file was left out.
    public enum Reason: Hashable, Sendable {
        /// It could not be opened or listed (the system's words).
        case unreadable(String)
        /// Not a regular file: a FIFO, a device or a socket, never opened.
        case notAFile
        /// Not an audio file BlueLibrary reads.
        case notAudio
        /// Its tags or audio could not be read: damaged, cut short, or not what its name says.
        case damaged
        /// A cover image that cannot be shown (with the words of `CoverFileError`).
        case badCover(String)
        /// An embedded cover larger than covers may be.
        case coverTooLarge
        /// The tag reader died on it (TagLib crashed): left out until the file changes.
        case crashedTheReader
        /// The tag reader gave no answer on it in time (a drive that stopped answering, or a
        /// file TagLib loops on): left out until the file changes.
        case notAnswering
        /// The tag reader helper could not be started.
        case readerMissing

        /// Why a file whose tags or cover could not be read was left out.
        public init(_ error: TagReadError) {
            self = switch error {
            case .notAudio: .notAudio
            case .unreadable: .damaged
            case .readerCrashed: .crashedTheReader
            case .readerTimedOut: .notAnswering
            case .readerMissing: .readerMissing
            }
        }
    }

    public let path: MusicFilePath
    public let reason: Reason

    public init(path: MusicFilePath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// One line of the summary: the file's name and why.
    public var message: String {
        let name = path.displayString
        return switch reason {
        case .unreadable(let why): localized("“%1$@” could not be read: %2$@", name, why)
        case .notAFile: localized("“%@” is not a regular file, so it was not opened.", name)
        case .notAudio: localized("“%@” is not a music file BlueLibrary reads.", name)
        case .damaged: localized("“%@” is damaged or not the kind of file its name says.", name)
        case .badCover(let why): why
        case .coverTooLarge: localized("The cover inside “%@” is larger than 20 MB, so it was not used.", name)
        case .crashedTheReader: localized("“%@” made the tag reader stop, so it was left out. It is read again once the file changes.", name)
        case .notAnswering: localized("“%@” gave no answer for 10 seconds (is its drive still answering?), so it was left out. It is read again once the file changes.", name)
        case .readerMissing: localized("“%@” could not be read: BlueLibrary’s tag reader (bluelibrary-tag-reader) could not be started.", name)
        }
    }
}

// MARK: - MusicImportProgress

/// How far an import has come, for its progress bar.
public struct MusicImportProgress: Hashable, Sendable {
    /// Files read (or found unchanged) so far, of `totalFiles`.
    public var filesRead = 0
    /// How many audio files the walk found; 0 while the folders are still being listed.
    public var totalFiles = 0
    /// Albums added or updated so far.
    public var albumsFound = 0

    public init(filesRead: Int = 0, totalFiles: Int = 0, albumsFound: Int = 0) {
        self.filesRead = filesRead
        self.totalFiles = totalFiles
        self.albumsFound = albumsFound
    }

    /// The fraction done, 0…1.
    public var fraction: Double { totalFiles == 0 ? 0 : min(Double(filesRead) / Double(totalFiles), 1) }
}

// MARK: - MusicImportSummary

/// What an import did, for the message at its end.
public struct MusicImportSummary: Hashable, Sendable {
    /// Albums the import added to the library.
    public var added = 0
    /// Albums already in the library whose files changed, updated.
    public var updated = 0
    /// Audio files read or found unchanged.
    public var filesRead = 0
    /// Files and folders left out, with why.
    public var skipped: [SkippedFile] = []
    /// The user stopped it (or undid it) before it ended.
    public var wasCancelled = false
    /// The first album it added or updated, to show it.
    public var firstAlbumID: AlbumID?

    public init() {}
}
