import GtkKit
import LibraryCore

// MARK: - BrowsingBar

/// The search bar under the header bar: the search field, the genre and decade filters,
/// and how many albums match. It slides in with Ctrl+F, the header bar's search button, or
/// when the user types while the window has no text field focused.
///
/// It only gathers what the user chose (`search`, `genre`, `decade`) and calls `onChange`;
/// the controller asks the library for the albums.
@MainActor
package final class BrowsingBar: Widget {
    package let entry = SearchEntry(placeholder: localized("Search albums"))
    package let genreFilter = DropDown(choices: [])
    package let decadeFilter = DropDown(choices: [])
    /// "12 of 4,000 albums".
    package let matchCount = Label()
    package let searchBar: SearchBar
    /// Called when the search text or a filter changes.
    var onChange: @MainActor () -> Void = {}

    private var facets = LibraryFacets()
    /// The genre and decade chosen: kept when the library no longer has them (they then show
    /// as an extra choice), so a filter restored at launch stays what it was.
    private(set) var genre: String?
    private(set) var decade: Int?
    /// Set while the bar changes its own widgets.
    private var isUpdating = false

    init() {
        let row = Box(.horizontal, spacing: 4)
        row.append(entry)
        row.append(genreFilter)
        row.append(decadeFilter)
        row.append(matchCount)
        searchBar = SearchBar(child: row, entry: entry)
        super.init(adopting: searchBar)
        entry.setAccessibleLabel(localized("Search albums"))
        // The window stays narrow (400 pixels): the field gives up width first, then the count.
        entry.setWidthInCharacters(minimum: 3, natural: 28)
        matchCount.ellipsize()
        genreFilter.setAccessibleLabel(localized("Genre"))
        genreFilter.tooltip = localized("Show one genre")
        decadeFilter.setAccessibleLabel(localized("Decade"))
        decadeFilter.tooltip = localized("Show one decade")
        matchCount.addCSSClass("dim-label")
        matchCount.addCSSClass("numeric")
        showChoices()
        entry.onChanged { [weak self] in self?.changed() }
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
        showChoices()
    }

    /// Clears the search and the filters (Escape, or the bar closed), calling `onChange`.
    func clear() {
        isUpdating = true
        entry.text = ""
        isUpdating = false
        genre = nil
        decade = nil
        showChoices()
        changed()
    }

    /// Shows the genres and decades the library has.
    func showFacets(_ facets: LibraryFacets) {
        self.facets = facets
        showChoices()
    }

    /// Says how many albums are shown: in the bar, and to screen readers as the search
    /// field's description.
    func showCount(shown: Int, of total: Int, filtering: Bool) {
        let text = filtering
            ? localizedPlural("%1$@ of %2$@ album", "%1$@ of %2$@ albums", total, shown.formatted(), total.formatted())
            : localizedPlural("%@ album", "%@ albums", total, total.formatted())
        // A label given new text makes GTK lay the window out again (the strip of 100,000
        // albums with it): only a change is shown.
        guard text != matchCount.text else { return }
        matchCount.text = text
        entry.setAccessibleDescription(filtering ? localizedPlural("%@ album matches", "%@ albums match", shown, shown.formatted()) : text)
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
}
