import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Searching, sorting and filtering in the window: the strip, the count, the empty state,
/// the drop-downs, and commands inside a filtered view.
@MainActor
@Suite(.serialized)
struct BrowsingWindowTests {
    nonisolated static let albums = [
        Album(title: "Best of Bowie", artist: "David Bowie", genre: "Rock", coverUrl: "", year: "1992"),
        Album(title: "Low", artist: "David Bowie", genre: "Rock", coverUrl: "", year: "1977"),
        Album(title: "Lemonade", artist: "Beyoncé", genre: "R&B", coverUrl: "", year: "2016"),
        Album(title: "Blue", artist: "Joni Mitchell", genre: "Folk", coverUrl: "", year: "1971"),
        Album(title: "Kind of Blue", artist: "Miles Davis", genre: "Jazz", coverUrl: "", year: "1959"),
        Album(title: "Homogenic", artist: "Björk", genre: "rock", coverUrl: "", year: "1997"),
    ]

    /// The titles the strip shows, in order.
    static func shownTitles(_ window: MainWindowController) -> [String] {
        (0..<window.scroller.count).compactMap { window.library.album(at: $0)?.title }
    }

    @Test func theFiltersCombineWithTheSearchAndTheCountFollows() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: Self.albums)
            let window = harness.window
            #expect(await harness.wait(for: "the genres") { window.library.facets.genres.count == 4 })
            try await harness.press("ctrl+f")
            #expect(harness.report.search?.hasFocus == true)
            #expect(harness.report.search?.filters == ["All Genres", "All Decades"])
            #expect(harness.report.subtitle == "6 albums")

            // Rock (however spelt) and the 1990s: the drop-downs list what the library has.
            window.browsingBar.genreFilter.selected = 4  // All Genres, Folk, Jazz, R&B, Rock
            #expect(await harness.wait(for: "the rock albums") { window.library.count == 3 })
            window.browsingBar.decadeFilter.selected = 3  // All Decades, 1950s, 1970s, 1990s, 2010s
            #expect(await harness.wait(for: "the rock albums of the 1990s") { Self.shownTitles(window) == ["Best of Bowie", "Homogenic"] })
            #expect(harness.report.search?.filters == ["Rock", "1990s"])
            #expect(harness.report.subtitle == "2 of 6 albums")
            #expect(harness.report.albumCount == 2)

            try await harness.deliver(harness.input.type("bj"))
            #expect(await harness.wait(for: "Björk") { Self.shownTitles(window) == ["Homogenic"] })
            #expect(harness.report.properties.first == "Artist: Björk")
            try await harness.deliver(harness.input.type("x"))
            #expect(await harness.wait(for: "no match") { window.library.count == 0 })
            await harness.nextFrames()
            #expect(harness.report.properties == ["No albums match “\u{2068}bjx\u{2069}”"])
            #expect(!window.scroller.isVisible)
            // The message is centred in the window, not set in a narrow column at its left.
            let page = try #require(window.properties.bounds(in: window.window))
            #expect(page.x < 20 && page.width > Double(harness.report.width) - 40, "the empty state spans the window: \(page)")
            #expect(harness.report.subtitle == "0 of 6 albums")

            try await harness.press("Escape")
            #expect(await harness.wait(for: "the whole library") { window.library.count == 6 && harness.report.search == nil })
            #expect(harness.report.properties.contains("Album: Homogenic"), "the album selected in the search stays selected")
            #expect(await harness.wait(for: "the strip's focus") { window.scroller.selectedViewHasFocus })
            await harness.close()
        }
    }

    /// A search started while the strip is still giving its selected cover the focus (at
    /// launch, the list has it before that row is laid out, and a key typed then opens the
    /// search) keeps the focus: the strip does not take it back on its next frame, and the
    /// keys typed next go on in the search field.
    @Test func aSearchStartedWhileTheStripTakesTheFocusKeepsIt() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: Self.albums)
            let window = harness.window
            #expect(await harness.wait(for: "the strip's focus") { window.scroller.selectedViewHasFocus })
            window.scroller.focusWhenShown()  // as at launch, pending until the next frame
            window.startSearching()  // the first key typed, before that frame
            await harness.nextFrames()
            #expect(harness.report.search?.hasFocus == true, "the strip took the focus back from the search")
            try await harness.deliver(harness.input.type("blue"))
            #expect(await harness.wait(for: "the blue albums") { Self.shownTitles(window) == ["Blue", "Kind of Blue"] })
            #expect(harness.report.search?.text == "blue")
            #expect(harness.report.search?.hasFocus == true)
            await harness.close()
        }
    }

    @Test func typingOverTheSearchGoesStraightToTheNewAlbumsWithoutTheWholeLibraryBetween() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: Self.albums)
            let window = harness.window
            try await harness.press("ctrl+f")
            try await harness.deliver(harness.input.type("bowie"))
            #expect(await harness.wait(for: "Bowie's albums") { Self.shownTitles(window) == ["Best of Bowie", "Low"] })
            var shownCounts: [Int] = []
            let observation = window.library.observe { event in
                if case .changed(let update) = event, update.albumChanges.contains(.reloaded) { shownCounts.append(window.library.count) }
            }
            // Typed over the selected text: GTK takes the old text out, then puts the new in.
            try await harness.press("ctrl+a")
            try await harness.deliver(harness.input.type("k"))
            #expect(await harness.wait(for: "Kind of Blue") { Self.shownTitles(window) == ["Kind of Blue"] })
            // Set whole, as a program (or an input method) does.
            window.browsingBar.entry.text = "blue"
            #expect(await harness.wait(for: "the blue albums") { Self.shownTitles(window) == ["Blue", "Kind of Blue"] })
            await harness.nextFrames()
            #expect(shownCounts == [1, 2], "one answer per change, never the whole library between: \(shownCounts)")
            _ = observation
            await harness.close()
        }
    }

    @Test func sortingKeepsTheSelectionAndDeletingThenUndoingAHiddenAlbumSaysSo() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: Self.albums)
            let window = harness.window
            try await harness.press("End")
            #expect(await harness.wait(for: "Homogenic") { harness.report.properties.contains("Album: Homogenic") })
            window.sort(by: AlbumSort.title.rawValue)
            #expect(await harness.wait(for: "the titles' order") {
                Self.shownTitles(window) == ["Best of Bowie", "Blue", "Homogenic", "Kind of Blue", "Lemonade", "Low"]
            })
            #expect(harness.report.sort == "title")
            #expect(harness.report.selectedIndex == 2, "Homogenic stays selected")
            #expect(await harness.isCentred(2))

            // Search "blue", delete Blue, then search "lemon": undoing brings Blue back unseen.
            try await harness.press("ctrl+f")
            try await harness.deliver(harness.input.type("blue"))
            #expect(await harness.wait(for: "the blue albums") { Self.shownTitles(window) == ["Blue", "Kind of Blue"] })
            try await harness.press("Return")  // back to the strip
            #expect(await harness.wait(for: "the strip's focus") { window.scroller.hasFocus })
            try await harness.press("Delete")
            #expect(Self.shownTitles(window) == ["Kind of Blue"])
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "“\u{2068}Blue\u{2069}” deleted" })
            window.browsingBar.entry.text = "lemon"
            #expect(await harness.wait(for: "Lemonade") { Self.shownTitles(window) == ["Lemonade"] })
            try await harness.press("ctrl+z")
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "“\u{2068}Blue\u{2069}” is back. The search hides it." })
            #expect(Self.shownTitles(window) == ["Lemonade"])
            #expect(window.library.libraryCount == 6)
            try await harness.press("ctrl+shift+z")
            #expect(window.library.libraryCount == 5)
            try await harness.press("ctrl+z")
            window.browsingBar.entry.text = ""
            #expect(await harness.wait(for: "the whole library, by title") { Self.shownTitles(window).count == 6 })
            #expect(Self.shownTitles(window)[1] == "Blue")
            await harness.close()
        }
    }
}
