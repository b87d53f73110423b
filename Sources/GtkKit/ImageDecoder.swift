// Why this file exists: a cover is shown at 144 points, yet the file may be a 2000 × 2000
// photo. Decoded at full size it is a 16 MB texture, and 200 of them took gigabytes and froze
// the window. gdk-pixbuf's loaders can decode at the size asked for (a JPEG is even decoded at
// a fraction of its size from the start), and gdk-pixbuf is thread-safe, so the pixels are made
// here, on any thread, and only become a texture on the GTK thread (`Texture(image:)`).

import CGtk
import Foundation

// MARK: - DecodedImage

/// The pixels of an image decoded at the size it will be shown, made on any thread and
/// turned into a `Texture` on the GTK thread.
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the start of the next.
    public let stride: Int
    /// Whether each pixel is red, green, blue and alpha (not premultiplied), or red, green, blue.
    public let hasAlpha: Bool
    /// The rows, top first; the last one may end without padding.
    public let bytes: Data

    /// What the pixels take in memory.
    public var byteCount: Int { bytes.count }
}

// MARK: - ImageDecodingError

/// Why an image could not be decoded, in GLib's words or ours.
public struct ImageDecodingError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

// MARK: - ImageDecoder

/// Decodes PNG, JPEG, GIF, WebP, SVG… (whatever gdk-pixbuf has a loader for) at the size
/// it will be shown: scaled so that its shorter side is `shorterSide` pixels, keeping its
/// aspect ratio, as a picture that covers a square crops it. A bitmap is never enlarged;
/// a vector image is drawn at that size. Callable from any thread.
public enum ImageDecoder {
    /// Decodes `data`.
    ///
    /// - Parameters:
    ///   - mimeType: The format, when the caller knows it (`image/svg+xml`): gdk-pixbuf
    ///     recognises an SVG from its first bytes only, and a long comment may come first.
    ///   - maximumPixels: A bitmap whose header declares more pixels than this is refused
    ///     before a byte of it is decoded (its loader would allocate what it declares).
    public static func decode(
        _ data: Data, mimeType: String? = nil, shorterSide: Int, maximumPixels: Int
    ) throws(ImageDecodingError) -> DecodedImage {
        var error: UnsafeMutablePointer<GError>?
        let made = mimeType.map { gdk_pixbuf_loader_new_with_mime_type($0, &error) } ?? gdk_pixbuf_loader_new()
        guard let loader = made else { throw consume(&error, otherwise: "no loader for \(mimeType ?? "this image")") }
        defer { g_object_unref(loader) }

        let sizing = Sizing(shorterSide: shorterSide, maximumPixels: maximumPixels)
        let box = Unmanaged.passRetained(sizing).toOpaque()
        defer { Unmanaged<Sizing>.fromOpaque(box).release() }
        let handler = bl_signal_connect(bl_object(UnsafeMutableRawPointer(loader)), "size-prepared",
                                        unsafeBitCast(sizePrepared, to: GCallback.self), box, nil)
        defer { g_signal_handler_disconnect(bl_object(UnsafeMutableRawPointer(loader)), handler) }

        let written = data.withUnsafeBytes { buffer -> Bool in
            guard let bytes = buffer.bindMemory(to: guchar.self).baseAddress else { return false }
            return gdk_pixbuf_loader_write(loader, bytes, gsize(buffer.count), &error) != 0
        }
        // Closing finishes the image (or ends a loader that failed, or that 0 × 0 stopped).
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError) != 0
        if error == nil { swap(&error, &closeError) }
        g_clear_error(&closeError)
        if let refusal = sizing.refusal {
            g_clear_error(&error)
            throw ImageDecodingError(description: refusal)
        }
        guard written, closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw consume(&error, otherwise: data.isEmpty ? "no data" : "not an image this system can read")
        }
        return try pixels(of: pixbuf)
    }

    /// The size to decode a `width` × `height` image at (see `decode`): its shorter side
    /// `shorterSide`, or its own size for a bitmap already that small, and never more than
    /// `maximumPixels` in all (a vector image 1 pixel high would otherwise be drawn a
    /// thousand times wider than any screen).
    public static func decodedSize(
        width: Int, height: Int, shorterSide: Int, isScalable: Bool, maximumPixels: Int
    ) -> (width: Int, height: Int) {
        guard width > 0, height > 0, shorterSide > 0 else { return (0, 0) }
        let fit = Double(shorterSide) / Double(min(width, height))
        var scale = isScalable ? fit : min(1, fit)
        var rounding = FloatingPointRoundingRule.toNearestOrAwayFromZero
        let pixels = Double(width) * Double(height) * scale * scale
        if pixels > Double(maximumPixels) {
            scale *= (Double(maximumPixels) / pixels).squareRoot()
            rounding = .down
        }
        return (max(1, Int((Double(width) * scale).rounded(rounding))), max(1, Int((Double(height) * scale).rounded(rounding))))
    }

    // MARK: Loading

    /// What the `size-prepared` handler needs and what it found; used on one thread.
    private final class Sizing {
        let shorterSide: Int
        let maximumPixels: Int
        /// Why the image is refused from its header, if it is.
        var refusal: String?

        init(shorterSide: Int, maximumPixels: Int) {
            self.shorterSide = shorterSide
            self.maximumPixels = maximumPixels
        }
    }

    /// `size-prepared`: (loader, width, height, data). Sets the size to decode at, or 0 × 0
    /// to stop a bitmap that declares too many pixels before anything is allocated. A loader
    /// may announce its size more than once (librsvg does); each time gives the same answer.
    private static let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, gint, gint, gpointer?) -> Void = {
        loader, width, height, data in
        guard let loader, let data else { return }
        let sizing = Unmanaged<Sizing>.fromOpaque(data).takeUnretainedValue()
        let isScalable = gdk_pixbuf_loader_get_format(loader).map { gdk_pixbuf_format_is_scalable($0) != 0 } ?? false
        let declared = (width: Int(width), height: Int(height))
        let tooLarge = declared.width.multipliedReportingOverflow(by: declared.height)
        if !isScalable, tooLarge.overflow || tooLarge.partialValue > sizing.maximumPixels {
            sizing.refusal = "the image declares \(declared.width)×\(declared.height) pixels, more than \(sizing.maximumPixels)"
        } else if declared.width <= 0 || declared.height <= 0 {
            sizing.refusal = "the image declares \(declared.width)×\(declared.height) pixels"
        }
        guard sizing.refusal == nil else {
            gdk_pixbuf_loader_set_size(loader, 0, 0)  // stop: nothing is allocated
            return
        }
        let size = decodedSize(width: declared.width, height: declared.height, shorterSide: sizing.shorterSide,
                               isScalable: isScalable, maximumPixels: sizing.maximumPixels)
        gdk_pixbuf_loader_set_size(loader, gint(size.width), gint(size.height))
    }

    /// A copy of the pixbuf's pixels (the loader owns the pixbuf).
    private static func pixels(of pixbuf: OpaquePointer) throws(ImageDecodingError) -> DecodedImage {
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard gdk_pixbuf_get_colorspace(pixbuf) == GDK_COLORSPACE_RGB, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8,
              channels == (hasAlpha ? 4 : 3), let start = gdk_pixbuf_read_pixels(pixbuf) else {
            throw ImageDecodingError(description: "the image's pixels are in a layout GTK cannot show")
        }
        return DecodedImage(
            width: Int(gdk_pixbuf_get_width(pixbuf)),
            height: Int(gdk_pixbuf_get_height(pixbuf)),
            stride: Int(gdk_pixbuf_get_rowstride(pixbuf)),
            hasAlpha: hasAlpha,
            bytes: Data(bytes: start, count: Int(gdk_pixbuf_get_byte_length(pixbuf)))
        )
    }

    /// The GLib error's message (and frees the error), or `otherwise` when there is none.
    private static func consume(_ error: inout UnsafeMutablePointer<GError>?, otherwise: String) -> ImageDecodingError {
        ImageDecodingError(description: consumeErrorMessage(&error, otherwise: otherwise))
    }
}
