// Why this file exists: an image's declared size must be known before it is decoded, or a
// few hostile bytes make GTK allocate gigabytes.

import CGtk
import Foundation

/// Reads the pixel size an image declares in its header, without decoding it, through
/// gdk-pixbuf's loaders (the same way `gdk_pixbuf_get_file_info` does for a file).
///
/// It exists because GTK's own decoders allocate what the header declares: a 100-byte PNG
/// claiming 100,000 × 100,000 pixels asks for 30 GB before the data turns out to be missing.
public enum ImageHeader {
    /// The declared width and height, or nil if no loader recognises the data.
    public static func declaredSize(of data: Data) -> (width: Int, height: Int)? {
        guard let loader = gdk_pixbuf_loader_new() else { return nil }
        defer { g_object_unref(loader) }
        let size = SizeBox()
        let box = Unmanaged.passRetained(size).toOpaque()
        let handler: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { loader, width, height, data in
            guard let data else { return }
            let size = Unmanaged<SizeBox>.fromOpaque(data).takeUnretainedValue()
            size.value = (Int(width), Int(height))
            gdk_pixbuf_loader_set_size(loader?.assumingMemoryBound(to: GdkPixbufLoader.self), 0, 0)  // stop: nothing is allocated
        }
        let id = bl_signal_connect(bl_object(UnsafeMutableRawPointer(loader)), "size-prepared",
                                   unsafeBitCast(handler, to: GCallback.self), box, nil)
        // The loader stops at the header (the size 0 × 0 ends it), however long the data is:
        // a JPEG may carry a large EXIF block before its size.
        data.withUnsafeBytes { buffer in
            guard let bytes = buffer.bindMemory(to: guchar.self).baseAddress else { return }
            _ = gdk_pixbuf_loader_write(loader, bytes, gsize(buffer.count), nil)
        }
        _ = gdk_pixbuf_loader_close(loader, nil)
        g_signal_handler_disconnect(bl_object(UnsafeMutableRawPointer(loader)), id)
        Unmanaged<SizeBox>.fromOpaque(box).release()
        return size.value
    }

    private final class SizeBox {
        var value: (width: Int, height: Int)?
    }
}
