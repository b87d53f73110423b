// MARK: - Where an album goes in a sort

/// The one place, in Swift, where an album is put among others in a sort's order: the albums a
/// command brings back among those shown (`BrowsingState+Placing`), and the albums a commit
/// touched in the orders the browsing index keeps (`BrowsingIndex`). It follows the database's
/// `ORDER BY` for the same sort (`LibraryDatabase.orderClause`), which only reads an order
/// the first time; the browsing tests hold both to the reference model.
extension AlbumSort {
    /// Reads an album's entry (its fields and its place in the user's order).
    typealias EntryReader = (AlbumID) -> LibraryEntry?
    /// Reads an album's plays (nil: never played), for the played sorts.
    typealias PlaysReader = (AlbumID) -> AlbumPlays?

    /// Where `entry` goes in `ids`, a list in this sort's order: a binary search over the
    /// entries `reading` gives (ties are broken by id, as in the database). `entry` itself
    /// must not be in `ids`.
    func insertionIndex(of entry: LibraryEntry, in ids: [AlbumID], reading: EntryReader, plays: PlaysReader) -> Int {
        let key = AlbumSortKey(entry.album)
        let entryPlays = followsPlays ? plays(entry.id) : nil
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if let other = reading(ids[middle]), places(other, before: entry, key: key, plays: plays, entryPlays: entryPlays) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Whether `other` comes before `entry` (whose sort key is `key`) in this sort.
    private func places(_ other: LibraryEntry, before entry: LibraryEntry, key: AlbumSortKey, plays: PlaysReader, entryPlays: AlbumPlays?) -> Bool {
        switch self {
        case .recentlyPlayed, .mostPlayed:
            return AlbumPlays.precedes(plays(other.id), entryPlays, in: self) ?? (other.id < entry.id)
        case .libraryOrder:
            return other.key == entry.key ? other.id < entry.id : other.key < entry.key
        case .recentlyAdded:
            return other.id > entry.id
        case .title, .artist, .year:
            return AlbumSortKey(other.album).precedes(key, in: self) ?? (other.id < entry.id)
        }
    }
}
