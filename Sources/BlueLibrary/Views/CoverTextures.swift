import Foundation
import GtkKit
import LibraryCore

// MARK: - CoverTextures

/// Covers decoded at the size they are shown, shared by every album view and kept while
/// recently used.
///
/// A cover is decoded off the GTK thread, at its size on screen (a 2000 × 2000 photo shown
/// at 144 points becomes 288 × 288 pixels on a 2× screen, not a 16 MB texture), and only
/// the texture is made on the GTK thread. A decoded texture is reused when its album comes
/// back on screen, or when GTK rebinds the rows after a deletion.
///
/// The window's controller makes one and hands it to each album view it creates.
@MainActor
package final class CoverTextures {
    package init() {}

    /// A cover at one size: the same address shown on a 1× and a 2× screen is two textures.
    package struct Key: Hashable {
        package let address: String
        /// The length, in device pixels, of the texture's shorter side.
        package let pixelSize: Int

        package init(address: String, pixelSize: Int) {
            self.address = address
            self.pixelSize = pixelSize
        }
    }

    /// About 600 covers at 1×, 150 at 2× (288 × 288 × 4 bytes each): the covers near the
    /// screen and those scrolled past recently.
    private var cache = LRUCache<Key, Texture>(costLimit: 48 * 1_048_576)

    /// A bitmap declaring more than this (16 megapixels, e.g. 4096 × 4096) is not decoded:
    /// a hostile file can declare any size in a few bytes, and its loader allocates it.
    nonisolated static let maximumPixels = 4096 * 4096

    /// The decoded cover for `key`, if it was decoded recently.
    package func texture(for key: Key) -> Texture? {
        cache.value(forKey: key)
    }

    /// Decodes `data` (PNG, JPEG, GIF, WebP, SVG…) at `key.pixelSize` on another thread, and
    /// keeps the texture for `key`.
    package func decode(_ data: Data, for key: Key) async throws(ImageDecodingError) -> Texture {
        let image = try await Self.decodeOffTheGTKThread(data, shorterSide: key.pixelSize)
        let texture = Texture(image: image)
        cache.insert(texture, forKey: key, cost: image.byteCount)
        return texture
    }

    @concurrent
    private nonisolated static func decodeOffTheGTKThread(_ data: Data, shorterSide: Int) async throws(ImageDecodingError) -> DecodedImage {
        try ImageDecoder.decode(data, mimeType: ImageFormat(signatureOf: data)?.mimeType,
                                shorterSide: shorterSide, maximumPixels: maximumPixels)
    }
}

// MARK: - One cover, whatever it takes

extension CoverTextures {
    /// The cover for `key`: decoded before, or fetched from `library` and decoded now; nil when
    /// there is none or it cannot be decoded.
    package func texture(for key: Key, from library: LibraryAPI?) async -> Texture? {
        if let texture = texture(for: key) { return texture }
        guard let library, case .success(let data) = await library.cover(for: key.address) else { return nil }
        return try? await decode(data, for: key)
    }
}
