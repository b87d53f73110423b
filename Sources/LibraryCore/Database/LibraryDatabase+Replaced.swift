import Foundation
import GRDB

// MARK: - Replaced by another program

extension LibraryDatabase {
    /// Another program (a sync or backup tool) put another file at the database's path while
    /// it was open: this library's content was kept as `keptAs`, and nothing more is written.
    struct Replaced: Error, Sendable {
        let keptAs: URL?
    }

    /// Whether another program has put another file at `url` since it was opened (nothing
    /// may be written then; `write(_:)` says so with `Replaced`).
    var isReplacedOnDisk: Bool {
        guard let url, let identity else { return false }
        return FileIdentity(of: url) != identity
    }

    /// `nil` while the file at `url` is the one opened. The first time it is not, this
    /// library (as committed) is copied beside it, so that nothing committed is lost, and its
    /// WAL is emptied, so that the file that took its place is not read with this one's WAL.
    func checkReplacement() -> Replaced? {
        guard let url, isReplacedOnDisk else { return nil }
        return replacement.withLock { replacement in
            if let replacement { return replacement }
            let copy = AtomicFile.freeName(beside: url, suffix: "replaced")
            do {
                try writer.writeWithoutTransaction { db in
                    try db.execute(sql: "VACUUM INTO ?", arguments: [copy.path])
                    _ = try db.checkpoint(.truncate)
                }
                Log.core.warning("\(url.path) was replaced by another program; this library was kept as \(copy.path)")
                replacement = Replaced(keptAs: copy)
            } catch {
                Log.core.warning("\(url.path) was replaced by another program, and this library could not be kept: \(error)")
                replacement = Replaced(keptAs: nil)
            }
            return replacement
        }
    }
}
