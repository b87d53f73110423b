// MARK: - AlbumOrder

/// The album list and its order: every album's id in the user's order, the albums themselves
/// as read so far (`AlbumRows`), where each one stands (`OrderKey`), and the ids new albums
/// get. It knows nothing of searches, the selection or the undo history.
@MainActor
final class AlbumOrder {
    /// Every album's id, in the user's order.
    private(set) var ids: [AlbumID]
    /// The albums read so far, and those not committed yet.
    let rows: AlbumRows
    private var nextID: AlbumID

    init(ids: [AlbumID], rows: AlbumRows, nextID: AlbumID) {
        self.ids = ids
        self.rows = rows
        self.nextID = nextID
    }

    // MARK: Reading

    var count: Int { ids.count }

    /// The place of album `id` in the order (read on its own, for a binary search).
    func key(of id: AlbumID) -> OrderKey? {
        rows.entry(id, page: [id][...])?.key
    }

    /// Where an album with `key` goes in the order (a binary search over the albums' places).
    func insertionIndex(for key: OrderKey) -> Int {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if let other = self.key(of: ids[middle]), other < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// The places of `count` albums added after the last one.
    func keysAfterLast(count: Int) -> [OrderKey] {
        OrderKey.keys(between: ids.last.flatMap(key(of:)), nil, count: count)
    }

    /// The place of an album put at `position` in the order (between its neighbours there).
    func key(forInsertionAt position: Int) -> OrderKey {
        OrderKey.between(
            position > 0 ? key(of: ids[position - 1]) : nil,
            position < ids.count ? key(of: ids[position]) : nil
        )
    }

    // MARK: Changing

    /// The id of an album about to be added: never one an album had before.
    func newID() -> AlbumID {
        defer { nextID += 1 }
        return nextID
    }

    func insert(_ id: AlbumID, at index: Int) {
        ids.insert(id, at: index)
    }

    func append(contentsOf added: [AlbumID]) {
        ids.append(contentsOf: added)
    }

    func remove(at index: Int) {
        ids.remove(at: index)
    }

    func removeAll(in removed: Set<AlbumID>) {
        ids.removeAll(in: removed)
    }
}
