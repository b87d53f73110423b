import Foundation

// MARK: - Listen

/// One listen: a track heard long enough to count (`ListenRule`), when it began and how long
/// it played, with what ListenBrainz is told of it. A row of the library's `listen` table.
public struct Listen: Hashable, Sendable {
    /// The file heard.
    public var path: MusicFilePath
    /// The album it was heard as part of.
    public var albumID: AlbumID
    /// When the track began to play (the wall clock then).
    public var listenedAt: Date
    /// Seconds of it heard (a seek does not count what it skipped).
    public var played: Double
    /// The track's length in seconds (0 when unknown).
    public var duration: Double
    /// The track's artist: its own, else its album's ("" when neither is known).
    public var artist: String
    /// The track's title ("" when its tags have none).
    public var title: String
    /// The album's title.
    public var release: String

    public init(path: MusicFilePath, albumID: AlbumID, listenedAt: Date, played: Double, duration: Double,
                artist: String, title: String, release: String) {
        self.path = path
        self.albumID = albumID
        self.listenedAt = listenedAt
        self.played = played
        self.duration = duration
        self.artist = artist
        self.title = title
        self.release = release
    }

    /// Whether ListenBrainz can take it: it needs an artist and a title.
    public var canBeSent: Bool {
        !artist.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            && !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}

// MARK: - ListenRule

/// When a play counts as a listen: once half the track, or 4 minutes of it, has played,
/// whichever comes first (ListenBrainz's and Last.fm's rule). The counts and the listens sent
/// follow the same rule.
public enum ListenRule {
    /// The most a track must play to count, whatever its length.
    public static let longestNeeded = 240.0

    /// The seconds a track of `duration` seconds must play to count (4 minutes for a length
    /// not known).
    public static func secondsNeeded(forTrackOf duration: Double) -> Double {
        guard duration.isFinite, duration > 0 else { return longestNeeded }
        return min(duration / 2, longestNeeded)
    }
}

// MARK: - AlbumPlays

/// How often an album was listened to, and when last.
public struct AlbumPlays: Hashable, Sendable {
    /// Listens of its tracks.
    public var count: Int
    /// When the last of them began.
    public var lastPlayed: Date

    public init(count: Int, lastPlayed: Date) {
        self.count = count
        self.lastPlayed = lastPlayed
    }

    /// This with one more listen, begun at `date`.
    func adding(listenedAt date: Date) -> AlbumPlays {
        AlbumPlays(count: count + 1, lastPlayed: max(lastPlayed, date))
    }
}

// MARK: - The played sorts

extension AlbumPlays {
    /// Whether an album played `lhs` comes before one played `rhs` in the played sort `sort`
    /// (nil: never played; ties are broken by the caller, by id). Mirrors the database's
    /// `ORDER BY` (`LibraryDatabase.orderClause`).
    static func precedes(_ lhs: AlbumPlays?, _ rhs: AlbumPlays?, in sort: AlbumSort) -> Bool? {
        func recently(_ a: AlbumPlays?, _ b: AlbumPlays?) -> Bool? {
            switch (a, b) {
            case (nil, nil): nil
            case (nil, _): false  // never played last
            case (_, nil): true
            case let (a?, b?): a.lastPlayed == b.lastPlayed ? nil : a.lastPlayed > b.lastPlayed
            }
        }
        switch sort {
        case .mostPlayed:
            let (a, b) = (lhs?.count ?? 0, rhs?.count ?? 0)
            return a != b ? a > b : recently(lhs, rhs)
        case .recentlyPlayed:
            return recently(lhs, rhs)
        case .libraryOrder, .title, .artist, .year, .recentlyAdded:
            return nil
        }
    }
}
