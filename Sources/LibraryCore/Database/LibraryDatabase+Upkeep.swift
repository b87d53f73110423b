import Foundation
import GRDB

// MARK: - Upkeep while the library rests

/// What a commit leaves for later, so that the moment of a change writes only the change:
/// the search rows of deleted albums, and moving the WAL into the database file.
///
/// A deletion leaves its album's search words (`albumWords`) as they were: no
/// search sees it (every answer is taken among the ids of `album`), and undoing the deletion
/// finds it there, unchanged, and writes nothing to the index either. SQLite's own WAL
/// checkpoint after 1,000 pages (`wal_autocheckpoint`) is off: it wrote up to 4 MB into the
/// database file inside one commit, whichever change happened to cross the line. Both are done
/// when the commit queue has been quiet for `quietPeriod` (`CommitQueue`), and the checkpoint
/// also right after the `commitsBeforeCheckpoint`th commit without one, so that the WAL stays
/// bounded when changes never pause.
extension LibraryDatabase {
    /// How long the commit queue waits without a commit before the upkeep, in seconds.
    static let quietPeriod = 2.0
    /// How many commits without a quiet moment make the next one checkpoint at once: some
    /// tens of kilobytes each, about 8 MB of WAL. (The WAL file's size cannot tell: it keeps
    /// its largest size after a checkpoint, SQLite writing it again from the start.)
    static let commitsBeforeCheckpoint = 200

    /// Removes the search rows of albums no longer in the library, then moves the WAL into
    /// the database file as far as no reader needs it (a passive checkpoint, which never
    /// waits). Failures only leave the work for the next time (logged).
    func tidyUp() {
        guard writer is DatabasePool, !isClosed, !isReplacedOnDisk else { return }
        do {
            let stale = try writer.read { db in
                try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM albumWords) - (SELECT count(*) FROM album)") ?? 0
            }
            if stale > 0 {
                try writer.write { db in
                    try db.execute(sql: "DELETE FROM albumWords WHERE id NOT IN (SELECT id FROM album)")
                }
            }
            let frames = try checkpoint()
            if frames.inLog > 1, frames.moved == frames.inLog { try restartLog() }
        } catch {
            Log.core.info("the library's upkeep is left for later: \(error)")
        }
    }

    /// Starts the WAL over now, in the quiet moment, after a checkpoint that moved all of it:
    /// the first commit after such a checkpoint does it otherwise, and clearing the WAL index
    /// that takes (a 32 KiB block of the memory-mapped `-shm` file, which the kernel counts as
    /// written) would land on the user's next change, nearly doubling what it writes. The
    /// write that does it sets `user_version` to what it is (one frame; BlueLibrary does not
    /// use the value).
    private func restartLog() throws {
        try writer.writeWithoutTransaction { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            try db.execute(sql: "PRAGMA user_version = \(version)")
        }
    }

    /// Checkpoints at once after `commitsBeforeCheckpoint` commits without one (changes
    /// that never pause).
    func checkpointIfManyCommits() {
        guard writer is DatabasePool, !isClosed, commitsSinceCheckpoint.withLock({ $0 }) >= Self.commitsBeforeCheckpoint else { return }
        do {
            try checkpoint()
        } catch {
            Log.core.info("the library's WAL could not be checkpointed yet: \(error)")
        }
    }

    /// A passive checkpoint; returns the WAL's frames and how many of them it moved.
    @discardableResult
    private func checkpoint() throws -> (inLog: Int, moved: Int) {
        let frames = try writer.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        commitsSinceCheckpoint.withLock { $0 = 0 }
        return (frames.walFrameCount, frames.checkpointedFrameCount)
    }
}
