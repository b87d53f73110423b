import BlueLibrary
import Foundation
import GtkKit
import LibraryCore
import WindowDiagnostics

// MARK: - BrowsingBench

/// Search, sort and filter at 100,000 albums, as the user meets them: from a keystroke in
/// the search field (its text changed, as a key press changes it) to the frame that shows the
/// albums found painted; and from a change of sort or filter to that frame. The changes come
/// at a fast typist's pace (`Pace`): the frame clock paints at most one frame per refresh
/// (16.7 ms), so a change made just after a frame waits for the next one, whatever it costs,
/// and changes made back to back measured that wait more than the change. Their goal (one
/// frame with cairo, and a ratio to the C window's swap of its model with GL) is judged by
/// `bench/run`'s table "Against the same window in C". The first key typed after a deletion
/// is measured too (no goal: the search's orders follow the change instead of being read
/// again).
@MainActor
struct BrowsingBench {
    let controller: MainWindowController
    let frames: FrameWatcher
    private let pace = Pace(milliseconds: 100)

    /// What a user types, a key at a time: an album's title and an artist (the bench's albums
    /// are "Album N" by "Artist N mod 997"), a genre and year, a word no album has.
    static let typed = ["album 4217", "artist 512", "genre 7 1992", "album 99999", "zebra"]

    func run() async {
        let library = controller.library
        let keystrokes = await typing(Self.typed)
        BenchResult.distribution(section: "browsing", name: "keystroke in the search field to the strip painted (\(keystrokes.count) keys)",
                                 samples: keystrokes, goal: nil, met: nil).print()

        var sorts: [Double] = []
        for _ in 0..<3 {
            for sort in AlbumSort.allCases.dropFirst() + [.libraryOrder] {
                sorts.append(await timed { controller.sort(by: sort.rawValue) })
            }
        }
        BenchResult.distribution(section: "browsing", name: "change of sort (all 100,000 albums) to the strip painted",
                                 samples: sorts, goal: nil, met: nil).print()

        var filters: [Double] = []
        for round in 0..<3 {
            let genres = library.facets.genres.count
            filters.append(await timed { controller.browsingBar.genreFilter.selected = 1 + round % max(genres, 1) })
            filters.append(await timed { controller.browsingBar.decadeFilter.selected = 1 + round })
            filters.append(await timed { controller.browsingBar.genreFilter.selected = 0 })
            filters.append(await timed { controller.browsingBar.decadeFilter.selected = 0 })
        }
        BenchResult.distribution(section: "browsing", name: "change of genre or decade filter to the strip painted",
                                 samples: filters, goal: nil, met: nil).print()

        // The orders kept for the search follow each change: the first key after a deletion
        // does not read the sort's order of 100,000 albums again.
        await untimed { controller.sort(by: AlbumSort.title.rawValue) }
        var afterDeletion: [Double] = []
        for _ in 0..<12 {
            await untimed { _ = controller.window.activateAction("win.delete") }
            afterDeletion.append(await timed { controller.browsingBar.entry.text = "z" })
            await untimed { controller.browsingBar.entry.text = "" }
            await untimed { _ = controller.window.activateAction("win.undo") }
        }
        await untimed { controller.sort(by: AlbumSort.libraryOrder.rawValue) }
        BenchResult.distribution(section: "browsing", name: "first key after a deletion, sorted by title, to the strip painted",
                                 samples: afterDeletion, goal: nil, met: nil).print()
    }

    /// Each of `texts` typed into the search field a key at a time, then cleared: each key's
    /// time to the strip painted (`ListeningBench` types them under a played sort too).
    func typing(_ texts: [String]) async -> [Double] {
        var keystrokes: [Double] = []
        for text in texts {
            for length in 1...text.count {
                keystrokes.append(await timed { controller.browsingBar.entry.text = String(text.prefix(length)) })
            }
            await untimed { controller.browsingBar.entry.text = "" }
        }
        return keystrokes
    }

    /// A change of sort to `sort`, from the change to the strip painted (`ListeningBench`
    /// measures the played sorts this way, once it has a history).
    func sortChange(to sort: AlbumSort) async -> Double {
        await timed { controller.sort(by: sort.rawValue) }
    }

    /// A change of sort to `sort` made once the strip shows every cover on screen (a user picks
    /// a sort from the menu after looking at the answer before): from the change to the strip
    /// painted. Changed at a typist's pace instead, while the covers of the order before are
    /// still arriving, the change meets a frame clock that ticks for their spinners (a CSS
    /// animation), and its frame waits for the next tick, up to 16.7 ms, whatever it costs.
    func sortChangeOnceCoversArePlaced(to sort: AlbumSort) async -> Double {
        _ = await frames.paintTime { [controller] in controller.visibleCoversArePlaced }
        return await sortChange(to: sort)
    }

    /// From `change`, made at the pace of the changes before it, to the frame that shows its
    /// answer, painted (the first frame begun once the library shows the albums of the query
    /// asked last).
    private func timed(_ change: () -> Void) async -> Double {
        await pace.next()
        let library = controller.library
        let start = nowMilliseconds()
        change()
        return await frames.paintTime(ofFirstFrameWhere: { library.requestedQuery == library.query }) - start
    }

    private func untimed(_ change: () -> Void) async {
        _ = await timed(change)
    }
}

// MARK: - Pace

/// Changes one after the other at a user's pace: each one `milliseconds` after the one before
/// (ten a second is a fast typist's keys, about 120 words a minute), or at once when the one
/// before took longer.
@MainActor
private final class Pace {
    private let milliseconds: Double
    private var last = -Double.infinity

    init(milliseconds: Double) {
        self.milliseconds = milliseconds
    }

    /// Returns when the next change is due.
    func next() async {
        let wait = last + milliseconds - nowMilliseconds()
        if wait > 0 { try? await Task.sleep(for: .milliseconds(wait)) }
        last = nowMilliseconds()
    }
}
