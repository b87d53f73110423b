import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Covers from a local HTTP server: the spinner always stops, on a cover or a placeholder.
@MainActor
@Suite(.serialized)
struct CoverTests {
    @Test func spinnerStopsOnALoadedCoverAndOnAFailedOne() async throws {
        try await DisplayLock.exclusive {
            let server = try TestHTTPServer()
            let paths = ["/slow-cover/1", "/status/404", "/text", "/cover/2"]
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: paths))
            let views = try (0..<paths.count).map { try #require(harness.window.scroller.view(at: $0) as? AlbumView) }
            await harness.wait(for: "every spinner to stop") { views.allSatisfy { !$0.isLoading } }
            #expect(views.map(\.showsCover) == [true, false, false, true])
            #expect(views.map(\.showsPlaceholder) == [false, true, true, false])
            #expect(harness.report.spinnersRunning == 0)
            #expect(harness.report.banner == nil, "a missing cover is not an error banner")
            await harness.close()
        }
    }

    /// In the real app, cover results come back on the main actor, which the GLib loop only
    /// drains through the dispatch main-queue bridge: without it every spinner would turn forever.
    @Test func coversArriveInTheRealAppThroughTheMainQueueBridge() async throws {
        try await DisplayLock.exclusive {
            let server = try TestHTTPServer()
            let folders = TestFolders()
            let albums = albums(coveredBy: server, paths: ["/cover/1", "/status/404", "/slow-cover/3"])
            try folders.writeLibrary(String(decoding: try AlbumList.encode(albums), as: UTF8.self))
            let app = try AppProcess(folders: folders)
            let report = try await app.report { $0.spinnersRunning == 0 && $0.coversShown + $0.placeholdersShown == 3 }
            #expect(report.coversShown == 2)
            #expect(report.placeholdersShown == 1)
            app.process.terminate()
            #expect(try await app.waitForExit() == 0)
        }
    }
}
