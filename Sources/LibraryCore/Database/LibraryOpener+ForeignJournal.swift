import Foundation

// MARK: - A WAL the library did not leave

extension LibraryOpener {
    /// Sets aside a WAL that this library did not leave: one found after a clean close, or
    /// after another computer's session (a sync tool copies `library.sqlite3-wal` from a
    /// computer where BlueLibrary is open). SQLite would replay its pages into this library,
    /// whatever library they came from. A WAL this computer's BlueLibrary left when it was
    /// killed (or one from a version before the lock's record) is this library's, and kept.
    static func setAsideForeignJournal(_ locations: StorageLocations, previousHolder: StorageLock.Holder?) -> LoadProblem? {
        let journal = URL(fileURLWithPath: locations.databaseFile.path + "-wal")
        guard let previousHolder, !previousHolder.isOwner(ofJournalOn: MachineIdentity.current),
              let size = (try? FileManager.default.attributesOfItem(atPath: journal.path))?[.size] as? NSNumber,
              size.intValue > 0 else { return nil }
        // Its index (`-shm`) stays: the first connection rebuilds it from the WAL it finds.
        let keptAs = AtomicFile.keepAside(journal, suffix: "foreign")
        Log.core.warning("\(journal.path) was not left by this library (\(previousHolder)); kept as \(keptAs?.path ?? "is")")
        // A folder where it cannot be renamed cannot hold the library either: opening it says so.
        guard keptAs != nil else { return nil }
        return LoadProblem(document: .library, file: journal, cause: .foreignJournal, keptAs: keptAs, recovery: .asLastSaved)
    }
}
