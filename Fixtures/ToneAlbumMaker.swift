import Foundation
import LibraryCore

// MARK: - ToneAlbumMaker

/// Makes music whose sound a playback test can check: sine tones (44100 Hz, stereo, 16-bit)
/// computed here sample by sample, encoded losslessly to FLAC by `ffmpeg` and tagged through
/// `TrackTagWriter`. Each file is decoded back and compared with what was computed, so the
/// tests know every sample the files hold.
public enum ToneAlbumMaker {
    /// Frames per second of every file made.
    public static let rate = 44100

    /// Cuts ONE continuous sine of `frequency` hertz at `amplitude` (of full scale) into
    /// consecutive FLAC tracks of `trackFrames` frames each, "01 Part 1.flac"… in `folder`
    /// (made if needed): played back to back they are one unbroken tone, with no gap and no
    /// jump in phase. Track N is tagged title "Part N", `artist`, `album`, track number N.
    /// The tone begins at frame `firstFrame` of the sine: an album made from where another
    /// ended goes on from it without a jump. Returns the files in track order.
    @discardableResult
    public static func makeContinuousToneAlbum(
        in folder: URL, album: String, artist: String, trackFrames: [Int],
        frequency: Double = 440, amplitude: Double = 0.5, firstFrame: Int = 0
    ) throws -> [URL] {
        guard !trackFrames.isEmpty, trackFrames.allSatisfy({ $0 > 0 }) else {
            throw MusicFolderMaker.Failure(description: "a tone album needs tracks of one frame or more: \(trackFrames)")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let step = 2 * Double.pi * frequency / Double(rate)
        var files: [URL] = []
        var start = firstFrame
        for (index, frames) in trackFrames.enumerated() {
            let number = index + 1
            let file = folder.appendingPathComponent(String(format: "%02d Part %d.flac", number, number))
            // The phase of frame n is n × step over the whole album: the cut changes nothing.
            let levels = (start..<start + frames).map { sample(sin(Double($0) * step), amplitude) }
            let tags = TrackTags(title: "Part \(number)", artist: artist, album: album, trackNumber: number)
            try write(levels, to: file, tags: tags)
            files.append(file)
            start += frames
        }
        return files
    }

    /// Writes one FLAC track at `file` (its folder is made) whose tone changes frequency at
    /// each segment's end, keeping its phase (no click): `frames` frames of each `frequency`
    /// in turn, at half scale; tagged with `tags`.
    public static func makeSteppedTrack(at file: URL, segments: [(frequency: Double, frames: Int)], tags: TrackTags) throws {
        guard !segments.isEmpty, segments.allSatisfy({ $0.frames > 0 }) else {
            throw MusicFolderMaker.Failure(description: "a stepped track needs segments of one frame or more")
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        var levels: [Int16] = []
        var phase = 0.0
        for segment in segments {
            let step = 2 * Double.pi * segment.frequency / Double(rate)
            for _ in 0..<segment.frames {
                levels.append(sample(sin(phase), 0.5))
                phase = (phase + step).truncatingRemainder(dividingBy: 2 * Double.pi)
            }
        }
        try write(levels, to: file, tags: tags)
    }

    /// Tags `files` with ReplayGain's album and track gain of `gain` dB and their `peak` (of
    /// full scale; a player lowers a gain that would clip it), as a ReplayGain scanner would;
    /// the other tags stay.
    public static func tagReplayGain(_ files: [URL], gain: Double, peak: Double) throws {
        for file in files {
            let tagged = file.deletingLastPathComponent().appendingPathComponent(".replaygain-\(file.lastPathComponent)")
            let value = String(format: "%+.2f dB", gain), peakValue = String(format: "%.6f", peak)
            try ffmpeg(["-i", file.path, "-c", "copy", "-map_metadata", "0",
                        "-metadata", "REPLAYGAIN_ALBUM_GAIN=\(value)", "-metadata", "REPLAYGAIN_TRACK_GAIN=\(value)",
                        "-metadata", "REPLAYGAIN_ALBUM_PEAK=\(peakValue)", "-metadata", "REPLAYGAIN_TRACK_PEAK=\(peakValue)", tagged.path])
            try FileManager.default.removeItem(at: file)
            try FileManager.default.moveItem(at: tagged, to: file)
        }
    }

    // MARK: Encoding

    /// A 16-bit level for `value` (−1…1) at `amplitude` of full scale.
    private static func sample(_ value: Double, _ amplitude: Double) -> Int16 {
        Int16((value * min(max(amplitude, 0), 1) * 32767).rounded())
    }

    /// Encodes the mono `levels` (the same on both channels) as FLAC at `file`, tags it, and
    /// checks that decoding it gives exactly those samples back.
    private static func write(_ levels: [Int16], to file: URL, tags: TrackTags) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bluelibrary-tone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(levels.count * 4)
        for level in levels {
            let bits = UInt16(bitPattern: level)
            let low = UInt8(bits & 0xff), high = UInt8(bits >> 8)
            bytes.append(low)  // left
            bytes.append(high)
            bytes.append(low)  // right
            bytes.append(high)
        }
        let raw = work.appendingPathComponent("tone.raw"), decoded = work.appendingPathComponent("decoded.raw")
        try Data(bytes).write(to: raw)
        try? FileManager.default.removeItem(at: file)
        let pcm = ["-f", "s16le", "-ar", "\(rate)", "-ac", "2"]
        try ffmpeg(pcm + ["-i", raw.path, "-c:a", "flac", file.path])
        guard TrackTagWriter.write(tags, cover: nil, coverMIMEType: "image/png", to: file.path) else {
            throw MusicFolderMaker.Failure(description: "could not tag \(file.path)")
        }
        try ffmpeg(["-i", file.path] + pcm + [decoded.path])
        guard try Data(contentsOf: decoded) == Data(bytes) else {
            throw MusicFolderMaker.Failure(description: "\(file.lastPathComponent) does not decode to the \(levels.count) frames written")
        }
    }

    private static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-loglevel", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MusicFolderMaker.Failure(description: "ffmpeg \(arguments.joined(separator: " ")) failed (is ffmpeg installed? scripts/install-dependencies --tests)")
        }
    }
}
