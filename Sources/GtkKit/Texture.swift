// Why this file exists: images reach GTK as textures, decoded from a file's bytes or uploaded
// from pixels decoded on another thread (`ImageDecoder`).

import CGtk
import Foundation

/// An image decoded into GPU-ready pixels (`GdkTexture`).
@MainActor
public final class Texture: ObjectHandle {
    /// Why an image could not be decoded, in GLib's words.
    public typealias DecodingError = ImageDecodingError

    /// Decodes PNG, JPEG or TIFF data whose header declares at most `maximumPixels` pixels;
    /// anything larger is refused before a byte of it is decoded.
    public convenience init(data: Data, maximumPixels: Int) throws(DecodingError) {
        guard let size = ImageHeader.declaredSize(of: data) else {
            throw DecodingError(description: "not an image this system can read")
        }
        guard size.width > 0, size.height > 0, size.width.multipliedReportingOverflow(by: size.height).partialValue <= maximumPixels,
              size.width <= maximumPixels, size.height <= maximumPixels else {
            throw DecodingError(description: "the image declares \(size.width)×\(size.height) pixels, more than \(maximumPixels)")
        }
        try self.init(data: data)
    }

    /// Decodes PNG, JPEG or TIFF data.
    public init(data: Data) throws(DecodingError) {
        let bytes = makeGBytes(data)
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            throw DecodingError(description: consumeErrorMessage(&error, otherwise: "unknown image format"))
        }
        super.init(owning: UnsafeMutableRawPointer(texture))
    }

    /// A texture somebody else owns (a dropped value's), with a reference of its own.
    init(borrowingTexture texture: OpaquePointer) {
        super.init(borrowing: UnsafeMutableRawPointer(texture))
    }

    /// Pixels decoded on another thread (`ImageDecoder`), uploaded as they are.
    public init(image: DecodedImage) {
        let bytes = makeGBytes(image.bytes)
        defer { g_bytes_unref(bytes) }
        let format = image.hasAlpha ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8
        let texture = gdk_memory_texture_new(Int32(image.width), Int32(image.height), format, bytes, gsize(image.stride))
        super.init(owning: UnsafeMutableRawPointer(texture))
    }

    /// The pixels as a PNG file's bytes (image data dropped from another app, to store it),
    /// encoded on another thread: a texture is immutable, so GTK lets any thread read it, and
    /// a large one takes a while to encode.
    public func pngData() async -> Data {
        await Self.encodePNG(TextureReference(retaining: gObject))
    }

    @concurrent
    private nonisolated static func encodePNG(_ texture: TextureReference) async -> Data {
        defer { g_object_unref(texture.pointer) }
        guard let bytes = gdk_texture_save_to_png_bytes(OpaquePointer(texture.pointer)) else { return Data() }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let start = g_bytes_get_data(bytes, &size) else { return Data() }
        return Data(bytes: start, count: Int(size))
    }

    public var width: Int { Int(gdk_texture_get_width(opaque)) }
    public var height: Int { Int(gdk_texture_get_height(opaque)) }
}

/// A reference to a texture handed to another thread (textures are immutable).
private struct TextureReference: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init(retaining object: UnsafeMutablePointer<GObject>) {
        pointer = UnsafeMutableRawPointer(g_object_ref(object))
    }
}
