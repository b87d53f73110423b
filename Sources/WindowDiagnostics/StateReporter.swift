import Foundation
import GtkKit
import LibraryCore
import BlueLibrary

// MARK: - StateReporter

/// Writes the window's report to a file whenever what the window shows changes, when asked to
/// by the environment (`BLUELIBRARY_STATE_REPORT=<file>`), so that a test driving the real
/// binary from outside can read it.
///
/// It looks at the window every few milliseconds and writes only a report that differs from
/// the last one: it needs no call from the controller, whose changes it sees as a user would.
@MainActor
package final class StateReporter {
    package nonisolated static let variable = "BLUELIBRARY_STATE_REPORT"
    /// How often the window is looked at.
    static let intervalMilliseconds = 20

    private let file: URL
    private weak var controller: MainWindowController?
    private var lastWritten: WindowReport?
    private var timer: Timeout?

    /// A reporter for `controller` if the environment asks for one.
    static func fromEnvironment(for controller: MainWindowController) -> StateReporter? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        return StateReporter(file: URL(fileURLWithPath: path), controller: controller)
    }

    private init(file: URL, controller: MainWindowController) {
        self.file = file
        self.controller = controller
        scheduleLook()
    }

    private func scheduleLook() {
        timer = Timeout(milliseconds: Self.intervalMilliseconds) { [weak self] in
            guard let self, self.controller != nil else { return }
            self.writeIfChanged()
            self.scheduleLook()
        }
    }

    private func writeIfChanged() {
        guard let report = controller?.report(), report != lastWritten else { return }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(report).write(to: file, options: .atomic)
            lastWritten = report
        } catch {
            Log.ui.warning("could not write the state report to \(file.path): \(error)")
        }
    }
}
