import GtkKit
import LibraryCore

// MARK: - SuspendInhibitor

/// While music plays, the session does not suspend: an observer of the player that asks the
/// session (through GtkApplication, which asks GNOME's session manager) not to suspend while
/// the player plays, and withdraws the request when it pauses or stops. It asks for the whole
/// application, with a window open or not.
@MainActor
final class SuspendInhibitor {
    private let application: Application
    private var observation: PlayerObservation?
    /// The request that keeps the session from suspending (0: none).
    private var cookie: UInt32 = 0

    init(application: Application, player: Player) {
        self.application = application
        observation = player.observe { [weak self, weak player] change in
            guard change == .status, let player else { return }
            self?.keepSessionAwake(player.status == .playing)
        }
    }

    /// Withdraws the request, if any, and stops following the player (at quit).
    func stop() {
        observation?.cancel()
        keepSessionAwake(false)
    }

    private func keepSessionAwake(_ awake: Bool) {
        if awake, cookie == 0 {
            cookie = application.inhibitSuspend(for: nil, reason: localized("Playing music"))
        } else if !awake, cookie != 0 {
            application.uninhibit(cookie)
            cookie = 0
        }
    }
}
