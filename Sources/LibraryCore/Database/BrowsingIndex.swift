import Foundation
import GRDB

// MARK: - BrowsingIndex

/// Answers "which albums, in which order" for the search, filter and sort, on the commit
/// queue (after every change submitted before the question).
///
/// A search is matched in memory, in Swift (`SearchCatalog`: every album's words, read once
/// from the full-text table, which only stores them); the genre and decade indexes give the
/// albums of a genre or decade. The order comes from the sort key indexes, read once per sort
/// and then kept: putting the matches in order is one pass over that list, whatever the
/// number of matches (a search that matches 100,000 albums costs no sort). A commit does not
/// make the lists or the words be read again: right after it, on the commit queue
/// (`followCommits`), the albums it touched are taken out of each list and put back where
/// the sort places them (`AlbumSort.insertionIndex`), a few reads of the album table each,
/// and their words are read again. Only when the database no longer remembers what changed
/// (`ChangeLog`), or too many albums changed at once (an import), are they read whole again,
/// at the next question.
///
/// The commit queue asks it, and so does the GTK thread when nothing waits to be committed
/// and what the question needs is in memory (`albumIDsIfOrderKept`); a lock keeps them apart
/// (hence `@unchecked Sendable`: every stored property is used under `lock`).
final class BrowsingIndex: @unchecked Sendable {
    /// Above this many albums touched since the lists were brought up to date, they are
    /// read again rather than updated (each album placed costs about 17 reads per list).
    static let mostAlbumsPlaced = 200

    private let database: LibraryDatabase
    private let lock = NSLock()
    /// Every album's id in each sort, as of change `version`.
    private var sorted: [AlbumSort: [AlbumID]] = [:]
    /// Every album's search words, once a search asked for them (or `prepareSearch()`).
    private var catalog: SearchCatalog?
    /// The database's change count `sorted` and `catalog` are up to date with.
    private var version = -1

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// The ids of the albums `query` picks, in its order.
    func albumIDs(matching query: AlbumQuery) throws -> [AlbumID] {
        try lock.withLock { try answer(query) }
    }

    /// The ids of the albums `query` picks, in its order, if the order of its sort is in
    /// memory, and the search words too when it searches (brought up to date with a few
    /// reads at most); `nil` if they would have to be read, or if the commit queue is using
    /// the index (reading the words after launch, say): the caller never waits for it.
    func albumIDsIfOrderKept(matching query: AlbumQuery) throws -> [AlbumID]? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        try catchUp()
        guard sorted[query.sort] != nil, catalog != nil || query.searchedWords.isEmpty else { return nil }
        return try answer(query)
    }

    /// The albums the query saved at the last quit shows, as the library opens (so that the
    /// first frame shows them); `nil` for the whole library, or when they cannot be read
    /// (logged).
    func shownIDs(for query: AlbumQuery) -> [AlbumID]? {
        guard !query.isWholeLibrary else { return nil }
        do {
            return try albumIDs(matching: query)
        } catch {
            Log.core.warning("the saved search could not be made: \(error)")
            return nil
        }
    }

    /// Reads every album's search words, so that the first key typed in the search is
    /// answered from memory.
    func prepareSearch() throws {
        try lock.withLock { _ = try searchCatalog() }
    }

    /// Brings what is kept up to date with the commits made since (on the commit queue,
    /// after each commit), so that it never falls further behind than one commit.
    func followCommits() {
        lock.withLock {
            do {
                try catchUp()
            } catch {
                Log.core.warning("the search's orders could not follow the library: \(error)")
            }
        }
    }

    private func answer(_ query: AlbumQuery) throws -> [AlbumID] {
        let all = try sortedIDs(query.sort)
        guard query.isFiltering else { return all }
        var picks: [[AlbumID]] = []
        let searched = query.searchedWords
        if !searched.isEmpty {
            picks.append(try searchCatalog().albums(matching: searched))
        }
        if query.genre != nil || query.decade != nil {
            picks.append(try database.filteredIDs(query))
        }
        return Self.keep(all, pickedByEach: picks)
    }

    /// The ids of `all`, in their order, that each of `picks` holds.
    private static func keep(_ all: [AlbumID], pickedByEach picks: [[AlbumID]]) -> [AlbumID] {
        guard let largest = picks.map({ $0.max() ?? -1 }).min(), largest >= 0 else { return [] }
        var times = [UInt8](repeating: 0, count: Int(largest) + 1)
        for picked in picks {
            for id in picked where id >= 0 && id <= largest { times[Int(id)] += 1 }
        }
        let needed = UInt8(picks.count)
        return all.filter { $0 >= 0 && $0 <= largest && times[Int($0)] == needed }
    }

    /// Every album's search words, read if they are not in memory.
    private func searchCatalog() throws -> SearchCatalog {
        try catchUp()
        if let catalog { return catalog }
        let read = try database.searchCatalog()
        catalog = read
        return read
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
        guard !sorted.isEmpty || catalog != nil else { return }
        guard let touched, touched.count <= Self.mostAlbumsPlaced else {
            sorted = [:]
            catalog = nil
            return
        }
        do {
            if catalog != nil {
                try database.readSearchWords(of: touched) { words, id in catalog?.setWords(words, of: id) }
            }
            guard !sorted.isEmpty else { return }
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
            catalog = nil
            throw error
        }
    }
}
