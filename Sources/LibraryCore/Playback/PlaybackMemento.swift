import Foundation

// MARK: - PlaybackMemento

/// What was playing when the app quit (playing or paused), so the next launch brings it back,
/// paused, where it was: part of `state.json`.
public struct PlaybackMemento: Codable, Hashable, Sendable {
    /// The album playing.
    public var albumID: AlbumID
    /// The track's index in the album's play order.
    public var trackIndex: Int
    /// The track's file as a URI: if the album's tracks changed since, the index is not trusted.
    public var trackURI: String
    /// Seconds into the track.
    public var position: Double
    /// The whole queue; nil in a file of a version before the queue (the album alone played),
    /// or when the queue saved was damaged (the log says why).
    public var queue: QueueMemento?

    public init(albumID: AlbumID, trackIndex: Int, trackURI: String, position: Double, queue: QueueMemento? = nil) {
        self.albumID = albumID
        self.trackIndex = trackIndex
        self.trackURI = trackURI
        self.position = position
        self.queue = queue
    }

    /// The track to resume among `tracks` (the album's now): the one saved, found by its file.
    public func trackIndex(in tracks: [Track]) -> Int? {
        if tracks.indices.contains(trackIndex), tracks[trackIndex].uri == trackURI { return trackIndex }
        return tracks.firstIndex { $0.uri == trackURI }
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case albumID, trackIndex, trackURI, position, queue
    }

    /// A queue that cannot be read is left out, and the log says why: the rest of the
    /// memento (the track and where it was) is restored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        albumID = try container.decode(AlbumID.self, forKey: .albumID)
        trackIndex = try container.decode(Int.self, forKey: .trackIndex)
        trackURI = try container.decode(String.self, forKey: .trackURI)
        position = try container.decode(Double.self, forKey: .position)
        do {
            queue = try container.decodeIfPresent(QueueMemento.self, forKey: .queue)
        } catch {
            Log.core.warning("The play queue in state.json could not be read, and starts empty: \(QueueMemento.describe(error))")
            queue = nil
        }
    }
}

// MARK: - ListeningSettings

/// How the player plays, whatever it plays: shuffle, repeat and volume. Kept in `state.json`
/// with the memento, even when nothing plays.
public struct ListeningSettings: Codable, Hashable, Sendable {
    public var isShuffled: Bool
    public var repeatMode: RepeatMode
    /// 0 (muted) to 1, on the cubic scale the ear finds even (`GstStreamVolume`'s).
    public var volume: Double

    public init(isShuffled: Bool = false, repeatMode: RepeatMode = .off, volume: Double = 1) {
        self.isShuffled = isShuffled
        self.repeatMode = repeatMode
        self.volume = volume
    }

    /// A value that cannot be read is its default: settings are never worth losing a state
    /// file for.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isShuffled = (try? container.decodeIfPresent(Bool.self, forKey: .isShuffled)) ?? false
        repeatMode = (try? container.decodeIfPresent(RepeatMode.self, forKey: .repeatMode)) ?? .off
        let volume = (try? container.decodeIfPresent(Double.self, forKey: .volume)) ?? 1
        self.volume = volume.isFinite ? min(max(volume, 0), 1) : 1
    }
}
