import Foundation
import GRDB

// MARK: - BrowsingIndex

/// Answers "which albums, in which order" for the search, filter and sort, on the commit
/// queue (after every change submitted before the question).
///
/// A search is matched in memory, in Swift (`SearchCatalog`: every album's words, read once
/// from the table that stores them), and so are the genre and decade filters
/// (`AlbumFilterTable`: every album's genre and year). The order comes from the sort key
/// indexes, read once per sort and then kept: putting the matches in order is one pass over
/// that list, whatever the number of matches (a search that matches 100,000 albums costs no
/// sort). A key that extends the search looks only among the albums of the last answer.
/// All of it is read in the background once the window is shown (`prepare`). A commit does
/// not make the lists, the words or the filter table be read again: right after it, on the
/// commit queue (`followCommits`), the albums it touched are taken out of each list and put
/// back where the sort places them (`AlbumSort.insertionIndex`), a few reads of the album
/// table each, and their words, genre and year are read again. Only when the database no
/// longer remembers what changed (`ChangeLog`), or too many albums changed at once (an
/// import), are they read whole again, at the next question.
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
    /// Every album's search words, once a search asked for them (or `prepare`).
    private var catalog: SearchCatalog?
    /// Every album's genre and year, once a filter asked for them (or `prepare`).
    private var filters: AlbumFilterTable?
    /// The database's change count `sorted`, `catalog` and `filters` are up to date with.
    private var version = -1
    /// The last search or filter answered, and its albums, until a commit comes: a key that
    /// extends the search picks among them (`AlbumQuery.picksAmong`).
    private var lastAnswer: (query: AlbumQuery, ids: [AlbumID])?

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
        guard sorted[query.sort] != nil, catalog != nil || query.searchedWords.isEmpty,
              filters != nil || !query.isFilteredByFacets else { return nil }
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

    /// What `prepare(_:)` reads.
    enum Preparation: Sendable {
        /// Every album's search words and the order of a sort: the first key typed.
        case search(in: AlbumSort)
        /// The order of a sort: the first change to it.
        case order(of: AlbumSort)
        /// Every album's genre and year: the first change of filter.
        case filters
    }

    /// Reads what `preparation` names if it is not in memory, so that the question it serves
    /// is answered from memory.
    func prepare(_ preparation: Preparation) throws {
        try lock.withLock {
            switch preparation {
            case .search(let sort):
                _ = try sortedIDs(sort)
                _ = try searchCatalog()
            case .order(let sort):
                _ = try sortedIDs(sort)
            case .filters:
                _ = try filterTable()
            }
        }
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
        let ids = try narrowedAnswer(query) ?? wholeAnswer(query, all: all)
        lastAnswer = (query, ids)
        return ids
    }

    /// The albums of `query` found among the last answer's, when that holds all of them (a
    /// key that extends the search, no commit since): only their words are read, already in
    /// order, and only for the words the last answer did not search already.
    private func narrowedAnswer(_ query: AlbumQuery) throws -> [AlbumID]? {
        guard let last = lastAnswer, query.picksAmong(last.query) else { return nil }
        let searchedBefore = last.query.searchedWords
        let newWords = query.searchedWords.filter { !searchedBefore.contains($0) }
        return newWords.isEmpty ? last.ids : try searchCatalog().albums(among: last.ids, matching: newWords)
    }

    /// The albums of `query`, picked from `all` (the order of its sort).
    private func wholeAnswer(_ query: AlbumQuery, all: [AlbumID]) throws -> [AlbumID] {
        var ids = all
        let searched = query.searchedWords
        if !searched.isEmpty {
            ids = Self.keep(ids, pickedBy: try searchCatalog().albums(matching: searched))
        }
        if query.isFilteredByFacets {
            ids = try filterTable().albums(among: ids, filteredBy: query)
        }
        return ids
    }

    /// The ids of `all`, in their order, that `picked` holds.
    private static func keep(_ all: [AlbumID], pickedBy picked: [AlbumID]) -> [AlbumID] {
        guard let largest = picked.max(), largest >= 0 else { return [] }
        var isPicked = [Bool](repeating: false, count: Int(largest) + 1)
        for id in picked where id >= 0 { isPicked[Int(id)] = true }
        return all.filter { $0 >= 0 && $0 <= largest && isPicked[Int($0)] }
    }

    /// Every album's search words, read if they are not in memory.
    private func searchCatalog() throws -> SearchCatalog {
        try kept(\.catalog) { try $0.searchCatalog() }
    }

    /// Every album's genre and year, read if they are not in memory.
    private func filterTable() throws -> AlbumFilterTable {
        try kept(\.filters) { try $0.filterTable() }
    }

    /// What `property` keeps, up to date with the commits; read by `read` if it is not in
    /// memory.
    private func kept<Value>(_ property: ReferenceWritableKeyPath<BrowsingIndex, Value?>,
                             readBy read: (LibraryDatabase) throws -> Value) throws -> Value {
        try catchUp()
        if let value = self[keyPath: property] { return value }
        let value = try read(database)
        self[keyPath: property] = value
        return value
    }

    /// Every album's id in `sort`'s order.
    private func sortedIDs(_ sort: AlbumSort) throws -> [AlbumID] {
        try catchUp()
        if let ids = sorted[sort] { return ids }
        let ids = try database.albumIDs(in: sort)
        sorted[sort] = ids
        return ids
    }

    /// Brings what is kept up to date with the changes committed since: each album touched
    /// is taken out of each list, and put back where its sort places it if it is still in the
    /// library; its words, genre and year are read again. Forgets it all when that cannot be
    /// done.
    private func catchUp() throws {
        let (current, touched) = database.albumsTouched(since: version)
        guard current != version else { return }
        version = current
        lastAnswer = nil
        guard !sorted.isEmpty || catalog != nil || filters != nil else { return }
        guard let touched, touched.count <= Self.mostAlbumsPlaced else { return forget() }
        do {
            if catalog != nil {
                try database.readSearchWords(of: touched) { words, id in catalog?.setWords(words, of: id) }
            }
            guard !sorted.isEmpty || filters != nil else { return }
            try database.readingEntries { reading, plays in
                let entries = touched.compactMap(reading)
                for id in touched { filters?.remove(id) }
                for entry in entries {
                    let key = AlbumSortKey(entry.album)
                    filters?.set(genre: key.genre, year: key.year, of: entry.id)
                    filters?.set(played: plays(entry.id) != nil, of: entry.id)
                }
                for (sort, kept) in sorted {
                    var ids = kept
                    ids.removeAll(in: touched)
                    for entry in entries {
                        ids.insert(entry.id, at: sort.insertionIndex(of: entry, in: ids, reading: reading, plays: plays))
                    }
                    sorted[sort] = ids
                }
            }
        } catch {
            forget()
            throw error
        }
    }

    /// Drops everything kept: it is read again when asked.
    private func forget() {
        sorted = [:]
        catalog = nil
        filters = nil
    }
}
