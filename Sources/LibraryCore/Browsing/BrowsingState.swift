import Foundation

// MARK: - BrowsingState

/// What the window shows of the library, kept by `LibraryAPI`: the query whose albums are
/// shown, those albums (unless it is the whole library in the user's order), the query
/// asked for and not answered yet, and the album the user last selected.
struct BrowsingState {
    /// The query the shown albums answer.
    var query: AlbumQuery
    /// The ids shown, in the query's order; `nil` when every album is shown in the user's
    /// order (the library's `order` is then what is shown, with no copy of it).
    var shownIDs: [AlbumID]?
    /// The query asked for last, while the database answers it.
    var requested: AlbumQuery?
    /// The album last selected: kept while nothing is shown (no match), so that leaving the
    /// search selects it again, and saved in the memento.
    var heldSelection: AlbumID?
    /// The filter's choices, as last read.
    var facets = LibraryFacets()
    /// Whether the facets are being read again (after a commit).
    var isReadingFacets = false
    /// The last committed change the facets have seen (-1: not read yet).
    var facetsSequence = -1
    /// The last change committed to the database.
    var committedSequence = 0

    init(query: AlbumQuery, shownIDs: [AlbumID]?) {
        self.query = query
        self.shownIDs = shownIDs
    }
}
