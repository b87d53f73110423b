import Foundation

// MARK: - Track

/// One music file of an album, as the album's track list shows it and the player plays it.
public struct Track: Hashable, Sendable {
    /// The file, as the file system names it.
    public var path: MusicFilePath
    public var title: String
    /// The track's own artist ("" when its tags name none).
    public var artist: String
    /// `nil` when the tags say nothing.
    public var discNumber: Int?
    public var trackNumber: Int?
    /// Length in seconds, as the tags' stream properties said at import.
    public var duration: Double

    public init(path: MusicFilePath, title: String, artist: String = "", discNumber: Int? = nil, trackNumber: Int? = nil, duration: Double = 0) {
        self.path = path
        self.title = title
        self.artist = artist
        self.discNumber = discNumber
        self.trackNumber = trackNumber
        self.duration = duration
    }

    /// The track of a file whose tags were read at import.
    init(path: MusicFilePath, tags: TrackTags) {
        self.init(path: path, title: tags.title, artist: tags.artist, discNumber: tags.discNumber,
                  trackNumber: tags.trackNumber, duration: tags.duration)
    }

    /// The file as a `file://` URI (what GStreamer and MPRIS take).
    public var uri: String { path.uri }

    /// The title to show: the tags' title, else the file's name.
    public var displayTitle: String {
        title.isEmpty ? path.displayName : title
    }

    /// The artist to show next to the title in a list of `albumArtist`'s album: the track's
    /// own, only when it differs ("" otherwise).
    public func artist(differingFrom albumArtist: String) -> String {
        artist.isEmpty || artist.compare(albumArtist, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame ? "" : artist
    }

    /// Whether the file is there now (a moved file, or a drive not mounted, is not).
    public var fileExists: Bool {
        path.withCString { access($0, R_OK) == 0 }
    }

    /// Play order: by disc, then number (tracks without one after those with), then title,
    /// then file name.
    static func playsBefore(_ lhs: Track, _ rhs: Track) -> Bool {
        let left = (lhs.discNumber ?? 1, lhs.trackNumber ?? Int.max), right = (rhs.discNumber ?? 1, rhs.trackNumber ?? Int.max)
        if left != right { return left < right }
        if lhs.title != rhs.title { return lhs.title.localizedStandardCompare(rhs.title) == .orderedAscending }
        return lhs.path < rhs.path
    }
}

// MARK: - Duration text

extension Double {
    /// A length as a player shows it: "3:07", "1:02:03"; "0:00" for none.
    public var clockText: String {
        let total = isFinite ? Int(max(self, 0).rounded(.down)) : 0
        let hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, seconds)
            : String(format: "%d:%02d", minutes, seconds)
    }
}
