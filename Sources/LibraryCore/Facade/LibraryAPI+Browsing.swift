import Foundation

// MARK: - Search, sort and filter

extension LibraryAPI {
    /// The search, filter and sort of the albums shown now.
    public var query: AlbumQuery { browsing.query }

    /// The query asked for last: it differs from `query` while the database answers it.
    public var requestedQuery: AlbumQuery { browsing.requested ?? browsing.query }

    /// The genres and decades of the library, the filter's choices (read again after changes,
    /// `LibraryEvent.facetsChanged`).
    public var facets: LibraryFacets { browsing.facets }

    /// Shows the albums `query` picks, in its order. The database answers after every change
    /// made so far: at once when every change is committed and the order of the sort is in
    /// memory (`PersistencyManager.albumIDsAtOnce`), else off the GTK thread; the albums
    /// shown change when it has (`albumsChanged(.reloaded)`), keeping the selected album
    /// selected when it is among them, else selecting the first. The whole library in the
    /// user's order is shown at once. `again` asks even for the query shown (a listen changed the plays it orders by).
    public func show(_ query: AlbumQuery, again: Bool = false) {
        guard again || query != requestedQuery else { return }
        ask(query)
    }

    /// Reads every album's search words, the order of each sort and every album's genre and
    /// year in the background, so that the first key typed in the search and the first change
    /// of sort or filter are answered in their own frame (the window asks once its first frame
    /// is painted).
    public func prepareBrowsing() {
        guard count > 0 else { return }
        persistency.prepareBrowsing(in: requestedQuery.sort)
    }

    /// The albums of which every word of `text` begins a word, as the window's search finds
    /// them (the same folding of case and accents), in the user's order, whatever the window
    /// shows: GNOME Shell's search. Answered after every change made so far, from memory when
    /// it can, else on the commit queue; none for a text with no word.
    public func albumIDs(matchingSearch text: String) async -> [AlbumID] {
        let query = AlbumQuery(searchText: text)
        guard !query.searchedWords.isEmpty else { return [] }
        if let ids = persistency.albumIDsAtOnce(matching: query) { return ids }
        let answer = await withCheckedContinuation { continuation in
            persistency.albumIDs(matching: query, isStillAsked: { true }) { continuation.resume(returning: $0) }
        }
        switch answer {
        case .success(let ids): return ids ?? []
        case .failure(let error):
            Log.core.warning("the search could not be made: \(error)")
            return []
        }
    }

    private func ask(_ query: AlbumQuery) {
        let generation = askedGeneration.withLock { asked in
            asked += 1
            return asked
        }
        guard !query.isWholeLibrary else {
            browsing.requested = nil
            display(query, ids: nil)
            return
        }
        if let ids = persistency.albumIDsAtOnce(matching: query) {
            browsing.requested = nil
            display(query, ids: ids)
            return
        }
        browsing.requested = query
        let sequence = nextSequence
        let asked = askedGeneration
        // A question asked again meanwhile (a further keystroke) is not answered.
        persistency.albumIDs(matching: query, isStillAsked: { asked.withLock { $0 } == generation }) { [weak self] ids in
            self?.answer(query, ids: ids, generation: generation, askedAt: sequence)
        }
    }

    /// Takes the database's answer, unless a newer question was asked; asks again if the
    /// library changed after the question (the answer may not have seen the change).
    private func answer(_ query: AlbumQuery, ids: Result<[AlbumID]?, any Error>, generation: Int, askedAt sequence: Int) {
        guard generation == askedGeneration.withLock({ $0 }) else { return }
        switch ids {
        case .success(let ids?) where sequence == nextSequence:
            browsing.requested = nil
            display(query, ids: ids)
        case .success:
            ask(query)
        case .failure(let error):
            Log.core.warning("the search could not be made: \(error)")
            browsing.requested = nil
        }
    }

    /// Shows `ids` (`nil`: the whole library) as the answer to `query`.
    private func display(_ query: AlbumQuery, ids: [AlbumID]?) {
        announcing { showAnswer(query, ids: ids) }
        saveState()
    }

    private func showAnswer(_ query: AlbumQuery, ids: [AlbumID]?) {
        browsing.query = query
        // A further key that picks the same albums (the first letters of a word every album
        // has) changes only what the count and the empty state say.
        let isSameList = ids == browsing.shownIDs
        browsing.shownIDs = ids
        if !isSameList {
            selectedIndex = selectionAfterReload()
            announce { $0.albumChanges.append(.reloaded) }
        }
        announce { $0.selectionChanged = true }
    }

    // MARK: What is shown

    /// The ids of the albums shown, in the order shown.
    var shownIDs: [AlbumID] { browsing.shownIDs ?? order }

    /// Selects the album last selected if it is shown, else the one shown near `index` (or
    /// the first); nothing when none is shown.
    func reselect(orNear index: Int? = nil) {
        selectedIndex = nil
        setSelection(selectionAfterReload(near: index))
    }

    /// The album last selected if it is shown, else the one shown near `index` (or the
    /// first); `nil` when none is shown. Remembers it as the album last selected.
    func selectionAfterReload(near index: Int? = nil) -> Int? {
        if let held = browsing.heldSelection, let shown = self.index(of: held) { return shown }
        guard count > 0 else { return nil }
        let selection = min(index ?? 0, count - 1)
        browsing.heldSelection = shownIDs[selection]
        return selection
    }

    /// Where, in the user's order, an album goes that is added at `index` among those shown:
    /// after the album shown before it (at the very start for 0, at the end for `nil`).
    func libraryPosition(forShownInsertionAt index: Int?) -> Int {
        guard browsing.shownIDs != nil else { return min(max(index ?? order.count, 0), order.count) }
        guard let index else { return order.count }
        guard index > 0, let before = albumID(at: min(index, count) - 1), let position = order.firstIndex(of: before) else { return 0 }
        return position + 1
    }

    /// Reads an album's entry for the placing of albums among those shown.
    private var entryReader: BrowsingState.EntryReader {
        { [rows] id in rows.entry(id, page: [id][...]) }
    }

    /// Shows `entry`, just put at `libraryIndex` in the order, where the query places it;
    /// returns its index among those shown, `nil` when the query hides it.
    func showInserted(_ entry: LibraryEntry, atLibraryIndex libraryIndex: Int) -> Int? {
        browsing.insert(entry, atLibraryIndex: libraryIndex, order: order, reading: entryReader, plays: listenHistory.playsReader)
    }

    /// Takes album `id`, just removed from `libraryIndex` in the order, from those shown;
    /// returns where it was shown, `nil` when it was not.
    func hideRemoved(_ id: AlbumID, atLibraryIndex libraryIndex: Int) -> Int? {
        browsing.remove(id, atLibraryIndex: libraryIndex)
    }

    /// Shows the changed entries: in place, moved where the sort now puts them, hidden when
    /// the query no longer picks them, or shown when it now does. Tells the observers; returns
    /// where they are shown and which are hidden.
    func showReplaced(_ entries: [LibraryEntry]) -> (shown: [Int], hidden: [Album]) {
        guard browsing.shownIDs != nil else {
            let changed = Set(entries.map(\.id))
            let indexes = order.indexes(ofIDsIn: changed)
            announce { $0.albumChanges += indexes.map { .updated($0) } }
            return (indexes, [])
        }
        let selectedID = selectedIndex.map { shownIDs[$0] }
        let placed = browsing.replace(entries, selectedID: selectedID, order: order, reading: entryReader, plays: listenHistory.playsReader)
        for step in placed.steps {
            switch step {
            case .updated(let index):
                announce { $0.albumChanges.append(.updated(index)) }
            case .removed(let index, let selection):
                selectedIndex = selection
                announce { $0.albumChanges.append(.removed(index)) }
            case .inserted(let index, let selection):
                selectedIndex = selection
                announce { $0.albumChanges.append(.inserted(index)) }
            }
        }
        if selectedIndex == nil, placed.shown.isEmpty { reselect(orNear: placed.firstGone) }
        return (placed.shown, placed.hidden)
    }

    /// Shows the albums an import appended to the order: those the query picks, where it
    /// places them. Tells the observers.
    func showAppended(_ entries: [LibraryEntry]) {
        guard browsing.shownIDs != nil else {
            announce { $0.albumChanges.append(.appended(count: entries.count)) }
            return
        }
        let selected = selectedIndex.map { shownIDs[$0] }
        let (added, atEnd) = browsing.append(entries, order: order, reading: entryReader, plays: listenHistory.playsReader)
        guard added > 0 else { return }
        if atEnd {
            announce { $0.albumChanges.append(.appended(count: added)) }
        } else {
            announce { $0.albumChanges.append(.reloaded) }
            selectedIndex = nil
            setSelection(selected.flatMap(index(of:)) ?? (count > 0 ? 0 : nil))
        }
    }

    // MARK: The filter's choices

    /// Reads the genres and decades again once changes are committed (off the commit queue:
    /// reading them never delays a change or a search); a commit made meanwhile has them
    /// read once more.
    func refreshFacets() {
        guard !browsing.isReadingFacets, browsing.facetsSequence < browsing.committedSequence else { return }
        browsing.isReadingFacets = true
        let sequence = browsing.committedSequence
        persistency.readFacets { [weak self] facets in
            guard let self else { return }
            browsing.isReadingFacets = false
            browsing.facetsSequence = sequence
            if case .success(let facets) = facets, facets != browsing.facets {
                browsing.facets = facets
                observers.post(.facetsChanged)
            }
            refreshFacets()
        }
    }
}
