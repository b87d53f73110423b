import Dispatch
import Foundation

// MARK: - CommitQueue

/// Commits library changes to the database off the GTK thread, one transaction each, in the
/// order they were made.
///
/// A change that fails (disk full, read-only storage) stays queued with every change after
/// it: the database is left as it was, and the next submission tries them all again, in
/// order. `flush()` commits what it can now and waits for it.
final class CommitQueue: Sendable {
    /// A change and the number the library gave it (increasing).
    struct Submission: Sendable {
        let sequence: Int
        let change: DatabaseChange
    }

    /// What became of the changes, reported on the commit queue.
    struct Outcome: Sendable {
        /// Every change up to and including this one is in the database.
        let committedThrough: Int?
        /// Why the first change still waiting failed; `nil` when nothing waits.
        let failure: PersistenceError?
    }

    private let database: LibraryDatabase
    private let queue = DispatchQueue(label: "io.github.bluelibrary.commit", qos: .userInitiated)
    private let pending = Protected<[Submission]>([])
    /// Counts the commits: the upkeep runs only if none came during its quiet period.
    private let commitsMade = Protected(0)
    /// Set when the library's owner lets go of it: no upkeep may write to it after that
    /// (another instance may have opened it since).
    private let isUpkeepStopped = Protected(false)
    private let report: @Sendable (Outcome) -> Void

    /// - Parameter report: Told after every attempt, on the commit queue.
    init(database: LibraryDatabase, report: @escaping @Sendable (Outcome) -> Void) {
        self.database = database
        self.report = report
    }

    /// Queues `change` and starts committing.
    func submit(_ change: DatabaseChange, sequence: Int) {
        pending.withLock { $0.append(Submission(sequence: sequence, change: change)) }
        queue.async { [self] in commitPending() }
    }

    /// Tries the waiting changes again, in the background (space may have been freed).
    func retry() {
        queue.async { [self] in commitPending() }
    }

    /// Commits every waiting change now and returns when done (or failed).
    func flush() {
        queue.sync { commitPending() }
    }

    /// Runs `work` on the commit queue after everything submitted so far (a backup).
    func enqueue(_ work: @escaping @Sendable (LibraryDatabase) -> Void) {
        queue.async { [database] in work(database) }
    }

    /// Runs `work` on the commit queue after everything submitted so far, unless the
    /// library's owner has let go of it by then: work that only prepares later answers.
    func enqueueWhileHeld(_ work: @escaping @Sendable (LibraryDatabase) -> Void) {
        queue.async { [database, isUpkeepStopped] in
            guard !isUpkeepStopped.withLock({ $0 }) else { return }
            work(database)
        }
    }

    /// Whether changes are waiting (not yet committed, or failing).
    var hasPendingChanges: Bool {
        pending.withLock { !$0.isEmpty }
    }

    /// Commits what waits, then runs `work` on the commit queue and returns its result: no
    /// commit or upkeep runs meanwhile (closing the database).
    func finish<Value>(_ work: (LibraryDatabase) -> Value) -> Value {
        queue.sync {
            commitPending()
            isUpkeepStopped.withLock { $0 = true }
            return work(database)
        }
    }

    /// Commits what waits, and makes sure no upkeep runs from now on: what an owner that goes
    /// away without closing the database does (its lock is released right after).
    func stopUpkeep() {
        queue.sync {
            commitPending()
            isUpkeepStopped.withLock { $0 = true }
        }
    }

    /// Runs the database's upkeep once the queue has been quiet for the database's
    /// `quietPeriod` (seconds) after the commit numbered `commit`.
    private func scheduleUpkeep(after commit: Int) {
        queue.asyncAfter(deadline: .now() + LibraryDatabase.quietPeriod) { [weak self] in
            guard let self, !isUpkeepStopped.withLock({ $0 }), commitsMade.withLock({ $0 }) == commit, !hasPendingChanges else { return }
            database.tidyUp()
        }
    }

    private func commitPending() {
        var committed: Int?
        while let next = pending.withLock({ $0.first }) {
            do {
                try database.write(next.change)
            } catch {
                let failure = PersistenceError(database: database.url, error: error)
                Log.core.warning("\(failure.logDescription)")
                report(Outcome(committedThrough: committed, failure: failure))
                return
            }
            pending.withLock { _ = $0.removeFirst() }
            committed = next.sequence
        }
        if committed != nil {
            report(Outcome(committedThrough: committed, failure: nil))
            scheduleUpkeep(after: commitsMade.withLock { made in
                made += 1
                return made
            })
        }
    }
}
