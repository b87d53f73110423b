import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real binary, run twice on the same folders: what the user did in the first run is
/// what the second one shows.
@Suite(.serialized)
struct RelaunchTests {
    @Test func aDeletionASelectionAndTheWindowSizeSurviveQuitAndRelaunch() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let first = try AppProcess(folders: folders)
            var report = try await first.report { $0.stripHasFocus }
            #expect(report.selectedIndex == 0)
            try await first.press("Right", "Delete", "Right")
            report = try await first.report { $0.albumCount == 4 && $0.selectedIndex == 2 }
            #expect(report.properties.contains("Album: Staring at the Sun"))
            _ = try await AppProcess.run(["xdotool"] + InputDriver(windowID: try await first.windowID()).resize(width: 1000, height: 700))
            _ = try await first.report { $0.width == 1000 && $0.height == 700 }
            try await first.press("ctrl+q")
            #expect(try await first.waitForExit() == 0)

            let second = try AppProcess(folders: folders)
            report = try await second.report { $0.stripHasFocus }
            #expect(report.albumCount == 4)
            #expect(report.selectedIndex == 2)
            #expect(report.properties.contains("Album: Staring at the Sun"))
            #expect((report.width, report.height) == (1000, 700))
            #expect(report.canUndo)
            try await second.press("ctrl+z")  // the undo history came back too
            report = try await second.report { $0.albumCount == 5 }
            #expect(report.selectedIndex == 1)
            #expect(report.properties.contains("Album: It's My Life"))
            try await second.press("ctrl+q")
            #expect(try await second.waitForExit() == 0)
        }
    }

    @Test func aKilledAppLosesAtMostTheSaveDelay() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let first = try AppProcess(folders: folders)
            _ = try await first.report { $0.stripHasFocus }
            try await first.press("End", "Delete")
            _ = try await first.report { $0.albumCount == 4 }
            // The change is committed at once and the state after the save delay (300 ms),
            // with no quit; the deadline only guards against a save that never comes.
            let saved = ContinuousClock.now
            func savedState() -> (albums: Int?, selection: Int?) {
                let albums = try? folders.database().albums
                let state = try? JSONDecoder().decode(AppState.self, from: Data(contentsOf: folders.locations.stateFile))
                return (albums?.count, state?.selectedIndex)
            }
            while savedState() != (4, 3) {
                try #require(ContinuousClock.now - saved < MainLoopDriver.hangGuard, "the deletion was not saved")
                try await Task.sleep(for: .milliseconds(25))  // another process writes the file
            }
            kill(first.process.processIdentifier, SIGKILL)
            _ = try await first.waitForExit()

            let second = try AppProcess(folders: folders)
            let report = try await second.report { $0.stripHasFocus }
            #expect(report.albumCount == 4)
            #expect(report.selectedIndex == 3)
            #expect(report.properties.contains("Album: Staring at the Sun"))
            second.process.terminate()
            _ = try await second.waitForExit()
        }
    }

    @Test func aSecondLaunchPresentsTheFirstWindow() async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let folders = TestFolders()
            let first = try AppProcess(folders: folders, bus: bus.address)
            _ = try await first.report { $0.stripHasFocus }
            let second = try AppProcess(folders: folders, bus: bus.address)
            #expect(try await second.waitForExit() == 0)
            #expect(!FileManager.default.fileExists(atPath: second.reportFile.path), "the second launch opened no window")
            #expect(first.process.isRunning)
            let windows = try await AppProcess.mainWindows()
            #expect(windows.count == 1, "windows: \(windows)")
            try await first.press("ctrl+q")
            #expect(try await first.waitForExit() == 0)
        }
    }
}
