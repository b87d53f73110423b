import Foundation
import GtkKit
import LibraryCore

// MARK: - WindowReport

/// What the window shows, as a user would describe it: the tests' view of the window, and
/// what the app writes to `$BLUELIBRARY_STATE_REPORT` so a test driving the real binary
/// from outside can read it.
struct WindowReport: Codable, Equatable {
    var title: String
    var width: Int
    var height: Int
    var albumCount: Int
    var selectedIndex: Int?
    /// The properties list's text: "Artist: David Bowie"… or the empty state's message.
    var properties: [String]
    var canUndo: Bool
    var canDelete: Bool
    var stripHasFocus: Bool
    /// Whether the focus ring is on the selected cover.
    var selectedCoverHasFocus: Bool
    /// Album views that exist now (materialised near the visible range).
    var materializedViews: Int
    var coversShown: Int
    /// The indexes of the albums at least partly on screen in the strip.
    var visibleIndexes: [Int]
    /// How many of the albums on screen show their cover.
    var coversShownOnScreen: Int
    var placeholdersShown: Int
    var spinnersRunning: Int
    var banner: String?
    var toast: String?
}

extension MainWindow {
    /// A snapshot of what the window shows now.
    func report() -> WindowReport {
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

// MARK: - StateReporter

/// Writes the window's report to a file after each change, when asked to by the
/// environment (`BLUELIBRARY_STATE_REPORT=<file>`). Reports are coalesced to one per turn
/// of the main loop.
@MainActor
final class StateReporter {
    nonisolated static let variable = "BLUELIBRARY_STATE_REPORT"

    private let file: URL
    private weak var window: MainWindow?
    private var pending: Timeout?

    static func fromEnvironment(for window: MainWindow) -> StateReporter? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        return StateReporter(file: URL(fileURLWithPath: path), window: window)
    }

    private init(file: URL, window: MainWindow) {
        self.file = file
        self.window = window
        scheduleReport()
    }

    func scheduleReport() {
        guard pending?.isPending != true else { return }
        pending = Timeout(milliseconds: 20) { [weak self] in self?.write() }
    }

    private func write() {
        guard let report = window?.report() else { return }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(report).write(to: file, options: .atomic)
        } catch {
            Log.ui.warning("could not write the state report to \(file.path): \(error)")
        }
    }
}
