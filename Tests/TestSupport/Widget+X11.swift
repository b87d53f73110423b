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
