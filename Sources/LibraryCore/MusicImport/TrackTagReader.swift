import CTagReader
import Foundation

// MARK: - TrackTags

/// The tags of one audio file, as plain Swift values.
public struct TrackTags: Hashable, Sendable, Codable {
    public var title, artist, albumArtist, album, genre: String
    /// The MusicBrainz release id; "" when absent.
    public var musicBrainzAlbumID: String
    /// `nil` when absent.
    public var year: Int?, trackNumber: Int?, discNumber: Int?
    /// Length in seconds.
    public var duration: Double
    /// Whether the file holds a front cover picture.
    public var hasFrontCover: Bool

    public init(
        title: String = "", artist: String = "", albumArtist: String = "", album: String = "",
        genre: String = "", musicBrainzAlbumID: String = "", year: Int? = nil, trackNumber: Int? = nil,
        discNumber: Int? = nil, duration: Double = 0, hasFrontCover: Bool = false
    ) {
        self.title = title
        self.artist = artist
        self.albumArtist = albumArtist
        self.album = album
        self.genre = genre
        self.musicBrainzAlbumID = musicBrainzAlbumID
        self.year = year
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.duration = duration
        self.hasFrontCover = hasFrontCover
    }
}

/// Why the tags of a file could not be read.
public enum TagReadError: Error, Hashable, Sendable {
    /// An audio file's name, but TagLib cannot make sense of it (damaged, cut short, or
    /// another kind of file).
    case unreadable
    /// Not the name of an audio file BlueLibrary reads.
    case notAudio
}

/// An audio file's embedded front cover.
public enum FrontCoverResult: Hashable, Sendable {
    case none
    /// Larger than allowed: not copied.
    case tooLarge(bytes: Int)
    case image(Data)
    case unreadable
}

// MARK: - TrackTagReader

/// Reads tags with TagLib (through the CTagReader C functions). The caller makes sure the
/// path is a regular file: TagLib opens whatever it is given.
public enum TrackTagReader {
    /// The tags and length of the audio file at `path`.
    public static func read(path: MusicFilePath) throws(TagReadError) -> TrackTags {
        var raw = bl_tags()
        switch path.withCString({ bl_tags_read($0, &raw) }) {
        case Int32(BL_TAGS_OK):
            defer { bl_tags_free(&raw) }
            return TrackTags(raw)
        case Int32(BL_TAGS_NOT_AUDIO):
            throw .notAudio
        default:
            throw .unreadable
        }
    }

    /// The file's embedded front cover, refused when larger than `maxBytes`.
    public static func frontCover(path: MusicFilePath, maxBytes: Int) -> FrontCoverResult {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = path.withCString { bl_tags_front_cover($0, max(0, maxBytes), &data, &size) }
        defer { bl_tags_free_data(data) }
        switch status {
        case Int32(BL_COVER_OK):
            guard let data else { return .unreadable }
            return .image(Data(bytes: data, count: size))
        case Int32(BL_COVER_NONE):
            return .none
        case Int32(BL_COVER_TOO_LARGE):
            return .tooLarge(bytes: size)
        default:
            return .unreadable
        }
    }
}

// MARK: - From C

extension TrackTags {
    /// The tags of a successful read.
    init(_ raw: bl_tags) {
        func text(_ pointer: UnsafePointer<CChar>?) -> String {
            pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""
        }
        func number(_ value: UInt32) -> Int? { value == 0 ? nil : Int(value) }
        self.init(
            title: text(raw.title), artist: text(raw.artist), albumArtist: text(raw.album_artist),
            album: text(raw.album), genre: text(raw.genre), musicBrainzAlbumID: text(raw.musicbrainz_album_id),
            year: number(raw.year), trackNumber: number(raw.track), discNumber: number(raw.disc),
            duration: raw.duration.isFinite ? raw.duration : 0, hasFrontCover: raw.has_front_cover != 0
        )
    }
}
