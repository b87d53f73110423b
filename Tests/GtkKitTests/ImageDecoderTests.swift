import Fixtures
import Foundation
import Testing
import TestSupport
@testable import GtkKit

/// Images are decoded at the size they are shown (the shorter side at the size asked, the
/// aspect ratio kept, a bitmap never enlarged), on any thread, in the formats people have;
/// a decompression bomb is still refused from its header.
@Suite(.serialized)
struct ImageDecoderTests {
    static let maximumPixels = 4096 * 4096

    /// Width and height, for comparing with a literal.
    static func size(of image: DecodedImage) -> [Int] {
        [image.width, image.height]
    }

    @Test func aLargePhotoIsDecodedAtTheSizeShownOffTheMainThread() async throws {
        let photo = try FixtureImages.body(of: "/large-jpeg/photo")
        #expect(ImageHeader.declaredSize(of: photo).map { [$0.width, $0.height] } == [2000, 2000])
        let image = try await Task.detached {
            try ImageDecoder.decode(photo, shorterSide: 288, maximumPixels: Self.maximumPixels)
        }.value
        #expect(image.width == 288 && image.height == 288)
        #expect(!image.hasAlpha)
        #expect(image.stride >= image.width * 3)
        #expect(image.byteCount <= image.stride * image.height, "288 × 288 pixels, not a full-size 16 MB image")
    }

    @Test func aPortraitCoverKeepsItsShapeWithItsShorterSideAtTheSizeAsked() throws {
        let portrait = try FixtureImages.body(of: "/shaped-cover/200x1000/portrait")
        let shrunk = try ImageDecoder.decode(portrait, shorterSide: 144, maximumPixels: Self.maximumPixels)
        #expect(Self.size(of: shrunk) == [144, 720])
        let landscape = try FixtureImages.body(of: "/shaped-cover/1000x200/landscape")
        let wide = try ImageDecoder.decode(landscape, shorterSide: 100, maximumPixels: Self.maximumPixels)
        #expect(Self.size(of: wide) == [500, 100])
        let notEnlarged = try ImageDecoder.decode(portrait, shorterSide: 288, maximumPixels: Self.maximumPixels)
        #expect(Self.size(of: notEnlarged) == [200, 1000], "a bitmap is never enlarged")
    }

    @Test func webPAndSVGAreDecoded() throws {
        let webp = try ImageDecoder.decode(try FixtureImages.body(of: "/webp-cover/a"), mimeType: "image/webp",
                                           shorterSide: 288, maximumPixels: Self.maximumPixels)
        #expect(Self.size(of: webp) == [32, 32])
        // A vector image is drawn at the size asked, here larger than the 120 × 120 it declares.
        let svg = try ImageDecoder.decode(try FixtureImages.body(of: "/svg-cover/b"), mimeType: "image/svg+xml",
                                          shorterSide: 288, maximumPixels: Self.maximumPixels)
        #expect(Self.size(of: svg) == [288, 288])
        // gdk-pixbuf recognises an SVG by its first bytes only; told the format, it reads one
        // whose root comes after a long comment.
        let commented = Data(("<?xml version=\"1.0\"?>\n<!--" + String(repeating: "licence ", count: 1000) + "-->\n"
            + #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>"#).utf8)
        let drawn = try ImageDecoder.decode(commented, mimeType: "image/svg+xml", shorterSide: 100, maximumPixels: Self.maximumPixels)
        #expect(Self.size(of: drawn) == [200, 100])
    }

    @MainActor
    @Test func aBombIsRefusedFromItsHeaderAndNonsenseIsAnError() {
        let bomb = ImageHeaderTests.png(width: 100_000, height: 100_000)
        do {
            let image = try ImageDecoder.decode(bomb, shorterSide: 288, maximumPixels: Self.maximumPixels)
            Issue.record("a PNG declaring 100,000 × 100,000 pixels was decoded to \(image.width) × \(image.height)")
        } catch {
            #expect(error.description.contains("100000×100000"), "\(error)")
        }
        #expect(throws: ImageDecodingError.self) {
            try ImageDecoder.decode(Data("<html>not a cover</html>".utf8), shorterSide: 288, maximumPixels: Self.maximumPixels)
        }
        #expect(throws: ImageDecodingError.self) {
            try ImageDecoder.decode(Data(), shorterSide: 288, maximumPixels: Self.maximumPixels)
        }
    }

    @Test func decodedSizes() {
        func size(_ width: Int, _ height: Int, _ side: Int, scalable: Bool = false) -> [Int] {
            let size = ImageDecoder.decodedSize(width: width, height: height, shorterSide: side, isScalable: scalable,
                                                maximumPixels: Self.maximumPixels)
            return [size.width, size.height]
        }
        #expect(size(2000, 2000, 288) == [288, 288])
        #expect(size(1000, 200, 144) == [720, 144])
        #expect(size(100, 100, 288) == [100, 100])
        #expect(size(100, 100, 288, scalable: true) == [288, 288])
        // A vector image 1 pixel high is not drawn 288 pixels high and 288,000 wide.
        let thin = size(1000, 1, 288, scalable: true)
        #expect(thin[0] * thin[1] <= Self.maximumPixels)
        #expect(size(0, 10, 288) == [0, 0])
    }

    @MainActor
    @Test func decodedPixelsBecomeATextureOfTheirSize() throws {
        try #require(MainLoopDriver.start(), "GTK needs a display")
        let portrait = try FixtureImages.body(of: "/shaped-cover/200x1000/portrait")
        let texture = Texture(image: try ImageDecoder.decode(portrait, shorterSide: 144, maximumPixels: Self.maximumPixels))
        #expect(texture.width == 144 && texture.height == 720)
    }
}
