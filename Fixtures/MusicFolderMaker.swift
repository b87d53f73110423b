import CTagReader
import Foundation
import LibraryCore

// MARK: - MusicFolderMaker

/// Makes music folders for the import tests and benchmarks: tiny real audio files (half a
/// second of silence, encoded once per format by `ffmpeg`, then copied), tagged through
/// TagLib by `TrackTagWriter`, with covers of known colours (PNG images from `ffmpeg`).
public final class MusicFolderMaker: @unchecked Sendable {
    /// The audio formats an import reads.
    public enum Format: String, CaseIterable, Sendable {
        case mp3, flac, ogg, opus, m4a, wav

        var encoder: [String] {
            switch self {
            case .mp3: ["-c:a", "libmp3lame"]
            case .flac: ["-c:a", "flac"]
            case .ogg: ["-c:a", "libvorbis"]
            case .opus: ["-c:a", "libopus"]
            case .m4a: ["-c:a", "aac"]
            case .wav: ["-c:a", "pcm_s16le"]
            }
        }
    }

    /// Why a fixture could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let templates: URL
    private var made: [String: URL] = [:]
    private let lock = NSLock()

    /// Keeps its templates in `folder` (a test's temporary folder).
    public init(templates folder: URL) {
        templates = folder
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes a tagged audio file at `file` (its folder is made), with `cover` embedded.
    public func track(_ file: URL, format: Format? = nil, tags: TrackTags, cover: Data? = nil) throws {
        let format = format ?? Format(rawValue: file.pathExtension.lowercased()) ?? .mp3
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: try template(format), to: file)
        guard TrackTagWriter.write(tags, cover: cover, coverMIMEType: "image/png", to: file.path) else {
            throw Failure(description: "could not tag \(file.path)")
        }
    }

    /// A PNG image filled with `color` ("red", "green", "blue" or "0x3366cc"), from the
    /// fixtures' one PNG maker (`png.py`).
    public func image(_ color: String, size: Int = 64) throws -> Data {
        let output = templates.appendingPathComponent("\(color)-\(size).png")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.pngMaker.path, output.path, "--size", "\(size)", "--colour", color]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "png.py could not make a \(color) image") }
        return try Data(contentsOf: output)
    }

    /// The fixtures' PNG maker, beside this file in the source tree.
    public static let pngMaker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("png.py")

    /// Half a second of silence in `format`.
    public func template(_ format: Format) throws -> URL {
        try made("silence.\(format.rawValue)") { output in
            ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-t", "0.5"] + format.encoder + [output]
        }
    }

    private func made(_ name: String, arguments: (String) -> [String]) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let url = made[name] { return url }
        let output = templates.appendingPathComponent(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-loglevel", "error", "-y"] + arguments(output.path)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "ffmpeg could not make \(name) (is ffmpeg installed? scripts/install-dependencies --tests)")
        }
        made[name] = output
        return output
    }
}

// MARK: - TrackTagWriter

/// Writes tags (and a front cover) into an audio file through TagLib: how the tests tag the
/// music they make.
public enum TrackTagWriter {
    /// Replaces the file's tags with `tags` (empty text and `nil` numbers leave a field out)
    /// and its pictures with `cover`. Returns whether the file was saved.
    public static func write(_ tags: TrackTags, cover: Data?, coverMIMEType: String, to path: String) -> Bool {
        var owned: [UnsafeMutablePointer<CChar>] = []
        defer { owned.forEach { free($0) } }
        func text(_ string: String) -> UnsafePointer<CChar>? {
            guard !string.isEmpty, let copy = strdup(string) else { return nil }
            owned.append(copy)
            return UnsafePointer(copy)
        }
        let coverBytes = cover.map { [UInt8]($0) } ?? []
        return coverBytes.withUnsafeBufferPointer { coverBuffer in
            var request = bl_tags_write_request()
            request.title = text(tags.title)
            request.artist = text(tags.artist)
            request.album_artist = text(tags.albumArtist)
            request.album = text(tags.album)
            request.genre = text(tags.genre)
            request.musicbrainz_album_id = text(tags.musicBrainzAlbumID)
            request.musicbrainz_recording_id = text(tags.musicBrainzRecordingID)
            request.year = UInt32(clamping: tags.year ?? 0)
            request.track = UInt32(clamping: tags.trackNumber ?? 0)
            request.disc = UInt32(clamping: tags.discNumber ?? 0)
            if cover != nil, let base = coverBuffer.baseAddress {
                request.cover = base
                request.cover_size = coverBuffer.count
                request.cover_mime = text(coverMIMEType)
            }
            return bl_tags_write(path, &request) == 1
        }
    }
}
