import BlueLibrary
import Foundation
import GtkKit
import LibraryCore

// MARK: - WindowReport

/// What the window shows, as a user would describe it: the tests' view of the window, and
/// what the app writes to `$BLUELIBRARY_STATE_REPORT` (`StateReporter`) so a test driving the
/// real binary from outside can read it.
package struct WindowReport: Codable, Equatable, Sendable {
    package var title: String
    package var width: Int
    package var height: Int
    package var albumCount: Int
    package var selectedIndex: Int?
    /// The properties list's text: "Artist: David Bowie"… or the empty state's message.
    package var properties: [String]
    package var canUndo: Bool
    package var canDelete: Bool
    package var stripHasFocus: Bool
    /// Whether the focus ring is on the selected cover.
    package var selectedCoverHasFocus: Bool
    /// Album views that exist now (materialised near the visible range).
    package var materializedViews: Int
    package var coversShown: Int
    /// The indexes of the albums at least partly on screen in the strip.
    package var visibleIndexes: [Int]
    /// How many of the albums on screen show their cover.
    package var coversShownOnScreen: Int
    package var placeholdersShown: Int
    package var spinnersRunning: Int
    package var banner: String?
    package var toast: String?
}

extension MainWindowController {
    /// A snapshot of what the window shows now.
    package func report() -> WindowReport {
        let shown = scroller.boundReusableViews.compactMap { $0 as? AlbumView }
        let visible = Array(scroller.visibleIndexes)
        let onScreen = visible.compactMap { scroller.view(at: $0) as? AlbumView }
        return WindowReport(
            title: window.title,
            width: window.defaultSize.width,
            height: window.defaultSize.height,
            albumCount: scroller.count,
            selectedIndex: scroller.selectedIndex,
            properties: properties.shownText,
            canUndo: actions.undoAction.isEnabled,
            canDelete: actions.deleteAction.isEnabled,
            stripHasFocus: scroller.hasFocus,
            selectedCoverHasFocus: scroller.selectedViewHasFocus && scroller.hasFocus,
            materializedViews: scroller.materializedViewCount,
            coversShown: shown.filter(\.showsCover).count,
            visibleIndexes: visible,
            coversShownOnScreen: onScreen.filter(\.showsCover).count,
            placeholdersShown: shown.filter(\.showsPlaceholder).count,
            spinnersRunning: shown.filter(\.isLoading).count,
            banner: banner.isShown ? banner.message : nil,
            toast: toast.isShown ? toast.message : nil
        )
    }
}
