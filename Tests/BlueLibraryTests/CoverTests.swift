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

    /// Covers prefetched off the GTK thread (the window's first ones, asked for before it is
    /// laid out) are shown by the views made afterwards at once, with no request of their own:
    /// in the frame that makes the views.
    @Test func aPrefetchedCoverIsShownByTheViewMadeAfterItAtOnce() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: ["/cover/window"]))
            let albums = ["/cover/first", "/cover/second"].map {
                Album(title: $0, artist: "A", genre: "G", coverUrl: server.url($0), year: "2000")
            }
            let keys = albums.map { CoverTextures.Key(address: $0.coverUrl, pixelSize: AlbumView.coverSize) }
            let textures = CoverTextures()
            textures.prefetch(keys, from: harness.library.coverStore)
            await harness.wait(for: "the prefetched covers") { keys.allSatisfy { textures.texture(for: $0) != nil } }
            for album in albums {
                let view = AlbumView.showing(album, from: harness.library, textures: textures)
                #expect(view.showsCover && !view.isLoading, "\(album.title): shown without a request of its own")
            }
            #expect(try server.requestCount("/cover/first") == 1)
            await harness.close()
        }
    }

    /// A cover that is late shows the spinner; until then the frame stays empty, so a cover
    /// from the disk cache (a few milliseconds) never flickers a spinner for one frame.
    @Test func theSpinnerWaitsUntilTheCoverIsLate() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
            // The spinner lasts until the download gives up: here not before the wait's own guard,
            // so a loaded machine that looks late still finds it.
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: ["/cover/window"]),
                                                  downloadTimeout: MainLoopDriver.hangGuard * 2)
            let late = Album(title: "Late", artist: "A", genre: "G", coverUrl: server.url("/sleep/150"), year: "1999")
            let view = AlbumView.showing(late, from: harness.library, textures: CoverTextures())
            #expect(view.isLoading)
            #expect(!view.showsSpinner, "no spinner before the cover is late")
            await harness.wait(for: "the late cover's spinner") { view.showsSpinner }
            #expect(view.isLoading && !view.showsCover && !view.showsPlaceholder)
            view.configure(with: Album(title: "Next", artist: "B", genre: "G", coverUrl: server.url("/sleep/60"), year: "2000"))
            #expect(!view.showsSpinner, "a reused view drops the spinner with the request")
            await harness.close()
        }
    }

    /// A view reused for another album while its cover was downloading shows the new album's
    /// cover only: the old answer is dropped before it is even decoded.
    @Test func aReusedViewShowsOnlyItsNewAlbumsCover() async throws {
        try await DisplayLock.exclusive {
            let server = try CoverServer()
            let harness = try await WindowHarness(albums: albums(coveredBy: server, paths: ["/cover/window"]))
            let old = Album(title: "Old", artist: "A", genre: "G", coverUrl: server.url("/held-cover/old"), year: "1999")
            let new = Album(title: "New", artist: "B", genre: "G", coverUrl: server.url("/cover/new"), year: "2000")
            let textures = CoverTextures()
            let view = AlbumView.showing(old, from: harness.library, textures: textures)
            #expect(view.isLoading)
            await harness.wait(for: "the old cover to be asked for") { (try? server.requestCount("/held-cover/old")) == 1 }
            view.configure(with: new)
            await harness.wait(for: "the new album's cover") { view.showsCover }

            server.release("old")  // the old answer comes only now, after the view moved on
            _ = await harness.library.cover(for: old.coverUrl)  // the old cover has arrived now
            await harness.nextFrames()
            #expect(view.shownCoverAddress == new.coverUrl)
            let oldKey = CoverTextures.Key(address: old.coverUrl, pixelSize: AlbumView.coverSize * view.scaleFactor)
            #expect(textures.texture(for: oldKey) == nil, "the old cover was decoded for nothing")
            await harness.close()
        }
    }
}

extension AlbumView {
    /// A view outside any window showing `album`, as the strip makes one for a row on screen.
    static func showing(_ album: Album, from library: LibraryAPI, textures: CoverTextures) -> AlbumView {
        let view = AlbumView(library: library, textures: textures)
        view.configure(with: album)
        view.setNearVisibleRange(true)
        return view
    }
}
