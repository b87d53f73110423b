import GtkKit
import LibraryCore

// MARK: - Music with the window closed

extension BlueLibraryApp {
    /// The window has closed (its close button, Ctrl+W). With Preferences ▸ "Keep Playing
    /// When the Window Is Closed" on and music playing, the music, the media controls and the
    /// media keys go on, and a launch or MPRIS `Raise` opens the window again. Otherwise the
    /// music pauses, and the app ends with its window; but when the desktop started it as a
    /// service, the session waits, paused, for a window opened again, GNOME Shell's search, or
    /// the media controls.
    func windowClosed() {
        // Let go of the controller once the close is over: its handles may not be the last
        // references while GTK is still closing its window.
        let closed = windowController
        windowController = nil
        MainLoop.perform { _ = closed }
        preferencesWindow = nil  // closed with its parent
        guard let library, let playback else { return }
        if library.preferences.keepsPlayingWhenWindowIsClosed, playback.player.status == .playing {
            Log.ui.message("the window closed; the music plays on")
        } else {
            playback.windowClosed()
        }
        holdWhileMusicPlays(playback.player)
    }

    /// With no window, the app holds itself running while music plays (it played on, or the
    /// media controls started it), paused too, until the music stops: the album ended, or
    /// MPRIS said Stop. Nothing is left to hear or to control then, so the app ends as if the
    /// window had closed now.
    private func holdWhileMusicPlays(_ player: Player) {
        if player.status == .playing { holdForMusic() }
        heldMusicObservation = player.observe { [weak self, weak player] change in
            guard change == .status, let self, let player else { return }
            switch player.status {
            case .playing: holdForMusic()
            case .stopped: stopHoldingForMusic()
            case .paused: break
            }
        }
    }

    private func holdForMusic() {
        guard !isHeldForMusic else { return }
        application.hold()
        isHeldForMusic = true
    }

    /// Lets go of the hold that kept the app running for the music, if it has one: a window
    /// keeps it running now, or nothing is to.
    func stopHoldingForMusic() {
        heldMusicObservation?.cancel()
        heldMusicObservation = nil
        guard isHeldForMusic else { return }
        isHeldForMusic = false
        application.release()
    }

    // MARK: Preferences

    /// Ctrl+comma, and the main menu: the Preferences window over the main window.
    func showPreferences() {
        guard let windowController, let library else { return }
        if let preferencesWindow {
            preferencesWindow.present()
            return
        }
        let window = AppPreferencesWindow(over: windowController.window, library: library, player: windowController.player,
                                          listenBrainz: playback?.listenBrainz)
        window.onClosed = { [weak self] in self?.preferencesWindow = nil }
        preferencesWindow = window
        window.present()
    }
}
