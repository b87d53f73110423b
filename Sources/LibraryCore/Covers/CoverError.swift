// MARK: - CoverError

/// Why a cover could not be had. The window shows a placeholder, not an error message.
public enum CoverError: Error, Hashable, Sendable {
    /// The download failed.
    case download(HTTPError)
    /// The server sent something that is not a PNG, JPEG, GIF or WebP image.
    case notAnImage
}

extension CoverError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .download(let error): "the cover could not be downloaded: \(error)"
        case .notAnImage: "the cover is not an image"
        }
    }
}

// MARK: - ImageSignature

/// Recognises image files by their first bytes, so a web page served in place of a cover
/// (an error page, a captive portal) is never cached as one. Decoding is the UI's job.
enum ImageSignature {
    static func isImage(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])  // PNG
            || starts([0xFF, 0xD8, 0xFF])  // JPEG
            || starts(Array("GIF8".utf8))  // GIF
            || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8))  // WebP
    }
}
