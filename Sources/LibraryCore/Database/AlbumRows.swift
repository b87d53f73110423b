// MARK: - AlbumRows

/// The albums the window has asked for, read from the database as the strip needs them: a
/// page around the album asked for, kept in a bounded cache, so that scrolling reads a few
/// rows at a time and memory does not grow with the library.
///
/// Albums inserted by changes still on their way to the database are kept here until their
/// change is committed, so that reading never misses an album the window already shows.
@MainActor
final class AlbumRows {
    /// How many albums one read brings in around the one asked for.
    static let pageSize = 64
    /// How many albums each of the cache's two generations holds.
    static let generationSize = 2048

    private let database: LibraryDatabase
    /// Recently used entries; when full it becomes `previous` and a new one starts (an LRU
    /// in O(1)).
    private var current: [AlbumID: LibraryEntry] = [:]
    private var previous: [AlbumID: LibraryEntry] = [:]
    /// Entries inserted by changes not committed yet, with the last change that inserted each.
    private var uncommitted: [AlbumID: (entry: LibraryEntry, sequence: Int)] = [:]

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// The entry of `id`; on a miss, `page` (the ids around it) is read with it in one query.
    func entry(_ id: AlbumID, page: @autoclosure () -> ArraySlice<AlbumID>) -> LibraryEntry? {
        if let entry = cached(id) { return entry }
        let missing = page().filter { cached($0) == nil }
        do {
            for entry in try database.entries(missing.isEmpty ? [id] : missing) { keep(entry) }
        } catch {
            Log.core.warning("albums could not be read from the library: \(error)")
        }
        return cached(id)
    }

    /// Keeps entries a change just inserted, until change `sequence` is committed.
    func insert(_ entries: [LibraryEntry], sequence: Int) {
        for entry in entries {
            uncommitted[entry.id] = (entry, sequence)
            keep(entry)
        }
    }

    /// Every change up to `sequence` is in the database: its entries can be read from there.
    func committed(through sequence: Int) {
        uncommitted = uncommitted.filter { $0.value.sequence > sequence }
    }

    private func cached(_ id: AlbumID) -> LibraryEntry? {
        if let entry = uncommitted[id]?.entry ?? current[id] { return entry }
        guard let entry = previous[id] else { return nil }
        keep(entry)
        return entry
    }

    private func keep(_ entry: LibraryEntry) {
        if current.count >= Self.generationSize {
            previous = current
            current = [:]
        }
        current[entry.id] = entry
    }
}
