import BlueLibrary
import Foundation
import GtkKit
import LibraryCore

// MARK: - FirstFrameProbe

/// Quits the app right after the first frame that shows the window with every visible cover
/// in place (a cover or its placeholder, no spinner), when asked to by the environment
/// (`BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1`): the benchmarks time the process from its start to
/// this exit, the window "visually complete" (`bench/run`). With
/// `BLUELIBRARY_FIRST_PAINT_FILE=<file>` as well, it writes the time of the window's very first
/// frame, covers or not, to that file (seconds on the monotonic clock): the benchmarks' "first
/// frame".
@MainActor
final class FirstFrameProbe {
    nonisolated static let variable = "BLUELIBRARY_EXIT_AFTER_FIRST_FRAME"
    nonisolated static let firstPaintVariable = "BLUELIBRARY_FIRST_PAINT_FILE"

    private weak var controller: MainWindowController?
    private var clock: FrameClock?
    /// Where the first frame's time goes; nil once it is written (or when none is asked for).
    private var firstPaintFile: String?

    /// A probe for `controller` if the environment asks for one.
    static func fromEnvironment(for controller: MainWindowController) -> FirstFrameProbe? {
        let environment = ProcessInfo.processInfo.environment
        guard environment[variable] == "1" else { return nil }
        return FirstFrameProbe(controller: controller, firstPaintFile: environment[firstPaintVariable])
    }

    private init(controller: MainWindowController, firstPaintFile: String?) {
        self.controller = controller
        self.firstPaintFile = firstPaintFile
        controller.window.whenRealized { [weak self] in self?.watchFrames() }
    }

    private func watchFrames() {
        guard let controller, let clock = FrameClock(of: controller.window) else { return }
        self.clock = clock
        clock.on(.afterPaint) { [weak self] in self?.framePainted() }
    }

    /// At `after-paint` the state is what this frame showed: nothing changes during a frame.
    private func framePainted() {
        recordFirstPaint()
        guard let controller, controller.visibleCoversArePlaced else { return }
        Log.ui.debug("first frame with the visible covers placed; exiting as \(Self.variable) asks")
        exit(0)
    }

    /// Writes the time of the first frame painted to the file asked for, once.
    private func recordFirstPaint() {
        guard let path = firstPaintFile else { return }
        firstPaintFile = nil
        do {
            try "\(MonotonicClock.seconds)\n".write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            Log.ui.warning("the first frame's time could not be written to \(path): \(error.localizedDescription)")
        }
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
