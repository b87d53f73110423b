import Foundation
import GstKit
import GtkKit
import LibraryCore

// MARK: - StuckReads

/// The end of a process that a read of a drive that does not answer still holds. A thread in
/// such a read (a pipeline let go of, `AudioPipeline.letGo()`) keeps the process from ending
/// until the read returns, if ever, and with the process every descriptor it has: the X
/// connection, so the window would stay on screen, frozen, and the session bus, so a new
/// launch would find this one still running. Once the app has quit (the library saved, closed
/// and its lock let go), those two connections are closed, and the process exits without
/// waiting; it ends for good when the read returns.
public enum StuckReads {
    /// Ends the process now with `status` if a pipeline let go of is still stuck; else returns.
    public static func endProcessIfAny(status: Int32) {
        let stuck = AudioPipeline.pipelinesStuckInARead
        guard stuck > 0 else { return }
        Log.ui.warning("pipelines still waiting for a read of a drive that does not answer: \(stuck); BlueLibrary ends without waiting for them")
        MainActor.assumeIsolated { Application.closeConnectionsBeforeExit() }
        _exit(status)
    }
}
