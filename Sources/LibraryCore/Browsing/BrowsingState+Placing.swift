// MARK: - Placing albums among those shown

/// Where the albums a command inserts, removes, changes or an import appends go among those
/// shown, as the database would place them: the query's rules, applied in memory. Only the
/// shown ids change here; the facade turns the outcome into the selection and its events.
extension BrowsingState {
    typealias EntryReader = AlbumSort.EntryReader

    /// One change to the albums shown, in the order it happened, with the index the selected
    /// album has right after it (`nil`: not shown).
    enum Step: Equatable {
        case updated(Int)
        case removed(Int, selection: Int?)
        case inserted(Int, selection: Int?)
    }

    /// Shows `entry`, just put at `libraryIndex` in the order, where the query places it;
    /// its index among those shown, `nil` when the query hides it.
    mutating func insert(_ entry: LibraryEntry, atLibraryIndex libraryIndex: Int, order: [AlbumID], reading: EntryReader, plays: AlbumSort.PlaysReader = { _ in nil }) -> Int? {
        guard shownIDs != nil else { return libraryIndex }
        guard query.matches(entry.album, plays: plays(entry.id)) else { return nil }
        let index = insertionIndex(for: entry, order: order, reading: reading, plays: plays)
        shownIDs?.insert(entry.id, at: index)
        return index
    }

    /// Takes album `id`, just removed from `libraryIndex` in the order, from those shown;
    /// where it was shown, `nil` when it was not.
    mutating func remove(_ id: AlbumID, atLibraryIndex libraryIndex: Int) -> Int? {
        guard shownIDs != nil else { return libraryIndex }
        guard let index = shownIDs?.firstIndex(of: id) else { return nil }
        shownIDs?.remove(at: index)
        return index
    }

    /// Shows the changed entries of a search, filter or sort: in place, moved where the sort
    /// now puts them, hidden when the query no longer picks them, or shown when it now does.
    /// Returns the steps (the selected album `selectedID` followed), where the entries are
    /// shown, which are hidden, and the first place one left.
    mutating func replace(_ entries: [LibraryEntry], selectedID: AlbumID?, order: [AlbumID], reading: EntryReader,
                          plays: AlbumSort.PlaysReader = { _ in nil })
        -> (steps: [Step], shown: [Int], hidden: [Album], firstGone: Int?) {
        var steps: [Step] = []
        var shown: [Int] = []
        var hidden: [Album] = []
        var firstGone: Int?
        func selection() -> Int? { selectedID.flatMap { shownIDs?.firstIndex(of: $0) } }
        for entry in entries {
            if let was = shownIDs?.firstIndex(of: entry.id) {
                shownIDs?.remove(at: was)
                if query.matches(entry.album, plays: plays(entry.id)), insertionIndex(for: entry, order: order, reading: reading, plays: plays) == was {
                    shownIDs?.insert(entry.id, at: was)
                    steps.append(.updated(was))
                    shown.append(was)
                    continue
                }
                steps.append(.removed(was, selection: selection()))
                firstGone = min(firstGone ?? was, was)
            }
            guard query.matches(entry.album, plays: plays(entry.id)) else {
                hidden.append(entry.album)
                continue
            }
            let index = insertionIndex(for: entry, order: order, reading: reading, plays: plays)
            shownIDs?.insert(entry.id, at: index)
            steps.append(.inserted(index, selection: selection()))
            shown.append(index)
        }
        return (steps, shown, hidden, firstGone)
    }

    /// Shows the albums an import appended to the order that the query picks, where it places
    /// them: how many, and whether all of them went after the last album shown.
    mutating func append(_ entries: [LibraryEntry], order: [AlbumID], reading: EntryReader,
                         plays: AlbumSort.PlaysReader = { _ in nil }) -> (added: Int, atEnd: Bool) {
        var atEnd = true
        var added = 0
        for entry in entries where query.matches(entry.album, plays: plays(entry.id)) {
            let index = insertionIndex(for: entry, order: order, reading: reading, plays: plays)
            atEnd = atEnd && index == (shownIDs ?? order).count
            shownIDs?.insert(entry.id, at: index)
            added += 1
        }
        return (added, atEnd)
    }

    /// Where `entry` goes among the albums shown, in the query's sort (`plays` gives the
    /// plays the played sorts order by).
    func insertionIndex(for entry: LibraryEntry, order: [AlbumID], reading: EntryReader, plays: AlbumSort.PlaysReader) -> Int {
        query.sort.insertionIndex(of: entry, in: shownIDs ?? order, reading: reading, plays: plays)
    }
}
