import Fixtures
import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
import WindowDiagnostics
@testable import LibraryCore

/// Covers the size of a photo, in the real app: 300 albums whose covers are 2000 × 2000 JPEGs.
/// They are decoded at the size shown, off the GTK thread, and only for the albums on or near
/// the screen, so the app's memory stays far below the gigabytes that full-size textures
/// in every materialised row took, and the first key press is answered.
@MainActor
@Suite(.serialized)
struct LargeCoverTests {
    /// Resident memory the app may use with these covers (it took 2.8 GB at launch and 5.7 GB
    /// at the end of the strip when every materialised row held a full-size texture).
    static let memoryBound = 500 * 1_048_576

    @Test func threeHundredLargeCoversKeepTheRealAppsMemoryBounded() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
            let folders = TestFolders()
            let albums = albums(coveredBy: server, paths: (0..<300).map { "/large-jpeg/\($0)" })
            try folders.writeLibrary(String(decoding: try AlbumList.encode(albums), as: UTF8.self))
            let clock = ContinuousClock()
            let launched = clock.now
            let app = try AppProcess(folders: folders)

            // The first Right key press, as soon as the window is there.
            _ = try await app.report { $0.stripHasFocus }
            let pressed = clock.now
            try await app.press("Right")
            _ = try await app.report { $0.selectedIndex == 1 }
            let firstKey = (afterLaunch: clock.now - launched, afterPress: clock.now - pressed)

            _ = try await app.report { Self.showsEveryCoverOnScreen($0) && $0.visibleIndexes.first == 0 }
            let atLaunch = try app.memory("VmRSS")
            try await app.press("End")
            _ = try await app.report { Self.showsEveryCoverOnScreen($0) && $0.visibleIndexes.last == albums.count - 1 }
            let atEnd = try app.memory("VmRSS")
            let peak = try app.memory("VmHWM")

            let mebibytes = { (bytes: Int) in "\(bytes / 1_048_576) MiB" }
            let milliseconds = { (duration: Duration) in duration.formatted(.units(allowed: [.milliseconds])) }
            print("""
                300 covers of 2000×2000 pixels: VmRSS \(mebibytes(atLaunch)) with the first covers shown, \
                \(mebibytes(atEnd)) after End (peak \(mebibytes(peak))); the first Right key was registered \
                \(milliseconds(firstKey.afterPress)) after it was pressed, \(milliseconds(firstKey.afterLaunch)) after launch
                """)
            #expect(atLaunch < Self.memoryBound, "VmRSS \(mebibytes(atLaunch)) with the first covers shown")
            #expect(atEnd < Self.memoryBound, "VmRSS \(mebibytes(atEnd)) after End")
            app.process.terminate()
            #expect(try await app.waitForExit() == 0)
        }
    }

    /// GTK keeps some 200 rows of the strip; only those on screen or within a page of it hold
    /// a cover, at launch and after a jump to the end.
    @Test func onlyTheCoversOnOrNearTheScreenHoldATexture() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
            let count = 300
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: (0..<count).map { "/cover/\($0)" }))
            let scroller = harness.window.scroller
            await harness.wait(for: "the covers on screen") { Self.showsEveryCoverOnScreen(harness.report) }
            var report = harness.report
            #expect(report.materializedViews > 3 * report.visibleIndexes.count + 2, "GTK keeps many more rows than it shows")
            #expect(report.coversShown <= 3 * report.visibleIndexes.count + 2,
                    "\(report.coversShown) covers held for \(report.visibleIndexes.count) on screen")

            try await harness.press("End")
            await harness.wait(for: "the covers at the end") {
                let report = harness.report
                return Self.showsEveryCoverOnScreen(report) && report.visibleIndexes.last == count - 1
            }
            report = harness.report
            #expect(report.coversShown <= 3 * report.visibleIndexes.count + 2,
                    "\(report.coversShown) covers held for \(report.visibleIndexes.count) on screen")
            let left = (0..<20).compactMap { scroller.view(at: $0) as? AlbumView }
            #expect(left.allSatisfy { !$0.showsCover && !$0.isLoading }, "the first albums, far off screen, hold no cover")
            await harness.close()
        }
    }

    /// Whether every album on screen shows its cover and no spinner turns anywhere.
    private nonisolated static func showsEveryCoverOnScreen(_ report: WindowReport) -> Bool {
        !report.visibleIndexes.isEmpty && report.coversShownOnScreen == report.visibleIndexes.count
            && report.spinnersRunning == 0
    }
}
