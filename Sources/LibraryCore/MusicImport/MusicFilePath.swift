import Foundation

// MARK: - MusicFilePath

/// A path on the user's disk, kept as the file system's bytes: a music folder may hold names
/// that are not UTF-8, and such a file must still be opened, remembered and shown.
public struct MusicFilePath: Hashable, Comparable, Sendable {
    /// The path's bytes, without a trailing NUL.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path of a local file URL (any bytes it escapes included).
    public init?(url: URL) {
        guard url.isFileURL else { return nil }
        let escaped = Array(url.standardizedFileURL.path(percentEncoded: true).utf8)
        var bytes = Self.percentDecoded(escaped)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard !bytes.isEmpty else { return nil }
        self.bytes = bytes
    }

    public static func < (lhs: MusicFilePath, rhs: MusicFilePath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    /// The path inside this folder named `name`.
    public func appending(_ name: [UInt8]) -> MusicFilePath {
        MusicFilePath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name : bytes + [UInt8(ascii: "/")] + name)
    }

    /// The last component's bytes.
    public var nameBytes: ArraySlice<UInt8> {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes[...] }
        return bytes[(slash + 1)...]
    }

    /// The folder holding this path.
    public var parent: MusicFilePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return MusicFilePath(bytes: slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash]))
    }

    /// Whether `self` is `folder` or lies inside it.
    public func isInside(_ folder: MusicFilePath) -> Bool {
        bytes == folder.bytes || bytes.starts(with: folder.bytes + [UInt8(ascii: "/")]) || folder.bytes == [UInt8(ascii: "/")]
    }

    /// The path to show (bytes that are not UTF-8 shown as U+FFFD).
    public var displayString: String { String(decoding: bytes, as: UTF8.self) }
    /// The last component to show.
    public var displayName: String { String(decoding: nameBytes, as: UTF8.self) }

    /// The name's extension, in lower case ("flac"); "" for none.
    public var fileExtension: String {
        guard let dot = nameBytes.lastIndex(of: UInt8(ascii: ".")), dot > nameBytes.startIndex else { return "" }
        return String(decoding: nameBytes[(dot + 1)...], as: UTF8.self).lowercased()
    }

    /// A `file://` URI that keeps every byte (escaped), for the album and the file manager.
    public var uri: String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=:@".utf8)
        var text = "file://"
        for byte in bytes {
            if unreserved.contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let byte = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16) {
                result.append(byte)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
