import Foundation

// MARK: - ImageFormat

/// The formats a cover may come in, recognised by their first bytes, so a web page served in
/// place of a cover (an error page, a captive portal) is never cached as one. Decoding is the
/// UI's job; it is told the format, so its decoder need not guess.
public enum ImageFormat: Sendable, CaseIterable {
    case png, jpeg, gif, webp, svg

    /// The format `bytes` are in, or nil when they are none of these.
    public init?(signatureOf bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF8".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if SVGSignature.matches(bytes) {
            self = .svg
        } else {
            return nil
        }
    }

    /// The format's MIME type (`image/svg+xml`).
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        }
    }
}

// MARK: - ImageSignature

/// Tells image files from anything else by their first bytes (see `ImageFormat`).
enum ImageSignature {
    static func isImage(_ bytes: some Collection<UInt8>) -> Bool {
        ImageFormat(signatureOf: bytes) != nil
    }

    /// Whether `data` is an image, whole (see `ImageFormat.isComplete`).
    static func check(_ data: Data) -> Result<ImageFormat, CoverError> {
        guard let format = ImageFormat(signatureOf: data) else { return .failure(.notAnImage) }
        return format.isComplete(data) ? .success(format) : .failure(.incomplete)
    }
}

// MARK: - SVGSignature

/// Recognises an SVG document: its root element is `<svg`, with nothing before it but a
/// byte-order mark, white space, an XML declaration (or other processing instructions),
/// comments and a document type declaration. An HTML page is not one: its root is `<html`,
/// or, in the sloppy ones, whatever text comes first.
enum SVGSignature {
    /// How far into the file the root element may start (comments before it can be long).
    static let searchLimit = 64 * 1024

    static func matches(_ bytes: some Collection<UInt8>) -> Bool {
        var scanner = PrologScanner(bytes: Array(bytes.prefix(searchLimit)))
        _ = scanner.skip([0xEF, 0xBB, 0xBF])  // UTF-8 byte-order mark
        while true {
            scanner.skipWhitespace()
            if scanner.skip("<?") {
                guard scanner.skip(past: "?>") else { return false }
            } else if scanner.skip("<!--") {
                guard scanner.skip(past: "-->") else { return false }
            } else if scanner.skip("<!DOCTYPE") {
                guard scanner.skipDoctype() else { return false }
            } else {
                break
            }
        }
        return scanner.skip("<svg") && scanner.isAtEndOfName
    }
}

// MARK: - PrologScanner

/// Walks over the start of an XML document, up to its root element.
private struct PrologScanner {
    let bytes: [UInt8]
    var position = 0

    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Skips `expected` if it comes next.
    mutating func skip(_ expected: some Sequence<UInt8>) -> Bool {
        var index = position
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        position = index
        return true
    }

    mutating func skip(_ expected: String) -> Bool {
        skip(expected.utf8)
    }

    /// Skips everything up to and including the next `terminator`; false if there is none.
    mutating func skip(past terminator: String) -> Bool {
        while position < bytes.count {
            if skip(terminator) { return true }
            position += 1
        }
        return false
    }

    mutating func skipWhitespace() {
        while position < bytes.count, Self.whitespace.contains(bytes[position]) { position += 1 }
    }

    /// Skips the rest of `<!DOCTYPE …>`, whose internal subset (`[…]`) and quoted identifiers
    /// may hold `>` themselves.
    mutating func skipDoctype() -> Bool {
        var depth = 0
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: ">") where depth == 0: return true
            default: break
            }
        }
        return false
    }

    /// Whether the element name just read ends here (`<svg>`, `<svg xmlns…`, `<svg/>`), rather
    /// than going on (`<svgfoo`).
    var isAtEndOfName: Bool {
        guard position < bytes.count else { return false }
        let next = bytes[position]
        return Self.whitespace.contains(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/")
    }
}
