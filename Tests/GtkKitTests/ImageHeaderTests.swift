import Foundation
import Testing
import TestSupport
@testable import GtkKit

/// An image's declared size is read from its header, and an image declaring too many pixels is
/// refused before GTK allocates them.
@MainActor
@Suite(.serialized)
struct ImageHeaderTests {
    @Test func theDeclaredSizeComesFromTheHeader() throws {
        try #require(MainLoopDriver.start(), "GTK needs a display")
        let size = ImageHeader.declaredSize(of: Self.png(width: 300, height: 200))
        #expect(size?.width == 300 && size?.height == 200)
        #expect(ImageHeader.declaredSize(of: Data("<html>not a cover</html>".utf8)) == nil)
    }

    @Test func aPNGDeclaringTenBillionPixelsIsRefusedUndecoded() throws {
        try #require(MainLoopDriver.start(), "GTK needs a display")
        let bomb = Self.png(width: 100_000, height: 100_000)
        #expect(ImageHeader.declaredSize(of: bomb)?.width == 100_000)
        #expect(throws: Texture.DecodingError.self) { try Texture(data: bomb, maximumPixels: 4096 * 4096) }
        let texture = try Texture(data: Self.png(width: 4, height: 4, rows: true), maximumPixels: 4096 * 4096)
        #expect(texture.width == 4)
    }

    /// A PNG header declaring `width` × `height`; with `rows`, real pixel data follows.
    static func png(width: Int, height: Int, rows: Bool = false) -> Data {
        func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(kind.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        let row: [UInt8] = [0] + Array(repeating: UInt8(200), count: width * 3)
        let raw: [UInt8] = rows ? Array(repeating: row, count: height).flatMap { $0 } : [0, 0, 0, 0]
        let stored: [UInt8] = [0x78, 0x01, 0x01] + storedBlockLength(raw.count) + raw + bigEndian(adler32(raw))
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", stored) + chunk("IEND", []))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    private static func storedBlockLength(_ count: Int) -> [UInt8] {
        let length = UInt16(count), complement = ~length
        return [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(complement & 0xFF), UInt8(complement >> 8)]
    }
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }
}
