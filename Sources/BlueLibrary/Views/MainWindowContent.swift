import GtkKit

// MARK: - MainWindowContent

/// The main window's content under the header bar, put together once: the search bar, the
/// cover strip and the details, with the progress cards floating at the top.
@MainActor
enum MainWindowContent {
    /// Everything under the header bar: the search bar, the strip and the details, with
    /// the progress cards (import, cover search) floating at the top.
    static func make(browsingBar: BrowsingBar, scroller: HorizontalScrollerView, details: Widget, cards: [ProgressCard]) -> Widget {
        let column = Box(.vertical, spacing: 0)
        column.append(browsingBar)
        column.append(scroller)
        details.expandsVertically = true
        column.append(details)
        // The progress cards float over the window, above the strip, where the notices
        // at the bottom never cover it: the strip keeps its size (laying out 100,000 albums
        // again at every frame of a slide stalls).
        let overlay = Overlay(child: column)
        let stack = Box(.vertical, spacing: 0)
        stack.setAlignment(horizontal: .center, vertical: .start)
        cards.forEach(stack.append)
        overlay.addOverlay(stack)
        return overlay
    }
}
