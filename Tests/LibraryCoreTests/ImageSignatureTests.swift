import Fixtures
import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// Covers are recognised by their first bytes: the formats people have, SVG documents
/// included, and never a web page served in place of a cover; a file cut short is no cover.
@Suite("Image signatures")
struct ImageSignatureTests {
    static let svgBody = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#

    @Test("SVG documents are images, whatever comes before their root")
    func svgDocuments() {
        let documents = [
            Self.svgBody,
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + Self.svgBody,
            "\u{FEFF}" + #"<?xml version="1.0"?>"# + Self.svgBody,
            "\n\t  " + Self.svgBody,
            "<!-- drawn by hand -->\n" + Self.svgBody,
            "<?xml version=\"1.0\"?>\n<!--" + String(repeating: "a long licence ", count: 400) + "-->\n" + Self.svgBody,
            #"<?xml version="1.0" standalone="no"?>"# + "\n"
                + #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"# + "\n"
                + Self.svgBody,
            #"<!DOCTYPE svg [ <!ENTITY colour "red"> <!ENTITY arrow "->"> ]>"# + Self.svgBody,
            "<svg>\n</svg>",
            "<svg/>",
        ]
        for document in documents {
            #expect(ImageFormat(signatureOf: Data(document.utf8)) == .svg, "\(document.prefix(80))")
        }
    }

    @Test("web pages and other text are not images")
    func webPagesAreNot() {
        let pages = [
            "<html>not a cover</html>",
            "<!DOCTYPE html>\n<html><body><svg width=\"10\" height=\"10\"></svg></body></html>",
            "<!doctype html><html lang=\"en\"><head><title>Sign in to the Wi-Fi</title></head></html>",
            "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><svg/></html>",
            "<!-- <svg> --><html></html>",
            "Not found. <svg width=\"1\"/>",
            "<svgfoo/>",
            "<svg",
            "<!-- never closed <svg/>",
            "",
        ]
        for page in pages {
            #expect(ImageFormat(signatureOf: Data(page.utf8)) == nil, "\(page.prefix(80))")
        }
    }

    @Test("the bitmap formats are told apart by their magic numbers")
    func bitmaps() {
        #expect(ImageFormat(signatureOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]) == .png)
        #expect(ImageFormat(signatureOf: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(signatureOf: Array("GIF89a".utf8)) == .gif)
        #expect(ImageFormat(signatureOf: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat(signatureOf: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageFormat.svg.mimeType == "image/svg+xml")
    }

    @Test("a PNG, a JPEG or a WebP cut short is incomplete, whole it is complete")
    func completeness() throws {
        for path in ["/cover/a", "/photo-cover/b", "/large-jpeg/c", "/webp-cover/d"] {
            let whole = try FixtureImages.body(of: path)
            let format = try #require(ImageFormat(signatureOf: whole))
            #expect(format.isComplete(whole), "\(path)")
            #expect(format.isComplete(whole + Data(count: 100)), "\(path) with bytes after its end")
            for fraction in [0.2, 0.5, 0.9, 0.999] {
                let cut = whole.prefix(Int(Double(whole.count) * fraction))
                #expect(!format.isComplete(cut), "\(path) cut at \(fraction)")
            }
        }
        // A JPEG whose EXIF thumbnail (inside an APP1 segment) has its own end-of-image
        // marker, cut short in its main image.
        let jpeg = try FixtureImages.body(of: "/large-jpeg/e")
        let thumbnail: [UInt8] = [0xFF, 0xE1, 0x00, 0x08] + Array("Exif".utf8) + [0xFF, 0xD9]
        let withThumbnail = Data(jpeg.prefix(2)) + Data(thumbnail) + Data(jpeg.dropFirst(2))
        #expect(ImageFormat.jpeg.isComplete(withThumbnail))
        #expect(!ImageFormat.jpeg.isComplete(withThumbnail.prefix(withThumbnail.count / 2)))
    }

    @Test("a PNG cut short is refused by the cover store and never cached")
    func truncatedCoversAreRefused() async throws {
        let server = try CoverServer()
        let folders = TestFolders()
        let store = CoverStore(directory: folders.locations.coverDirectory, client: HTTPClient())
        #expect(await store.cover(for: server.url("/truncated-png")) == .failure(.incomplete))
        #expect(folders.files(in: folders.locations.coverDirectory).isEmpty)
    }

    @Test("an SVG and a WebP cover are downloaded and cached like any other")
    func svgAndWebPCoversAreCached() async throws {
        let server = try CoverServer()
        let folders = TestFolders()
        let store = CoverStore(directory: folders.locations.coverDirectory, client: HTTPClient())
        let svg = try await store.cover(for: server.url("/svg-cover/a")).get()
        #expect(ImageFormat(signatureOf: svg) == .svg)
        let webp = try await store.cover(for: server.url("/webp-cover/b")).get()
        #expect(ImageFormat(signatureOf: webp) == .webp)
        #expect(folders.files(in: folders.locations.coverDirectory).count == 2)
    }
}
