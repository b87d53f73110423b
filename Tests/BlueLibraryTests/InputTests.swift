import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Real clicks and key presses, delivered through the X server.
@MainActor
@Suite(.serialized)
struct InputTests {
    @Test func clicksAndArrowKeysSelectAndCentre() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<40).map(sampleAlbum))
            try await harness.clickCover(at: 3)
            #expect(harness.report.selectedIndex == 3)
            #expect(harness.report.properties.contains("Album: Album 3"))
            #expect(await harness.isCentred(3))

            try await harness.press("Right")
            #expect(harness.report.selectedIndex == 4)
            #expect(harness.report.selectedCoverHasFocus)  // the focus ring follows
            #expect(await harness.isCentred(4))
            try await harness.press("Left")
            try await harness.press("Left")
            #expect(harness.report.selectedIndex == 2)
            try await harness.press("End")
            #expect(harness.report.selectedIndex == 39)
            #expect(await harness.isCentred(39))
            #expect(harness.report.selectedCoverHasFocus)
            try await harness.press("Home")
            #expect(harness.report.selectedIndex == 0)
            #expect(harness.report.stripHasFocus)
            await harness.close()
        }
    }

    @Test func shortcutsDeleteAndUndo() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            try await harness.press("Delete")
            #expect(harness.report.albumCount == 4)
            #expect(harness.report.properties.contains("Album: It's My Life"))
            try await harness.press("ctrl+z")
            #expect(harness.report.albumCount == 5)
            #expect(harness.report.properties.contains("Album: Best of Bowie"))
            #expect(harness.report.selectedCoverHasFocus)
            try await harness.press("ctrl+shift+z")
            #expect(harness.report.albumCount == 4)
            await harness.close()
        }
    }

    @Test func aScrollThatComesToRestSnapsTheNearestCoverToTheCentre() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<60).map(sampleAlbum))
            let strip = harness.window.scroller
            let point = try #require(strip.surfacePoint(x: 200, y: 60))
            try await harness.deliver(harness.input.wheel(clicks: 8, atX: point.x, y: point.y))
            await harness.wait(for: "the snap") {
                let scroller = harness.window.scroller
                return scroller.selectedIndex != 0 && !scroller.isAnimating && scroller.snapTimer?.isPending != true
            }
            let selected = try #require(harness.report.selectedIndex)
            #expect(selected > 0)
            #expect(await harness.isCentred(selected))
            #expect(harness.library.selectedIndex == selected)
            await harness.close()
        }
    }
}
