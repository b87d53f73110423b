import Foundation

// MARK: - TagReaderRequest

/// One question to a tag reader helper, as its bytes (Sources/CTagReaderService's
/// `bl_request_header`, then the path).
struct TagReaderRequest: Sendable {
    enum Kind: UInt8, Sendable {
        case tags = 0x54  // "T"
        case frontCover = 0x43  // "C"
    }

    var kind: Kind
    var path: MusicFilePath
    /// For a front cover: the largest picture copied.
    var maxBytes = 0

    /// The header and the path's bytes.
    var bytes: [UInt8] {
        let path = path.bytes
        var bytes: [UInt8] = [kind.rawValue, 0, 0, 0]
        bytes.appendNative(UInt32(truncatingIfNeeded: path.count))
        bytes.appendNative(UInt64(max(0, maxBytes)))
        bytes.append(contentsOf: path)
        return bytes
    }
}

// MARK: - TagReaderAnswer

/// A helper's answer (`bl_answer_header`, then its payload).
struct TagReaderAnswer: Sendable {
    /// The header's size on the wire.
    static let headerSize = 24
    /// The largest payload believed: a 20 MB cover and its margin (`OwnCovers.maximumSize`).
    static let maximumPayload = 64 << 20

    var status: UInt8
    var value: UInt64
    var payload: [UInt8]

    /// The status and the two numbers of a header; `nil` when its payload is out of bounds.
    static func header(_ bytes: [UInt8]) -> (status: UInt8, value: UInt64, payloadLength: Int)? {
        var reader = NativeBytes(bytes)
        guard let status = reader.byte(), reader.skip(7), let value = reader.u64(), let length = reader.u64(),
              length <= UInt64(maximumPayload) else { return nil }
        return (status, value, Int(length))
    }

    /// The tags of a `BL_TAGS_OK` answer; `nil` when the payload does not read as tags.
    var tags: TrackTags? {
        var reader = NativeBytes(payload)
        guard let title = reader.string(), let artist = reader.string(), let albumArtist = reader.string(),
              let album = reader.string(), let genre = reader.string(), let releaseID = reader.string(),
              let year = reader.u32(), let track = reader.u32(), let disc = reader.u32(),
              let duration = reader.f64(), let cover = reader.u32(), let recordingID = reader.string() else { return nil }
        func number(_ value: UInt32) -> Int? { value == 0 ? nil : Int(value) }
        return TrackTags(title: title, artist: artist, albumArtist: albumArtist, album: album, genre: genre,
                         musicBrainzAlbumID: releaseID, musicBrainzRecordingID: recordingID,
                         year: number(year), trackNumber: number(track),
                         discNumber: number(disc), duration: duration.isFinite && duration >= 0 ? duration : 0,
                         hasFrontCover: cover != 0)
    }
}

// MARK: - Bytes in the machine's order

/// Reads numbers and strings from bytes written by the helper on this machine.
private struct NativeBytes {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func skip(_ count: Int) -> Bool {
        guard bytes.count - offset >= count else { return false }
        offset += count
        return true
    }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u32() -> UInt32? { load(UInt32.self) }
    mutating func u64() -> UInt64? { load(UInt64.self) }
    mutating func f64() -> Double? { load(UInt64.self).map(Double.init(bitPattern:)) }

    /// A length and that many UTF-8 bytes (invalid sequences become U+FFFD).
    mutating func string() -> String? {
        guard let length = u32().map(Int.init), bytes.count - offset >= length else { return nil }
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    private mutating func load<Number: FixedWidthInteger>(_: Number.Type) -> Number? {
        let size = MemoryLayout<Number>.size
        guard bytes.count - offset >= size else { return nil }
        defer { offset += size }
        return bytes[offset..<offset + size].withUnsafeBytes { $0.loadUnaligned(as: Number.self) }
    }
}

extension Array where Element == UInt8 {
    /// Appends `value`'s bytes in the machine's order.
    fileprivate mutating func appendNative<Number: FixedWidthInteger>(_ value: Number) {
        Swift.withUnsafeBytes(of: value) { append(contentsOf: $0) }
    }
}
