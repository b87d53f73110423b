import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// What the strip shows when a search, a sort or a filter moves the selection far: the covers
/// on screen are the albums at their places, the selected one centred and focused. (The strip
/// moves the rows GTK keeps to the new selection instead of letting GTK make them again, so
/// every one of them must be told its new album.)
@MainActor
@Suite(.serialized)
struct BrowsingStripTests {
    /// The views on screen that do not show the album at their index, captioned and named
    /// ("none on screen" when there are none).
    static func misplacedViews(_ window: MainWindowController) -> [String] {
        let scroller = window.scroller
        let visible = scroller.visibleIndexes
        guard !visible.isEmpty else { return ["none on screen"] }
        return visible.compactMap { index in
            guard let album = window.library.album(at: index) else { return "\(index): no album" }
            guard let view = scroller.view(at: index) as? AlbumView else { return "\(index): no view" }
            let shown = (view.captionText, view.accessibleLabel ?? "")
            return shown == (album.title, "\(album.title) by \(album.artist)") ? nil : "\(index): \(shown) for \(album.title)"
        }
    }

    /// Whether every view on screen shows the album at its index.
    static func showsTheAlbumsAtTheirPlaces(_ window: MainWindowController) -> Bool {
        misplacedViews(window).isEmpty
    }

    @Test func searchesThatMoveTheSelectionFarShowTheAlbumsAroundIt() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            try folders.writeState(#"{"selectedIndex": 15000, "undoHistory": []}"#)
            let harness = try await WindowHarness(albums: (0..<20000).map(sampleAlbum), folders: folders)
            let window = harness.window
            #expect(await harness.wait(for: "the strip's focus") { window.scroller.selectedViewHasFocus })

            // From far along to the start: Album 3, 30–39, 300–399, 3000–3999.
            try await harness.press("ctrl+f")
            try await harness.deliver(harness.input.type("album 3"))
            #expect(await harness.wait(for: "the albums found") { window.library.count == 1111 })
            #expect(await harness.wait(for: "their covers") { Self.showsTheAlbumsAtTheirPlaces(window) }, "\(Self.misplacedViews(window))")
            let found = try #require(harness.report.selectedIndex)
            #expect(await harness.isCentred(found))

            // Back to the strip, then the whole library again: the album chosen stays
            // selected, far along, with the keyboard focus.
            try await harness.press("Return")
            try await harness.press("Right")
            try await harness.press("Right")
            let chosen = try #require(window.library.album(at: found + 2)?.title)
            #expect(await harness.wait(for: "the choice") { harness.report.properties.contains("Album: \(chosen)") })
            window.browsingBar.entry.text = ""
            #expect(await harness.wait(for: "the whole library") { window.library.count == 20000 })
            #expect(await harness.wait(for: "its covers") { Self.showsTheAlbumsAtTheirPlaces(window) }, "\(Self.misplacedViews(window))")
            let kept = try #require(harness.report.selectedIndex)
            #expect(window.library.album(at: kept)?.title == chosen)
            #expect(await harness.isCentred(kept))
            #expect(await harness.wait(for: "the focus on it") { window.scroller.selectedViewHasFocus })

            // To the end, and to a handful (fewer than the rows GTK keeps), and back.
            window.sort(by: AlbumSort.title.rawValue)
            #expect(await harness.wait(for: "the titles' order") { window.library.album(at: 0)?.title == "Album 0" && window.library.album(at: 1)?.title == "Album 1" })
            #expect(await harness.wait(for: "its covers") { Self.showsTheAlbumsAtTheirPlaces(window) }, "\(Self.misplacedViews(window))")
            #expect(window.library.album(at: try #require(harness.report.selectedIndex))?.title == chosen)
            window.browsingBar.entry.text = "album 1888"
            #expect(await harness.wait(for: "Album 1888 and 18880–18889") { window.library.count == 11 })
            #expect(await harness.wait(for: "their covers") { Self.showsTheAlbumsAtTheirPlaces(window) }, "\(Self.misplacedViews(window))")
            window.browsingBar.entry.text = ""
            #expect(await harness.wait(for: "the whole library") { window.library.count == 20000 })
            #expect(await harness.wait(for: "its covers") { Self.showsTheAlbumsAtTheirPlaces(window) }, "\(Self.misplacedViews(window))")
            #expect(harness.report.materializedViews <= 250, "the rows kept stay as many as GTK keeps")
            await harness.close()
        }
    }
}
