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

    public init(albumID: AlbumID, trackIndex: Int, trackURI: String, position: Double) {
        self.albumID = albumID
        self.trackIndex = trackIndex
        self.trackURI = trackURI
        self.position = position
    }

    /// The track to resume among `tracks` (the album's now): the one saved, found by its file.
    public func trackIndex(in tracks: [Track]) -> Int? {
        if tracks.indices.contains(trackIndex), tracks[trackIndex].uri == trackURI { return trackIndex }
        return tracks.firstIndex { $0.uri == trackURI }
    }
}
