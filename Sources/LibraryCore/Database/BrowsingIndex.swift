import Foundation
import GRDB

// MARK: - BrowsingIndex

/// Answers "which albums, in which order" for the search, filter and sort, on the commit
/// queue (after every change submitted before the question).
///
/// The database does the matching: FTS5 finds the albums whose words begin with those
/// typed, and the genre and decade indexes those of a genre or decade. The order comes from
/// the sort key indexes, read once per sort and then kept: putting the matches in order is
/// one pass over that list, whatever the number of matches (a search that matches 100,000
/// albums costs no sort). A commit does not make the lists be read again: the albums it
/// touched are taken out of each and put back where the sort places them
/// (`AlbumSort.insertionIndex`), a few reads of the album table each. Only when the database
/// no longer remembers what changed (`ChangeLog`), or too many albums changed at once (an
/// import), are they read again.
///
/// The commit queue asks it, and so does the GTK thread when nothing waits to be committed
/// and the order asked for is in memory (`albumIDsIfOrderKept`); a lock keeps them apart
/// (hence `@unchecked Sendable`: every stored property is used under `lock`).
final class BrowsingIndex: @unchecked Sendable {
    /// Above this many albums touched since the lists were brought up to date, they are
    /// read again rather than updated (each album placed costs about 17 reads per list).
    static let mostAlbumsPlaced = 200

    private let database: LibraryDatabase
    private let lock = NSLock()
    /// Every album's id in each sort, as of change `version`.
    private var sorted: [AlbumSort: [AlbumID]] = [:]
    /// The database's change count `sorted` is up to date with.
    private var version = -1

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// The ids of the albums `query` picks, in its order.
    func albumIDs(matching query: AlbumQuery) throws -> [AlbumID] {
        try lock.withLock { try answer(query) }
    }

    /// The ids of the albums `query` picks, in its order, if the order of its sort is in
    /// memory (brought up to date with a few reads at most); `nil` if it would have to be read.
    func albumIDsIfOrderKept(matching query: AlbumQuery) throws -> [AlbumID]? {
        try lock.withLock {
            try catchUp()
            return sorted[query.sort] == nil ? nil : try answer(query)
        }
    }

    private func answer(_ query: AlbumQuery) throws -> [AlbumID] {
        let all = try sortedIDs(query.sort)
        guard query.isFiltering else { return all }
        let picked = try database.filteredIDs(query)
        guard let largest = picked.max() else { return [] }
        var isPicked = [Bool](repeating: false, count: Int(largest) + 1)
        for id in picked { isPicked[Int(id)] = true }
        return all.filter { $0 <= largest && isPicked[Int($0)] }
    }

    /// Every album's id in `sort`'s order.
    private func sortedIDs(_ sort: AlbumSort) throws -> [AlbumID] {
        try catchUp()
        if let ids = sorted[sort] { return ids }
        let ids = try database.writer.read { db in
            try db.albumIDs("SELECT id FROM album ORDER BY \(LibraryDatabase.orderClause(sort))")
        }
        sorted[sort] = ids
        return ids
    }

    /// Brings the lists kept up to date with the changes committed since they were: each
    /// album touched is taken out, and put back where its sort places it if it is still in
    /// the library. Forgets them when that cannot be done.
    private func catchUp() throws {
        let (current, touched) = database.albumsTouched(since: version)
        guard current != version else { return }
        version = current
        guard !sorted.isEmpty else { return }
        guard let touched, touched.count <= Self.mostAlbumsPlaced else {
            sorted = [:]
            return
        }
        do {
            sorted = try database.readingEntries { reading in
                let entries = touched.compactMap(reading)
                var updated: [AlbumSort: [AlbumID]] = [:]
                for (sort, kept) in sorted {
                    var ids = kept
                    ids.removeAll(in: touched)
                    for entry in entries {
                        ids.insert(entry.id, at: sort.insertionIndex(of: entry, in: ids, reading: reading))
                    }
                    updated[sort] = ids
                }
                return updated
            }
        } catch {
            sorted = [:]
            throw error
        }
    }
}
