// MARK: - PlayQueue

/// The tracks of the album playing and which one plays: where Next and Previous go, and which
/// track follows, skipping the files that are not there. Plain data; the player owns one.
public struct PlayQueue: Hashable, Sendable {
    /// The album the tracks are from.
    public let albumID: AlbumID
    /// The album's tracks, in play order.
    public let tracks: [Track]
    /// The index of the track playing (or loaded).
    public var current: Int

    public init(albumID: AlbumID, tracks: [Track], current: Int = 0) {
        self.albumID = albumID
        self.tracks = tracks
        self.current = min(max(current, 0), max(tracks.count - 1, 0))
    }

    /// The track playing.
    public var track: Track? {
        tracks.indices.contains(current) ? tracks[current] : nil
    }

    /// The first playable track from `index` on (itself included), with the tracks skipped
    /// on the way because their files are not there (`isPresent`); nil when none is left.
    /// The files in `failed` (they did not play before, and the user was told) are passed
    /// over without being listed.
    public func playable(from index: Int, passingOver failed: Set<MusicFilePath> = [],
                         isPresent: (Track) -> Bool = \.fileExists) -> (index: Int, skipped: [Track])? {
        var skipped: [Track] = []
        for candidate in max(index, 0)..<max(tracks.count, 0) {
            let track = tracks[candidate]
            if failed.contains(track.path) { continue }
            if isPresent(track) { return (candidate, skipped) }
            skipped.append(track)
        }
        return nil
    }

    /// The first playable track before `index`, going back; nil when none.
    public func playable(before index: Int, passingOver failed: Set<MusicFilePath> = [],
                         isPresent: (Track) -> Bool = \.fileExists) -> Int? {
        stride(from: min(index, tracks.count) - 1, through: 0, by: -1).first { !failed.contains(tracks[$0].path) && isPresent(tracks[$0]) }
    }

    /// Whether a track follows the current one.
    public var hasNext: Bool { current + 1 < tracks.count }
    /// Whether a track comes before the current one.
    public var hasPrevious: Bool { current > 0 }
}
