import GtkKit
import LibraryCore

// MARK: - BrowsingBar

/// The search bar under the header bar: the search field, the genre and decade filters and
/// Never Played
/// (how many albums match shows in the window's title). It slides in with Ctrl+F, the header bar's search button, or
/// when the user types while the window has no text field focused.
///
/// It only gathers what the user chose (`search`, `genre`, `decade`, `isNeverPlayedOnly`) and
/// calls `onChange`;
/// the controller asks the library for the albums.
@MainActor
package final class BrowsingBar: Widget {
    package let entry = SearchEntry(placeholder: localized("Search albums"))
    package let genreFilter = DropDown(choices: [])
    package let decadeFilter = DropDown(choices: [])
    /// Shows only the albums never listened to.
    package let neverPlayedFilter = ToggleButton(mnemonic: localized("_Never Played"))
    package let searchBar: SearchBar
    /// Called when the search text or a filter changes.
    var onChange: @MainActor () -> Void = {}

    private var facets = LibraryFacets()
    /// The genre and decade chosen: kept when the library no longer has them (they then show
    /// as an extra choice), so a filter restored at launch stays what it was.
    private(set) var genre: String?
    private(set) var decade: Int?
    /// Whether the window is narrow (`fit(windowWidth:)`).
    private var isCompact = false
    /// Whether Never Played is pressed.
    package var isNeverPlayedOnly: Bool { neverPlayedFilter.isActive }
    /// Set while the bar changes its own widgets.
    private var isUpdating = false
    /// Whether the search field emptied and the change waits to be told (`searchTextChanged`).
    private var isEmptyingPending = false
    /// The search field's accessible description now.
    private var describedMatches = ""

    init() {
        let row = Box(.horizontal, spacing: 4)
        row.append(entry)
        row.append(genreFilter)
        row.append(decadeFilter)
        row.append(neverPlayedFilter)
        searchBar = SearchBar(child: row, entry: entry)
        super.init(adopting: searchBar)
        entry.setAccessibleLabel(localized("Search albums"))
        // The window stays narrow (360 pixels): the field gives up width first.
        entry.setWidthInCharacters(minimum: 1, natural: 28)
        genreFilter.setAccessibleLabel(localized("Genre"))
        genreFilter.tooltip = localized("Show one genre")
        decadeFilter.setAccessibleLabel(localized("Decade"))
        decadeFilter.tooltip = localized("Show one decade")
        neverPlayedFilter.tooltip = localized("Show only the albums never listened to")
        // GTK 4.8 names a drop-down's own button after its class ("GtkToggleButton").
        for (filter, name) in [(genreFilter, localized("Genre")), (decadeFilter, localized("Decade"))] {
            filter.descendantButtons.forEach { $0.setAccessibleLabel(name) }
        }
        showChoices()
        entry.onChanged { [weak self] in self?.searchTextChanged() }
        genreFilter.onSelectedChanged { [weak self] in
            guard let self, !isUpdating else { return }
            let index = genreFilter.selected
            genre = index > 0 && index <= genreChoices.count ? genreChoices[index - 1] : nil
            changed()
        }
        decadeFilter.onSelectedChanged { [weak self] in
            guard let self, !isUpdating else { return }
            let index = decadeFilter.selected
            decade = index > 0 && index <= decadeChoices.count ? decadeChoices[index - 1] : nil
            changed()
        }
        neverPlayedFilter.onUserToggle { [weak self] _ in self?.changed() }
    }

    // MARK: What the user chose

    /// The search text typed.
    var search: String { entry.text }

    /// Shows `query`'s search and filters (at launch), without calling `onChange`.
    func show(_ query: AlbumQuery) {
        isUpdating = true
        entry.text = query.searchText
        isUpdating = false
        genre = query.genre
        decade = query.decade
        neverPlayedFilter.isActive = query.isNeverPlayedOnly
        neverPlayedFilter.isVisible = !isCompact || query.isNeverPlayedOnly
        showChoices()
    }

    /// Clears the search and the filters (Escape, or the bar closed), calling `onChange`.
    func clear() {
        search(for: "")
    }

    /// Puts `text` in the search field and clears the filters (a search GNOME Shell hands
    /// over), calling `onChange`.
    func search(for text: String) {
        isUpdating = true
        entry.text = text
        isUpdating = false
        genre = nil
        decade = nil
        neverPlayedFilter.isActive = false
        neverPlayedFilter.isVisible = !isCompact
        showChoices()
        changed()
    }

    /// In a window narrower than the header bar's compact width (a phone), Never Played shows
    /// only while it is pressed: the field and the two drop-downs take the whole width.
    func fit(windowWidth: Int) {
        isCompact = windowWidth < MainHeaderBar.compactWidth
        neverPlayedFilter.isVisible = !isCompact || neverPlayedFilter.isActive
    }

    /// Shows the genres and decades the library has.
    func showFacets(_ facets: LibraryFacets) {
        self.facets = facets
        showChoices()
    }

    /// Tells screen readers how many albums match, as the search field's description
    /// (`count` is the window title's "3 of 4,000 albums").
    func describeMatches(shown: Int, filtering: Bool, count: String) {
        let description = filtering ? localizedPlural("%@ album matches", "%@ albums match", shown, shown.formatted()) : count
        guard description != describedMatches else { return }
        describedMatches = description
        entry.setAccessibleDescription(description)
    }

    // MARK: Choices

    private var genreChoices: [String] {
        facets.genres.map(\.key) + (genre.map { key in facets.genres.contains { $0.key == key } ? [] : [key] } ?? [])
    }

    private var decadeChoices: [Int] {
        facets.decades + (decade.map { facets.decades.contains($0) ? [] : [$0] } ?? [])
    }

    /// Fills the drop-downs, the chosen genre and decade still chosen.
    private func showChoices() {
        isUpdating = true
        defer { isUpdating = false }
        let names = Dictionary(facets.genres.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
        let genres = genreChoices
        genreFilter.setChoices(
            [localized("All Genres")] + genres.map { (names[$0] ?? $0).forDisplay },
            selected: genre.flatMap { genres.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        )
        let decades = decadeChoices
        decadeFilter.setChoices(
            [localized("All Decades")] + decades.map { localized("%@s", String($0)) },
            selected: decade.flatMap { decades.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        )
    }

    private func changed() {
        guard !isUpdating else { return }
        onChange()
    }

    /// A search field that empties is told a moment later, in the same frame: text replaced
    /// (typing over a selection, or the text set whole) is taken out, then put in, and the
    /// empty field between would show the whole library, then the albums found, each
    /// rebuilding the strip.
    private func searchTextChanged() {
        guard !isUpdating else { return }
        guard entry.text.isEmpty else {
            isEmptyingPending = false
            changed()
            return
        }
        guard !isEmptyingPending else { return }
        isEmptyingPending = true
        MainLoop.perform { [weak self] in
            guard let self, isEmptyingPending else { return }
            isEmptyingPending = false
            changed()
        }
    }
}
