import GtkKit
import LibraryCore

// MARK: - The first covers

extension MainWindowController {
    /// Starts decoding the covers the window shows first (the selected album and those
    /// around it, as many as a window `windowWidth` wide holds on each side: the selected
    /// album is centred, or at the edge for the first and last ones), before the window is
    /// laid out.
    ///
    /// GTK makes the strip's rows during the first frame's layout, and a row whose cover is
    /// not decoded yet shows it a frame or more later. Decoded meanwhile, off the GTK thread
    /// (a cached cover takes a few milliseconds, while the GTK thread spends a hundred building
    /// and realising the window), the covers are in the first frame: the window opens whole,
    /// and is painted once instead of three times.
    ///
    /// The covers are decoded for a 1× screen: on a 2× one (not known before the window is
    /// realised) the rows fetch their own, as they would without this.
    func prefetchFirstCovers(windowWidth: Int) {
        let count = library.count
        guard count > 0 else { return }
        let reach = windowWidth / AlbumView.coverSize + 1
        let centre = min(library.selectedIndex ?? 0, count - 1)
        let shown = max(0, centre - reach)...min(count - 1, centre + reach)
        let keys = shown.compactMap { library.album(at: $0) }
            .map { CoverTextures.Key(address: $0.coverUrl, pixelSize: AlbumView.coverSize) }
        coverTextures.prefetch(keys, from: library.coverStore)
    }
}
