import Foundation
import LibraryCore

// MARK: - ListenCounter

/// Counts what is heard as listens: an observer of the app's player (as the media controls
/// are) that adds up the seconds each track really plays (a seek skips what it passes over,
/// a pause stops the count) and records the track in the library's history the moment it
/// counts (`ListenRule`: half the track, or 4 minutes), once per time it is played.
///
/// It records on the GTK thread, which costs a dictionary update and a queued commit; the
/// commit itself is made on the commit queue. When a play begins to be heard, ListenBrainz is
/// told it plays now (if the user connected).
@MainActor
final class ListenCounter {
    /// One play of one track, being counted.
    private struct Play {
        /// The queue entry playing (a track queued twice is two entries).
        var serial: UInt32
        var track: Track
        var albumID: AlbumID
        /// When it began to be heard (set at the first second counted).
        var startedAt: Date?
        /// Seconds heard so far.
        var heard: Double = 0
        /// The position last seen, from which the next one's progress is counted.
        var lastPosition: Double
        /// Whether this play was recorded as a listen already.
        var isRecorded = false
    }

    /// The most progress one look at the position is believed for: the player reads it four
    /// times a second, and a jump further than this is a seek the count did not hear of.
    private static let longestStep = 2.0

    private let player: Player
    private let library: LibraryAPI
    private var play: Play?
    private var observation: PlayerObservation?

    init(player: Player, library: LibraryAPI) {
        self.player = player
        self.library = library
        observation = player.observe { [weak self] change in self?.follow(change) }
        follow(.track)
    }

    // MARK: Following the player

    private func follow(_ change: PlayerChange) {
        switch change {
        case .track:
            trackChanged()
        case .position:
            heardUpTo(player.position)
        case .seeked:
            seeked(to: player.position)
        case .status:
            if player.status == .playing { play?.lastPosition = player.currentPosition }
        case .queue, .settings, .problem, .duration:
            break
        }
    }

    /// Another track is loaded, or the same one again: the same entry at the position counted
    /// so far goes on being counted (a reload after a failure of the next file); anything
    /// else is a new play.
    private func trackChanged() {
        guard let entry = player.queue?.currentEntry, let track = player.currentTrack else {
            play = nil
            return
        }
        let position = player.position
        if let play, play.serial == entry.serial, play.track.path == track.path, position > 1, abs(position - play.lastPosition) < Self.longestStep {
            return
        }
        self.play = Play(serial: entry.serial, track: track, albumID: entry.albumID, lastPosition: position)
    }

    /// The player is at `position`, playing: the progress since the last look counts.
    private func heardUpTo(_ position: Double) {
        guard player.status == .playing, var play else { return }
        let step = position - play.lastPosition
        play.lastPosition = position
        if step > 0, step <= Self.longestStep {
            play.heard += step
            if play.startedAt == nil {
                play.startedAt = Date(timeIntervalSinceNow: -step)
                library.listenHistory.outbox.playingNow(listen(of: play))
            }
        }
        self.play = play
        if !play.isRecorded, play.heard >= ListenRule.secondsNeeded(forTrackOf: player.duration) { record() }
    }

    /// A seek: what it passed over is not heard. Back to the start of a track already
    /// recorded, it is played again: a new play.
    private func seeked(to position: Double) {
        guard var play else { return }
        if play.isRecorded, position < 1 {
            play = Play(serial: play.serial, track: play.track, albumID: play.albumID, lastPosition: position)
        }
        play.lastPosition = position
        self.play = play
    }

    // MARK: Recording

    private func record() {
        guard var play else { return }
        play.isRecorded = true
        self.play = play
        library.listenHistory.record(listen(of: play))
    }

    /// What the history (and ListenBrainz) is told of `play`: the track's artist, else its album's.
    private func listen(of play: Play) -> Listen {
        let album = library.album(withID: play.albumID)
        return Listen(
            path: play.track.path, albumID: play.albumID, listenedAt: play.startedAt ?? Date(), played: play.heard,
            duration: player.duration, artist: play.track.artist.isEmpty ? album?.artist ?? "" : play.track.artist,
            title: play.track.title, release: album?.title ?? ""
        )
    }
}
