import Foundation
import GtkKit
import LibraryCore

// MARK: - CoverTextures

/// Decoded covers, shared by every album view and kept while recently used.
///
/// GTK 4.8 rebinds every row of the strip (about 200) after an album is deleted or restored,
/// and each row shows its cover again: decoding its PNG each time would cost milliseconds
/// per row. A decoded texture is reused instead.
@MainActor
final class CoverTextures {
    static let shared = CoverTextures()

    /// Enough for the rows GTK keeps alive, at 288×288 pixels (a 2× screen) and more.
    private var cache = LRUCache<String, Texture>(costLimit: 128 * 1_048_576)

    /// The decoded cover for `address`, if it was decoded recently.
    func texture(for address: String) -> Texture? {
        cache.value(forKey: address)
    }

    /// A cover larger than this (16 megapixels, e.g. 4096 × 4096) is not decoded: a hostile
    /// file can declare any size in a few bytes, and GTK allocates what it declares.
    static let maximumPixels = 4096 * 4096

    /// Decodes `data` (PNG, JPEG…) and keeps the result for `address`.
    func decode(_ data: Data, for address: String) throws(Texture.DecodingError) -> Texture {
        let texture = try Texture(data: data, maximumPixels: Self.maximumPixels)
        cache.insert(texture, forKey: address, cost: texture.width * texture.height * 4)
        return texture
    }
}
