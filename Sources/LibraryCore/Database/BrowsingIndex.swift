import Foundation
import GRDB

// MARK: - BrowsingIndex

/// Answers "which albums, in which order" for the search, filter and sort, on the commit
/// queue (after every change submitted before the question).
///
/// The database does the matching: FTS5 finds the albums whose words begin with those
/// typed, and the genre and decade indexes those of a genre or decade. The order comes from
/// the sort key indexes, read once per sort and kept until the library changes: putting the
/// matches in order is then one pass over that list, whatever the number of matches (a
/// search that matches 100,000 albums costs no sort).
///
/// Only the commit queue uses it (it is confined there, hence `@unchecked Sendable`).
final class BrowsingIndex: @unchecked Sendable {
    private let database: LibraryDatabase
    /// Every album's id in each sort, as read at `version`.
    private var sorted: [AlbumSort: [AlbumID]] = [:]
    /// The database's change count when `sorted` was read.
    private var version = -1

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// The ids of the albums `query` picks, in its order.
    func albumIDs(matching query: AlbumQuery) throws -> [AlbumID] {
        let all = try sortedIDs(query.sort)
        guard query.isFiltering else { return all }
        let picked = try database.filteredIDs(query)
        guard let largest = picked.max() else { return [] }
        var isPicked = [Bool](repeating: false, count: Int(largest) + 1)
        for id in picked { isPicked[Int(id)] = true }
        return all.filter { $0 <= largest && isPicked[Int($0)] }
    }

    /// Every album's id in `sort`'s order (read again after a change).
    private func sortedIDs(_ sort: AlbumSort) throws -> [AlbumID] {
        let current = database.changeCount
        if current != version {
            sorted = [:]
            version = current
        }
        if let ids = sorted[sort] { return ids }
        let ids = try database.writer.read { db in
            try AlbumID.fetchAll(db, sql: "SELECT id FROM album ORDER BY \(LibraryDatabase.orderClause(sort))")
        }
        sorted[sort] = ids
        return ids
    }
}
