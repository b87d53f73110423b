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
    /// Covers decoded ahead of their views (`prefetch`), until a view asks for them.
    private let prefetched = PrefetchedCovers()

    /// A bitmap declaring more than this (16 megapixels, e.g. 4096 × 4096) is not decoded:
    /// a hostile file can declare any size in a few bytes, and its loader allocates it.
    nonisolated static let maximumPixels = 4096 * 4096

    /// The decoded cover for `key`, if it was decoded recently (or prefetched).
    package func texture(for key: Key) -> Texture? {
        if let texture = cache.value(forKey: key) { return texture }
        guard let image = prefetched.take(key) else { return nil }
        let texture = Texture(image: image)
        cache.insert(texture, forKey: key, cost: image.byteCount)
        return texture
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
    nonisolated static func decodeOffTheGTKThread(_ data: Data, shorterSide: Int) async throws(ImageDecodingError) -> DecodedImage {
        try ImageDecoder.decode(data, mimeType: ImageFormat(signatureOf: data)?.mimeType,
                                shorterSide: shorterSide, maximumPixels: maximumPixels)
    }
}

// MARK: - Ahead of the views

extension CoverTextures {
    /// Starts reading and decoding the covers of `keys` not decoded yet, off the GTK thread
    /// and without waiting for it: the window's first covers, asked for while the GTK thread
    /// builds and realises the window (it returns to its main loop only for the first frame),
    /// are then decoded when GTK makes the rows, and in the first frame.
    ///
    /// A view finds a prefetched cover through `texture(for:)`; one still on its way when the
    /// view asks is fetched by the view as usual (the store reads it once for both).
    package func prefetch(_ keys: [Key], from covers: CoverStore) {
        let wanted = keys.filter { texture(for: $0) == nil }
        guard !wanted.isEmpty else { return }
        let prefetched = prefetched
        Task.detached(priority: .userInitiated) {
            await withTaskGroup(of: Void.self) { group in
                for key in wanted {
                    group.addTask {
                        guard case .success(let data) = await covers.cover(for: key.address),
                              let image = try? await CoverTextures.decodeOffTheGTKThread(data, shorterSide: key.pixelSize) else { return }
                        prefetched.keep(image, for: key)
                    }
                }
            }
        }
    }
}

// MARK: - PrefetchedCovers

/// Covers decoded ahead of their views, handed from the threads that decode them to the GTK
/// thread, where each becomes a texture when a view first asks for it. One no view asks for
/// (the window was narrowed before its first frame) stays until the window closes: at most the
/// fifteen or so prefetched around the selected album.
final class PrefetchedCovers: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [CoverTextures.Key: DecodedImage] = [:]

    func keep(_ image: DecodedImage, for key: CoverTextures.Key) {
        lock.withLock { images[key] = image }
    }

    /// The image decoded for `key`, given once.
    func take(_ key: CoverTextures.Key) -> DecodedImage? {
        lock.withLock { images.removeValue(forKey: key) }
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
