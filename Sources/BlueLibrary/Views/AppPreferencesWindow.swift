import GtkKit
import LibraryCore

// MARK: - AppPreferencesWindow

/// Main menu ▸ Preferences (Ctrl+comma): libadwaita's Preferences window, whose settings are
/// saved as they change (`LibraryAPI.preferences`, in `state.json`).
///
/// - Playback ▸ Keep Playing When the Window Is Closed (`BlueLibraryApp.windowClosed()`).
/// - Playback ▸ Normalize Volume (ReplayGain) (`Player.replayGainPreferenceChanged()`).
/// - Notices ▸ Keep Notices Until Closed (`ToastNotice.keepsUntilClosed`, read at each notice).
/// - ListenBrainz: the token, the connection and the listens waiting; Listening History ▸
///   Clear History… (`ListenBrainzPreferences`).
@MainActor
package final class AppPreferencesWindow {
    package let window: PreferencesWindow
    /// Playback ▸ Keep Playing When the Window Is Closed.
    package let keepPlayingRow = SwitchRow(
        title: localized("_Keep Playing When the Window Is Closed"),
        subtitle: localized("The music, GNOME’s media controls and the media keys go on; open BlueLibrary again to see the window")
    )
    /// Playback ▸ Normalize Volume (ReplayGain).
    package let normalizeVolumeRow = SwitchRow(
        title: localized("_Normalize Volume (ReplayGain)"),
        subtitle: localized("Quiet and loud albums play at the same loudness, from their files’ ReplayGain tags")
    )
    /// Notices ▸ Keep Notices Until Closed.
    package let keepNoticesRow = SwitchRow(
        title: localized("Keep Notices _Until Closed"),
        subtitle: localized("Notices such as “Album deleted”, with their Undo, stay until you close them or press Escape, instead of 5 seconds")
    )
    /// ListenBrainz and the listening history.
    package let listening: ListenBrainzPreferences?
    /// Called as the window closes (not when it goes with the main window).
    var onClosed: (@MainActor () -> Void)?

    package init(over parent: ApplicationWindow, library: LibraryAPI, player: Player, listenBrainz: ListenBrainzAccount?) {
        let window = PreferencesWindow(over: parent)
        self.window = window
        let playback = PreferencesGroup(title: localized("Playback"))
        keepPlayingRow.isOn = library.preferences.keepsPlayingWhenWindowIsClosed
        keepPlayingRow.onToggle { [weak library] isOn in
            library?.preferences.keepsPlayingWhenWindowIsClosed = isOn
        }
        playback.add(keepPlayingRow)
        normalizeVolumeRow.isOn = library.preferences.normalizesVolume
        normalizeVolumeRow.onToggle { [weak library, weak player] isOn in
            library?.preferences.normalizesVolume = isOn
            player?.replayGainPreferenceChanged()
        }
        playback.add(normalizeVolumeRow)
        window.add(playback)
        let notices = PreferencesGroup(title: localized("Notices"))
        keepNoticesRow.isOn = library.preferences.keepsNoticesUntilClosed
        keepNoticesRow.onToggle { [weak library] isOn in
            library?.preferences.keepsNoticesUntilClosed = isOn
        }
        notices.add(keepNoticesRow)
        window.add(notices)
        listening = listenBrainz.map { ListenBrainzPreferences(account: $0, library: library, window: window) }
        if let listening {
            window.add(listening.listenBrainzGroup)
            window.add(listening.historyGroup)
        }
        self.window.onClose { [weak self] in self?.onClosed?() }
    }

    package func present() { window.present() }

    package func close() { window.close() }
}
