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
        followMusicWithoutWindow(playback.player)
    }

    /// With no window (the window closed, or none opened yet in an app the desktop started as
    /// a service), the app holds itself running while music plays: it played on, or the media
    /// controls started it; paused too. When the music stops (the album ended, or MPRIS said
    /// Stop), nothing is left to hear or to control, and the app lets go: it ends as if the
    /// window had closed now, or, started as a service, once unused. Followed until a window
    /// opens or the app quits (`stopHoldingForMusic()`).
    func followMusicWithoutWindow(_ player: Player) {
        if player.status == .playing { holdForMusic() }
        heldMusicObservation = player.observe { [weak self, weak player] change in
            guard change == .status, let self, let player else { return }
            switch player.status {
            case .playing: holdForMusic()
            case .stopped: releaseHoldForMusic()
            case .paused: break
            }
        }
    }

    private func holdForMusic() {
        guard !isHeldForMusic else { return }
        application.hold()
        isHeldForMusic = true
    }

    private func releaseHoldForMusic() {
        guard isHeldForMusic else { return }
        isHeldForMusic = false
        application.release()
    }

    /// Stops following the music with no window, and lets go of the hold it made, if any: a
    /// window keeps the app running now, or the app quits.
    func stopHoldingForMusic() {
        heldMusicObservation?.cancel()
        heldMusicObservation = nil
        releaseHoldForMusic()
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
