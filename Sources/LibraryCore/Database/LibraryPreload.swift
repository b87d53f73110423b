import Dispatch
import Foundation

// MARK: - LibraryPreload

/// Opens the library on a background thread while GTK starts (the lock, the integrity check,
/// the order of the albums, the undo history), so that `LibraryAPI` finds it open instead of
/// doing that work on the GTK thread.
public enum LibraryPreload {
    /// One opening under way or done.
    private final class Opening: @unchecked Sendable {
        let finished = DispatchSemaphore(value: 0)
        // Written once on the background thread before `finished` is signalled, read after.
        var result: OpenedLibrary?
    }

    private static let openings = Protected<[URL: Opening]>([:])
    private static let waitingCount = Protected(0)

    /// Starts opening the library at `locations` in the background. When another process
    /// holds the library's lock, the opening waits for it a few seconds
    /// (`StorageLock.contentionWait`), and `isWaitingForLock` says so meanwhile.
    public static func start(_ locations: StorageLocations = .standard) {
        let opening = Opening()
        openings.withLock { $0[locations.databaseFile] = opening }
        // Found held now, the wait is said before GTK starts: the window then says it waits,
        // instead of blocking on the opening.
        let isWaiting = StorageLock.isHeldElsewhere(locations.lockFile)
        if isWaiting { startWaiting(locations) }
        DispatchQueue.global(qos: .userInitiated).async {
            var hasWaited = isWaiting
            opening.result = LibraryOpener.open(locations, lockWait: StorageLock.contentionWait) {
                guard !hasWaited else { return }
                hasWaited = true
                startWaiting(locations)
            }
            if hasWaited { waitingCount.withLock { $0 -= 1 } }
            opening.finished.signal()
        }
    }

    private static func startWaiting(_ locations: StorageLocations) {
        waitingCount.withLock { $0 += 1 }
        Log.core.message("another program holds the library in \(locations.dataFolder.path); waiting up to \(StorageLock.contentionWait) for it")
    }

    /// Whether an opening is waiting for another process to let go of its library: taking
    /// the library now would block until it does, or until the wait ends.
    public static var isWaitingForLock: Bool {
        waitingCount.withLock { $0 > 0 }
    }

    /// The library opened for `locations`, if an opening was started (waits for it to
    /// finish); else it is opened now. Each opening is handed out once.
    static func take(_ locations: StorageLocations) -> OpenedLibrary {
        guard let opening = openings.withLock({ $0.removeValue(forKey: locations.databaseFile) }) else {
            return LibraryOpener.open(locations)
        }
        opening.finished.wait()
        return opening.result ?? LibraryOpener.open(locations)
    }
}
