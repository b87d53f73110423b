import BlueLibrary
import Foundation
import GtkKit
import LibraryCore

// MARK: - FirstFrameProbe

/// Quits the app right after the first frame that shows the window with every visible cover
/// in place (a cover or its placeholder, no spinner), when asked to by the environment
/// (`BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1`). The benchmarks time the process from its start to
/// this exit (`bench/run`).
@MainActor
final class FirstFrameProbe {
    nonisolated static let variable = "BLUELIBRARY_EXIT_AFTER_FIRST_FRAME"

    private weak var controller: MainWindowController?
    private var clock: FrameClock?

    /// A probe for `controller` if the environment asks for one.
    static func fromEnvironment(for controller: MainWindowController) -> FirstFrameProbe? {
        guard ProcessInfo.processInfo.environment[variable] == "1" else { return nil }
        return FirstFrameProbe(controller: controller)
    }

    private init(controller: MainWindowController) {
        self.controller = controller
        controller.window.whenRealized { [weak self] in self?.watchFrames() }
    }

    private func watchFrames() {
        guard let controller, let clock = FrameClock(of: controller.window) else { return }
        self.clock = clock
        clock.on(.afterPaint) { [weak self] in self?.framePainted() }
    }

    /// At `after-paint` the state is what this frame showed: nothing changes during a frame.
    private func framePainted() {
        guard let controller, controller.visibleCoversArePlaced else { return }
        Log.ui.debug("first frame with the visible covers placed; exiting as \(Self.variable) asks")
        exit(0)
    }
}

extension MainWindowController {
    /// Whether every cover on screen is shown, or replaced by its placeholder, with no
    /// spinner left; true for an empty library.
    package var visibleCoversArePlaced: Bool {
        if library.count == 0 { return true }
        let visible = scroller.visibleIndexes
        return !visible.isEmpty && visible.allSatisfy { index in
            guard let view = scroller.view(at: index) as? AlbumView else { return false }
            return !view.isLoading && (view.showsCover || view.showsPlaceholder)
        }
    }
}
