// MARK: - QueueEntry

/// One track in the play queue: an album and the index of one of its tracks in the album's
/// play order. Small on purpose (16 bytes): a queue of a whole library holds a million.
public struct QueueEntry: Hashable, Sendable {
    /// The album the track is from.
    public let albumID: AlbumID
    /// The track's index in the album's play order (`LibraryAPI.tracks(ofAlbum:)`).
    public let trackIndex: Int32
    /// Tells the same track queued twice apart; an Undo finds what its change added by it.
    public let serial: UInt32

    public init(albumID: AlbumID, trackIndex: Int32, serial: UInt32) {
        self.albumID = albumID
        self.trackIndex = trackIndex
        self.serial = serial
    }
}

// MARK: - RepeatMode

/// What plays after the queue's last track, or after each track.
public enum RepeatMode: String, Codable, CaseIterable, Sendable {
    /// The queue plays once.
    case off
    /// The queue starts again after its last track.
    case all
    /// The current track plays again and again.
    case one

    /// The mode the Repeat button goes to next: off, all, one, off…
    public var following: RepeatMode {
        switch self {
        case .off: .all
        case .all: .one
        case .one: .off
        }
    }
}

// MARK: - QueueBatch

/// What one Play Next or Add to Queue added: an Undo takes exactly these out again.
public struct QueueBatch: Hashable, Sendable {
    /// The serials the batch's entries were given: one run.
    public let serials: Range<UInt32>
}
