import GtkKit
import LibraryCore

// MARK: - PlayBarController

/// Keeps the play bar showing the player, as one more of its observers: shown while an album
/// is loaded, with the track, its cover, its position and Play or Pause, shuffle, repeat and
/// the volume as they are; the bar's seek and volume go to the player. The queue view in it
/// is `QueueController`'s.
@MainActor
final class PlayBarController {
    private let library: LibraryAPI
    private let player: Player
    private let bar: PlayBar
    /// The covers decoded for the window, which the bar's cover shares.
    private let textures: CoverTextures
    private var playerObservation: PlayerObservation?

    /// Shows the player as it is now (music may have played on while no window was open),
    /// then follows it.
    init(library: LibraryAPI, player: Player, bar: PlayBar, textures: CoverTextures) {
        self.library = library
        self.player = player
        self.bar = bar
        self.textures = textures
        bar.onSeek = { [weak player] seconds in player?.seek(to: seconds) }
        bar.onVolume = { [weak player] volume in player?.setVolume(volume) }
        bar.showSettings(player.settings)
        refresh()
        playerObservation = player.observe { [weak self] change in self?.playerChanged(change) }
    }

    /// Stops following the player, before the window goes.
    func close() {
        playerObservation?.cancel()
    }

    private func playerChanged(_ change: PlayerChange) {
        switch change {
        case .track: refresh()
        case .status: bar.showPlaying(player.status == .playing)
        case .settings: bar.showSettings(player.settings)
        case .position, .seeked, .duration: bar.showPosition(player.currentPosition, of: player.duration)
        case .queue, .problem: break
        }
    }

    /// Shows the bar while an album is loaded, with its track, cover and position.
    private func refresh() {
        guard let track = player.currentTrack else {
            bar.isVisible = false
            return
        }
        let album = player.album
        bar.show(track: track, of: album)
        bar.showPlaying(player.status == .playing)
        bar.showPosition(player.currentPosition, of: player.duration)
        bar.isVisible = true
        if let address = album?.coverUrl, address != bar.coverAddress {
            bar.showCover(nil, address: address)
            let key = CoverTextures.Key(address: address, pixelSize: PlayBar.coverSize * max(1, bar.scaleFactor))
            Task { [weak self] in
                let texture = await self?.textures.texture(for: key, from: self?.library)
                guard let self, bar.coverAddress == address else { return }
                bar.showCover(texture, address: address)
            }
        }
    }
}
