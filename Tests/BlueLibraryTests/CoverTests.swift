import Fixtures
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
            let server = try CoverServer()
            let paths = ["/slow-cover/1", "/status/404", "/text", "/cover/2"]
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: paths))
            let views = try (0..<paths.count).map { try #require(harness.window.scroller.view(at: $0) as? AlbumView) }
            await harness.wait(for: "every spinner to stop") { views.allSatisfy { !$0.isLoading } }
            #expect(views.map(\.showsCover) == [true, false, false, true])
            #expect(views.map(\.showsPlaceholder) == [false, true, true, false])
            #expect(harness.report.spinnersRunning == 0)
            #expect(harness.report.problem == nil, "a missing cover is no problem to report")
            await harness.close()
        }
    }

    /// In the real app, cover results come back on the main actor, which the GLib loop only
    /// drains through the dispatch main-queue bridge: without it every spinner would turn forever.
    @Test func coversArriveInTheRealAppThroughTheMainQueueBridge() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
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

    /// A portrait or a landscape cover is cropped to the square a square one fills: the tile
    /// keeps its size and the caption stays in the strip.
    @Test func portraitAndLandscapeCoversLeaveTheTileTheSizeOfASquareOne() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
            let paths = ["/cover/square", "/shaped-cover/200x1000/portrait", "/shaped-cover/1000x200/landscape"]
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: paths))
            let views = try (0..<paths.count).map { try #require(harness.window.scroller.view(at: $0) as? AlbumView) }
            await harness.wait(for: "every cover to show") { views.allSatisfy(\.showsCover) }
            await harness.nextFrames()
            let strip = harness.window.scroller
            let stripHeight = Double(strip.allocatedSize.height)
            for (path, view) in zip(paths, views) {
                let cover = view.frame.allocatedSize
                #expect(cover.width == AlbumView.coverSize && cover.height == AlbumView.coverSize, "\(path): the cover is \(cover)")
                #expect(view.allocatedSize == views[0].allocatedSize, "\(path): the tile is \(view.allocatedSize)")
                let caption = try #require(view.caption.bounds(in: strip))
                #expect(caption.y >= 0 && caption.y + caption.height <= stripHeight,
                        "\(path): the caption spans \(caption.y)…\(caption.y + caption.height) in a strip \(stripHeight) high")
            }
            await harness.close()
        }
    }

    /// WebP covers (gdk-pixbuf's loader from `webp-pixbuf-loader`) and SVG ones (librsvg's)
    /// are shown, not replaced by placeholders.
    @Test func webPAndSVGCoversShowAsCovers() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
            let paths = ["/webp-cover/a", "/svg-cover/b"]
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: paths))
            let views = try (0..<paths.count).map { try #require(harness.window.scroller.view(at: $0) as? AlbumView) }
            await harness.wait(for: "every spinner to stop") { views.allSatisfy { !$0.isLoading && ($0.showsCover || $0.showsPlaceholder) } }
            #expect(views.map(\.showsCover) == [true, true])
            #expect(views.map(\.showsPlaceholder) == [false, false])
            await harness.close()
        }
    }

    /// A view reused for another album while its cover was downloading shows the new album's
    /// cover only: the old answer is dropped before it is even decoded.
    @Test func aReusedViewShowsOnlyItsNewAlbumsCover() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: ["/cover/window"]))
            let old = Album(title: "Old", artist: "A", genre: "G", coverUrl: server.url("/slow-cover/old"), year: "1999")
            let new = Album(title: "New", artist: "B", genre: "G", coverUrl: server.url("/cover/new"), year: "2000")
            let textures = CoverTextures()
            let view = AlbumView(library: harness.library, textures: textures)
            view.configure(with: old)
            view.setNearVisibleRange(true)
            #expect(view.isLoading)
            await harness.wait(for: "the old cover to be asked for") { (try? server.requestCount("/slow-cover/old")) == 1 }
            view.prepareForReuse()
            view.configure(with: new)
            view.setNearVisibleRange(true)
            await harness.wait(for: "the new album's cover") { view.showsCover }

            _ = await harness.library.cover(for: old.coverUrl)  // the old cover has arrived now
            await harness.nextFrames()
            #expect(view.shownCoverAddress == new.coverUrl)
            let oldKey = CoverTextures.Key(address: old.coverUrl, pixelSize: AlbumView.coverSize * view.scaleFactor)
            #expect(textures.texture(for: oldKey) == nil, "the old cover was decoded for nothing")
            await harness.close()
        }
    }
}
