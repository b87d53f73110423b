import Foundation
import CGtkTesting
import GtkKit

// MARK: - Where to click with xdotool

extension Widget {
    /// Where `(x, y)` in this widget lies in its window's surface (the X11 window), for tools
    /// that deliver real input events, such as xdotool.
    public func surfacePoint(x: Double, y: Double) -> (x: Double, y: Double)? {
        var surfaceX = 0.0, surfaceY = 0.0
        guard bl_test_widget_surface_point(UnsafeMutableRawPointer(gtkWidget), x, y, &surfaceX, &surfaceY) != 0 else { return nil }
        return (surfaceX, surfaceY)
    }
}

extension ApplicationWindow {
    /// The X11 window id (0 when not running on X11 or not shown yet).
    public var x11WindowID: UInt { UInt(bl_test_window_x11_id(UnsafeMutableRawPointer(gtkWidget))) }
}

extension DialogWindow {
    /// The X11 window id (0 when not running on X11 or not shown yet).
    public var x11WindowID: UInt { UInt(bl_test_window_x11_id(UnsafeMutableRawPointer(gtkWidget))) }
}

// MARK: - Drops, as GTK delivers them

extension DropTarget {
    /// Drops `file` at `(x, y)` of the target's widget, through the target's `drop` signal, as
    /// GTK does at the end of a drag from a file manager. Returns whether it was taken.
    @discardableResult
    public func drop(file: URL, x: Double = 10, y: Double = 10) -> Bool {
        bl_test_drop_file(UnsafeMutableRawPointer(gObject), file.path, x, y) != 0
    }

    /// Drops several files at once, as Files drags a selection.
    @discardableResult
    public func drop(files: [URL], x: Double = 10, y: Double = 10) -> Bool {
        var paths = files.map { strdup($0.path) }
        defer { paths.forEach { free($0) } }
        return paths.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { bl_test_drop_files(UnsafeMutableRawPointer(gObject), $0.baseAddress, Int32(files.count), x, y) != 0 }
        }
    }

    /// Drops the image in `file` as image data (a texture), as a web browser does.
    @discardableResult
    public func drop(imageDataOf file: URL, x: Double = 10, y: Double = 10) -> Bool {
        bl_test_drop_texture(UnsafeMutableRawPointer(gObject), file.path, x, y) != 0
    }
}
