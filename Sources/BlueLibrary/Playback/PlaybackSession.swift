import GtkKit
import LibraryCore

// MARK: - PlaybackSession

/// The application's playback, made when the library opens and kept until quit, whatever
/// windows come and go (as GNOME Music's player is the application's): the player, and its
/// app-wide observers, the media controls (MPRIS), the suspend inhibitor, the listen counter
/// and the ListenBrainz account. It follows the library itself: albums the library lost leave
/// the queue whether or not a window is open. A window is one more observer of the player.
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
    /// Hands the player what the library changed (`Player.follow(_:)`).
    private var libraryObservation: LibraryObservation?
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
        libraryObservation = library.observe { [weak player] event in
            switch event {
            case .changed(let update): player?.follow(update)
            case .missingChanged: player?.prepareIfSelectionIsPlayable()  // its files may be back
            default: break
            }
        }
    }

    /// The window has closed and the music is not to go on without it: what plays pauses,
    /// its place kept; the media controls stay, for a window opened again.
    func windowClosed() {
        player.pause()
    }

    /// At quit: remembers what plays and where, falls silent, lets the session suspend again
    /// and withdraws the media controls. Once; later calls do nothing.
    func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        libraryObservation?.cancel()
        suspendInhibitor.stop()
        mediaControls?.unpublish()
        mediaControls = nil
        player.shutDown()
    }
}
