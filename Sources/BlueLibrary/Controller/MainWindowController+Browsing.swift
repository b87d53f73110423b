import GtkKit
import LibraryCore

// MARK: - Search, sort and filter

extension MainWindowController {
    /// Wires the search bar, the header bar's search button and the sort, and shows the
    /// search, filter and sort restored at launch.
    func connectBrowsing() {
        browsingBar.searchBar.captureKeys(from: window)
        headerBar.searchButton.bind(to: browsingBar.searchBar)
        browsingBar.onChange = { [weak self] in self?.showChosenAlbums() }
        browsingBar.entry.onStopSearch { [weak self] in self?.stopSearching() }
        browsingBar.entry.onActivate { [weak self] in self?.scroller.focus() }
        browsingBar.searchBar.onSearchingChanged { [weak self] in
            guard let self else { return }
            refreshActions()
            refreshCount()
            // The bar closed (its button, or Escape): nothing stays filtered unseen.
            if !browsingBar.searchBar.isSearching { stopSearching() }
        }
        let query = library.requestedQuery
        browsingBar.showFacets(library.facets)
        browsingBar.show(query)
        actions.sortAction.state = query.sort.rawValue
        if query.isFiltering { browsingBar.searchBar.isSearching = true }
        refreshCount()
    }

    /// Search (Ctrl+F): shows the search bar with the focus in its field, its text selected.
    func startSearching() {
        browsingBar.searchBar.isSearching = true
        browsingBar.entry.grabFocus()
    }

    /// Opens the search with `text` typed in (GNOME Shell's search, continued in the window).
    func search(for text: String) {
        startSearching()
        browsingBar.search(for: text)
        browsingBar.entry.moveCursorToEnd()
    }

    /// Selects album `id` and centres it, closing the search first when it hides the album
    /// (a result of GNOME Shell's search, activated).
    func reveal(albumID id: AlbumID) {
        if library.index(of: id) == nil, browsingBar.searchBar.isSearching { stopSearching() }
        library.selectAlbum(withID: id)
        scroller.focusWhenShown()
    }

    /// Escape in the search field, or the bar closed: the whole library again (in the same
    /// sort), the album selected in the search still selected, the focus back in the strip.
    func stopSearching() {
        let hadFocus = browsingBar.containsFocus
        browsingBar.clear()
        browsingBar.searchBar.isSearching = false
        if hadFocus { scroller.focusWhenShown() }
    }

    /// Escape outside the search field: dismisses the notice on show, else leaves the search.
    func escape() {
        if toast.isShown {
            toast.dismiss()
        } else if browsingBar.searchBar.isSearching {
            stopSearching()
            scroller.focusWhenShown()
        }
    }

    /// Sort By (main menu): shows the albums in `name`'s sort (an `AlbumSort`).
    package func sort(by name: String) {
        guard let sort = AlbumSort(rawValue: name) else { return }
        actions.sortAction.state = name
        var query = library.requestedQuery
        query.sort = sort
        library.show(query)
    }

    /// A listen (or the history read, or cleared) changed these albums' plays (`nil`: any
    /// album's): ordered or filtered by the plays, the strip is asked again, so the album moves
    /// where its plays now put it, and the answer refreshes the details once (every answer
    /// announces the selection); else the selected album's Played row shows the new count.
    func showPlaysChanged(_ ids: Set<AlbumID>?) {
        if library.requestedQuery.followsPlays {
            library.show(library.requestedQuery, again: true)
            return
        }
        let selected = library.selectedIndex.flatMap(library.albumID(at:))
        if let selected, ids?.contains(selected) ?? true, let album = library.selectedAlbum {
            properties.show(propertyRows(for: album), folder: album.folder, emptyState: .noSelection)
            refreshTrackPlays()
        }
    }

    /// Asks the library for the albums the search bar picks, in the current sort.
    private func showChosenAlbums() {
        library.show(AlbumQuery(
            searchText: browsingBar.search, sort: library.requestedQuery.sort, genre: browsingBar.genre, decade: browsingBar.decade,
            isNeverPlayedOnly: browsingBar.isNeverPlayedOnly
        ))
    }

    /// Shows how many albums there are, or match, under the window's title ("3 of 4,000
    /// albums"), and to screen readers in the search field's description.
    func refreshCount() {
        let filtering = library.query.isFiltering
        let shown = library.count, total = library.libraryCount
        let count = filtering
            ? localizedPlural("%1$@ of %2$@ album", "%1$@ of %2$@ albums", total, shown.formatted(), total.formatted())
            : localizedPlural("%@ album", "%@ albums", total, total.formatted())
        // A label given new text makes GTK lay the header bar out again: only a change is shown.
        if headerBar.title.subtitle != count { headerBar.title.subtitle = count }
        if browsingBar.searchBar.isSearching {
            browsingBar.describeMatches(shown: shown, filtering: filtering, count: count)
        }
    }

    /// What the empty state says when no album is shown.
    var nothingShownState: EmptyState {
        if library.libraryCount == 0 { return .emptyLibrary }
        let search = library.query.searchText.trimmingCharacters(in: .whitespaces)
        return .noMatch(search.isEmpty ? localized("No albums match these filters") : localized("No albums match “%@”", search.isolatedForDisplay))
    }
}
