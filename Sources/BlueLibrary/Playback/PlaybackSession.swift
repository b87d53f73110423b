import GtkKit
import LibraryCore

// MARK: - PlaybackSession

/// The application's playback, made once the library opens and kept until quit, whatever
/// windows come and go: the player, and its app-wide observers, the media controls (MPRIS)
/// and the suspend inhibitor. A window observes the same player while it is open.
@MainActor
package final class PlaybackSession {
    package let player: Player
    /// GNOME's media controls and the media keys (MPRIS); nil without a session bus.
    private var mediaControls: MediaControls?
    private let suspendInhibitor: SuspendInhibitor
    /// Records what is heard in the library's history.
    private let listenCounter: ListenCounter
    /// The user's ListenBrainz connection, which sends what is heard.
    package let listenBrainz: ListenBrainzAccount
    private var isShutDown = false

    /// - Parameters:
    ///   - onRaise: MPRIS `Raise`: show the window, opening one if none is open.
    ///   - onQuit: MPRIS `Quit`: quit the app.
    init(application: Application, library: LibraryAPI, onRaise: @escaping @MainActor () -> Void, onQuit: @escaping @MainActor () -> Void) {
        player = Player(library: library)
        suspendInhibitor = SuspendInhibitor(application: application, player: player)
        mediaControls = MediaControls(player: player, onRaise: onRaise, onQuit: onQuit)
        listenCounter = ListenCounter(player: player, library: library)
        listenBrainz = ListenBrainzAccount(library: library)
    }

    /// At quit: remembers what plays and where, falls silent, lets the session suspend again
    /// and withdraws the media controls. Once; later calls do nothing.
    func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        suspendInhibitor.stop()
        mediaControls?.unpublish()
        mediaControls = nil
        player.shutDown()
    }
}
