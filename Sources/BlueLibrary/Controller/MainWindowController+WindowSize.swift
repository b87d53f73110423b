import GtkKit
import LibraryCore

// MARK: - The window's size

extension MainWindowController {
    /// The remembered size, or the default one, made no larger than the screen: a window
    /// saved larger (by an earlier version, or by hand) would open off the screen.
    static func openingSize(remembered: WindowSize?) -> (width: Int, height: Int) {
        var size = remembered ?? defaultSize
        if let screen = ApplicationWindow.largestMonitorSize {
            size = size.fitting(within: WindowSize(width: screen.width, height: screen.height))
        }
        return (size.width, size.height)
    }

    /// The smallest window: a phone's width, or a tiled half of a small screen.
    static let minimumSize = WindowSize(width: 360, height: 400)

    /// From this width on, the track list stands beside the properties.
    static let sideBySideWidth = 760

    /// Lays the window out for its width: the header bar's buttons, the search bar's Never
    /// Played, and the details side by side or stacked.
    func fit(windowWidth width: Int) {
        headerBar.fit(windowWidth: width)
        browsingBar.fit(windowWidth: width)
        let orientation: Orientation = width >= Self.sideBySideWidth ? .horizontal : .vertical
        if details.orientation != orientation {
            details.orientation = orientation
            details.isHomogeneous = orientation == .horizontal
        }
    }

    /// Stores the size the window has now (called on resize, and at quit, which destroys the
    /// window without one).
    package func rememberWindowSize() {
        let size = window.defaultSize
        guard size.width > 0, size.height > 0, !window.isMaximized else { return }
        library.windowSize = WindowSize(width: size.width, height: size.height)
    }
}
