import GtkKit
import LibraryCore

// MARK: - Music with the window closed

extension BlueLibraryApp {
    /// The window has closed (its close button, Ctrl+W). With Preferences ▸ "Keep Playing
    /// When the Window Is Closed" on and music playing, the app holds itself running: the
    /// music, the media controls and the media keys go on, and a launch or MPRIS `Raise` opens
    /// the window again. Otherwise the playback ends with the window, and so does the app.
    func windowClosed() {
        // Let go of the controller once the close is over: its handles may not be the last
        // references while GTK is still closing its window.
        let closed = windowController
        windowController = nil
        MainLoop.perform { _ = closed }
        preferencesWindow = nil  // closed with its parent
        guard let library, let player = playback?.player,
              library.preferences.keepsPlayingWhenWindowIsClosed, player.status == .playing else {
            endPlayback()
            return
        }
        Log.ui.message("the window closed; the music plays on")
        application.hold()
        isHeldForMusic = true
        heldMusicObservation = player.observe { [weak self, weak player] change in
            // Stopped: the album ended, or MPRIS said Stop. Nothing is left to hear or to
            // control, so the app ends as if the window had closed now.
            guard change == .status, player?.status == .stopped else { return }
            self?.stopHoldingForMusic()
        }
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
