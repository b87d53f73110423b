import Foundation
import GstKit
import LibraryCore
import Synchronization

// MARK: - StuckReads

/// The end of a process that a read of a drive that does not answer still holds. A thread in
/// such a read (a pipeline let go of, `AudioPipeline.letGo()`) keeps the process from ending
/// until the read returns, if ever, and with the process every descriptor it has: the X
/// connection, so the window would stay on screen, frozen, and the session bus, so a new
/// launch would find this one still running. Once the app has quit (the library saved and
/// closed), those descriptors are closed, and the process exits without waiting. The ones it
/// was started with stay open: a parent may learn of its end from one of them closing, and
/// the end truly comes only when the read returns.
public enum StuckReads {
    /// The descriptors open when the process started (its parent's).
    private static let inherited = Mutex(Set<Int32>())

    /// Notes the descriptors the process was started with; called first thing in `main`.
    public static func noteInheritedDescriptors() {
        let open = openDescriptors()
        inherited.withLock { $0 = open }
    }

    /// Ends the process now with `status` if a pipeline let go of is still stuck; else returns.
    public static func endProcessIfAny(status: Int32) {
        let stuck = AudioPipeline.pipelinesStuckInARead
        guard stuck > 0 else { return }
        Log.ui.warning("pipelines still waiting for a read of a drive that does not answer: \(stuck); BlueLibrary ends without waiting for them")
        let kept = inherited.withLock { $0 }
        for descriptor in openDescriptors().subtracting(kept) where descriptor > STDERR_FILENO { close(descriptor) }
        _exit(status)
    }

    /// The descriptors open now (not the one the listing itself used, closed by then).
    private static func openDescriptors() -> Set<Int32> {
        let listed = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap(Int32.init)
        return Set(listed.filter { fcntl($0, F_GETFD) != -1 })
    }
}
