import Foundation

// MARK: - Completeness

extension ImageFormat {
    /// Whether `data` runs to the end its format announces: a PNG reaches its `IEND` chunk, a
    /// JPEG its end-of-image marker after the first scan, a WebP the length its RIFF header
    /// gives. A file cut short (a damaged download, a server that sends part of a file) is not
    /// a cover: gdk-pixbuf would show it with its missing rows blank. GIF and SVG decoders
    /// refuse such files themselves.
    public func isComplete(_ data: Data) -> Bool {
        let bytes = ByteReader(data: data)
        switch self {
        case .png: return bytes.reachesPNGEnd
        case .jpeg: return bytes.reachesJPEGEnd
        case .webp: return bytes.reachesRIFFEnd
        case .gif, .svg: return true
        }
    }
}

// MARK: - ByteReader

/// Reads the structure of an image file: big- and little-endian numbers at offsets from its
/// start, and the chunks or segments they announce.
private struct ByteReader {
    let data: Data

    var count: Int { data.count }

    subscript(offset: Int) -> UInt8 {
        data[data.startIndex + offset]
    }

    func bigEndian32(at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 << 8 | Int(self[offset + $1]) }
    }

    func bigEndian16(at offset: Int) -> Int {
        Int(self[offset]) << 8 | Int(self[offset + 1])
    }

    func littleEndian32(at offset: Int) -> Int {
        (0..<4).reversed().reduce(0) { $0 << 8 | Int(self[offset + $1]) }
    }

    /// PNG: chunks of (length, type, data, CRC) after the 8-byte signature, up to `IEND`.
    var reachesPNGEnd: Bool {
        let end = Array("IEND".utf8)
        var offset = 8
        while offset + 12 <= count {
            let length = bigEndian32(at: offset)
            let next = offset + 12 + length
            guard next <= count else { return false }
            if (0..<4).allSatisfy({ self[offset + 4 + $0] == end[$0] }) { return true }
            offset = next
        }
        return false
    }

    /// JPEG: marker segments after the start-of-image marker up to the first scan, then the
    /// end-of-image marker (`FF D9`), which the scan data cannot contain (an `FF` there is
    /// followed by `00` or a restart marker). Segments are skipped by their length, so an EXIF
    /// thumbnail's own end-of-image marker does not count.
    var reachesJPEGEnd: Bool {
        var offset = 2
        while offset + 4 <= count {
            guard self[offset] == 0xFF else { return false }
            let marker = self[offset + 1]
            switch marker {
            case 0xFF:
                offset += 1  // fill byte
            case 0xD9:
                return true
            case 0x01, 0xD0...0xD7:
                offset += 2  // markers without a length
            default:
                let length = bigEndian16(at: offset + 2)
                guard length >= 2 else { return false }
                offset += 2 + length
                if marker == 0xDA { return containsEndOfImage(from: offset) }
            }
        }
        return false
    }

    private func containsEndOfImage(from offset: Int) -> Bool {
        guard offset < count else { return false }
        let start = data.startIndex + offset
        return data.range(of: Data([0xFF, 0xD9]), in: start..<data.endIndex) != nil
    }

    /// WebP: a RIFF file whose header gives the length of what follows its first 8 bytes.
    var reachesRIFFEnd: Bool {
        count >= 12 && littleEndian32(at: 4) + 8 <= count
    }
}
