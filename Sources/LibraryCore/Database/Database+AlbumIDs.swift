import GRDB

// MARK: - Reading many album ids

extension Database {
    /// The album ids in the first column of the rows `sql` gives.
    ///
    /// GRDB's `fetchAll` is generic code Swift does not specialise across modules: reading
    /// 100,000 ids through it spent as long in Swift's generic machinery as SQLite spent
    /// answering (a search, an order, the library at launch). Its cursor's `next()` is
    /// inlinable, so stepping the cursor here is specialised for `AlbumID`.
    func albumIDs(_ sql: String, arguments: StatementArguments = StatementArguments()) throws -> [AlbumID] {
        let cursor = try AlbumID.fetchCursor(self, sql: sql, arguments: arguments)
        var ids: [AlbumID] = []
        while let id = try cursor.next() {
            ids.append(id)
        }
        return ids
    }
}
