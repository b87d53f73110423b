import Foundation

// MARK: - TrackTags

/// The tags of one audio file, as plain Swift values.
public struct TrackTags: Hashable, Sendable, Codable {
    public var title, artist, albumArtist, album, genre: String
    /// The MusicBrainz release id; "" when absent.
    public var musicBrainzAlbumID: String
    /// The MusicBrainz recording id (Picard's "MusicBrainz Track Id"); "" when absent.
    public var musicBrainzRecordingID: String
    /// `nil` when absent.
    public var year: Int?, trackNumber: Int?, discNumber: Int?
    /// Length in seconds.
    public var duration: Double
    /// Whether the file holds a front cover picture.
    public var hasFrontCover: Bool

    public init(
        title: String = "", artist: String = "", albumArtist: String = "", album: String = "",
        genre: String = "", musicBrainzAlbumID: String = "", musicBrainzRecordingID: String = "", year: Int? = nil, trackNumber: Int? = nil,
        discNumber: Int? = nil, duration: Double = 0, hasFrontCover: Bool = false
    ) {
        self.title = title
        self.artist = artist
        self.albumArtist = albumArtist
        self.album = album
        self.genre = genre
        self.musicBrainzAlbumID = musicBrainzAlbumID
        self.musicBrainzRecordingID = musicBrainzRecordingID
        self.year = year
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.duration = duration
        self.hasFrontCover = hasFrontCover
    }
}

// MARK: Reading tags stored before the recording id

extension TrackTags {
    private enum CodingKeys: String, CodingKey {
        case title, artist, albumArtist, album, genre, musicBrainzAlbumID, musicBrainzRecordingID
        case year, trackNumber, discNumber, duration, hasFrontCover
    }

    /// Reads tags stored as JSON; those a library stored before version 8 have no recording id.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            title: try values.decode(String.self, forKey: .title),
            artist: try values.decode(String.self, forKey: .artist),
            albumArtist: try values.decode(String.self, forKey: .albumArtist),
            album: try values.decode(String.self, forKey: .album),
            genre: try values.decode(String.self, forKey: .genre),
            musicBrainzAlbumID: try values.decode(String.self, forKey: .musicBrainzAlbumID),
            musicBrainzRecordingID: try values.decodeIfPresent(String.self, forKey: .musicBrainzRecordingID) ?? "",
            year: try values.decodeIfPresent(Int.self, forKey: .year),
            trackNumber: try values.decodeIfPresent(Int.self, forKey: .trackNumber),
            discNumber: try values.decodeIfPresent(Int.self, forKey: .discNumber),
            duration: try values.decode(Double.self, forKey: .duration),
            hasFrontCover: try values.decode(Bool.self, forKey: .hasFrontCover)
        )
    }
}

/// Why the tags of a file could not be read.
public enum TagReadError: Error, Hashable, Sendable {
    /// An audio file's name, but TagLib cannot make sense of it (damaged, cut short, or
    /// another kind of file).
    case unreadable
    /// Not the name of an audio file BlueLibrary reads.
    case notAudio
    /// The tag reader died on this file (a signal: TagLib crashed on it). It is not tried
    /// again until the file changes.
    case readerCrashed
    /// The tag reader gave no answer within the time limit (a drive that stopped answering,
    /// or a file TagLib loops on). It is not tried again until the file changes.
    case readerTimedOut
    /// The tag reader could not be started (`bluelibrary-tag-reader` is missing or broken).
    case readerMissing
}

/// An audio file's embedded front cover.
public enum FrontCoverResult: Hashable, Sendable {
    case none
    /// Larger than allowed: not copied.
    case tooLarge(bytes: Int)
    case image(Data)
    case unreadable
    /// The tag reader crashed, hung or could not start on this file.
    case readerFailed(TagReadError)
}

// MARK: - MusicFileReader

/// What reads music files' tags and embedded covers for the imports: the app's helper
/// processes (`TagReaderPool`), or, in the benchmark, TagLib in its own process to compare with.
public protocol MusicFileReader: Sendable {
    /// The tags and length of the audio file at `path`.
    func tags(of path: MusicFilePath) throws(TagReadError) -> TrackTags
    /// The tags of each of `paths`, in order (a reader may read them one after the other
    /// without waiting for its caller between them).
    func tags(of paths: [MusicFilePath]) -> [Result<TrackTags, TagReadError>]
    /// The file's embedded front cover, refused when larger than `maxBytes`.
    func frontCover(of path: MusicFilePath, maxBytes: Int) -> FrontCoverResult
    /// How many threads should read at once (the importer splits its files among them).
    var readers: Int { get }
    /// This reader for one library: the files it could not read for good (a crash, a hang)
    /// are kept in `file`, that library's, across launches, and not asked about again while
    /// unchanged. A reader that remembers none returns itself.
    func remembering(failuresIn file: URL) -> any MusicFileReader
}

extension MusicFileReader {
    public func remembering(failuresIn file: URL) -> any MusicFileReader { self }

    public func tags(of paths: [MusicFilePath]) -> [Result<TrackTags, TagReadError>] {
        paths.map { path in Result { () throws(TagReadError) in try tags(of: path) } }
    }

    public var readers: Int { ProcessInfo.processInfo.activeProcessorCount }
}

// MARK: - TrackTagReader

/// Reads tags and embedded covers, never in this process: TagLib runs in the helper
/// processes of `TagReaderPool.shared`, so a file that crashes or hangs it costs that file
/// only. The caller makes sure the path is a regular file.
public enum TrackTagReader {
    /// The tags and length of the audio file at `path`.
    public static func read(path: MusicFilePath) throws(TagReadError) -> TrackTags {
        try TagReaderPool.shared.tags(of: path)
    }

    /// The file's embedded front cover, refused when larger than `maxBytes`.
    public static func frontCover(path: MusicFilePath, maxBytes: Int) -> FrontCoverResult {
        TagReaderPool.shared.frontCover(of: path, maxBytes: maxBytes)
    }
}
