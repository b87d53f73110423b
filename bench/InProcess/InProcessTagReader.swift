import CTagReader
import Foundation
import LibraryCore

// MARK: - InProcessTagReader

/// TagLib in this process, as imports read files before the helpers (issue 56): what the
/// import through `TagReaderPool` is compared with, side by side in one run.
struct InProcessTagReader: MusicFileReader {
    func tags(of path: MusicFilePath) throws(TagReadError) -> TrackTags {
        var raw = bl_tags()
        switch path.withCString({ bl_tags_read($0, &raw) }) {
        case Int32(BL_TAGS_OK):
            defer { bl_tags_free(&raw) }
            return Self.tags(raw)
        case Int32(BL_TAGS_NOT_AUDIO):
            throw .notAudio
        default:
            throw .unreadable
        }
    }

    func frontCover(of path: MusicFilePath, maxBytes: Int) -> FrontCoverResult {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = path.withCString { bl_tags_front_cover($0, max(0, maxBytes), &data, &size) }
        defer { bl_tags_free_data(data) }
        switch status {
        case Int32(BL_COVER_OK):
            guard let data else { return .unreadable }
            return .image(Data(bytes: data, count: size))
        case Int32(BL_COVER_NONE): return .none
        case Int32(BL_COVER_TOO_LARGE): return .tooLarge(bytes: size)
        default: return .unreadable
        }
    }

    private static func tags(_ raw: bl_tags) -> TrackTags {
        func text(_ pointer: UnsafePointer<CChar>?) -> String {
            pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""
        }
        func number(_ value: UInt32) -> Int? { value == 0 ? nil : Int(value) }
        return TrackTags(
            title: text(raw.title), artist: text(raw.artist), albumArtist: text(raw.album_artist),
            album: text(raw.album), genre: text(raw.genre), musicBrainzAlbumID: text(raw.musicbrainz_album_id),
            musicBrainzRecordingID: text(raw.musicbrainz_recording_id),
            year: number(raw.year), trackNumber: number(raw.track), discNumber: number(raw.disc),
            duration: raw.duration.isFinite ? raw.duration : 0, hasFrontCover: raw.has_front_cover != 0
        )
    }
}
