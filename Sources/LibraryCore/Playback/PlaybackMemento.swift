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

// MARK: - QueueMemento

/// The play queue as `state.json` keeps it: runs of consecutive tracks of one album (album
/// id, first track, count), not every file, so a queue of a whole library stays small; the
/// shuffled order, if any; and which play position plays.
public struct QueueMemento: Codable, Hashable, Sendable {
    /// `[albumID, firstTrack, count]` each.
    public var runs: [[Int64]]
    public var shuffleOrder: [Int32]?
    public var current: Int

    /// The most tracks a queue read back may hold: a larger one is taken for damage.
    public static let maximumCount = 2_000_000

    /// Why a queue could not be read.
    enum Damage: Error, CustomStringConvertible {
        case badRun, tooLong(Int)

        var description: String {
            switch self {
            case .badRun: "a run is not [album, first track, count]"
            case .tooLong(let count): "it names \(count) tracks, more than the \(QueueMemento.maximumCount) a queue may hold"
            }
        }
    }

    /// The memento of `queue`.
    public init(_ queue: PlayQueue) {
        var runs: [[Int64]] = []
        for entry in queue.entries {
            if let last = runs.last, last[0] == entry.albumID, last[1] + last[2] == Int64(entry.trackIndex) {
                runs[runs.count - 1][2] += 1
            } else {
                runs.append([entry.albumID, Int64(entry.trackIndex), 1])
            }
        }
        self.runs = runs
        shuffleOrder = queue.shuffleOrder
        current = queue.current
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        runs = try container.decode([[Int64]].self, forKey: .runs)
        var total = 0
        for run in runs {
            guard run.count == 3, run[1] >= 0, run[1] <= Int32.max, run[2] > 0 else { throw Damage.badRun }
            total = total.addingReportingOverflow(Int(clamping: run[2])).partialValue
        }
        guard total <= Self.maximumCount else { throw Damage.tooLong(total) }
        shuffleOrder = try container.decodeIfPresent([Int32].self, forKey: .shuffleOrder)
        current = try container.decode(Int.self, forKey: .current)
    }

    /// The queue again, without the albums `isInLibrary` says are gone (deleted meanwhile),
    /// and how many tracks of theirs left it.
    public func queue(keepingAlbums isInLibrary: (AlbumID) -> Bool) -> (queue: PlayQueue, dropped: Int) {
        var entries: [QueueEntry] = []
        for run in runs where run.count == 3 {
            let first = Int32(clamping: run[1])
            for offset in 0..<Int32(clamping: run[2]) {
                entries.append(QueueEntry(albumID: run[0], trackIndex: first &+ offset, serial: 0))
            }
        }
        var queue = PlayQueue(entries: entries, shuffleOrder: shuffleOrder, current: current)
        let gone = Set(runs.map { $0[0] }.filter { !isInLibrary($0) })
        let dropped = gone.isEmpty ? 0 : queue.removeAlbums(gone)
        return (queue, dropped)
    }

    static func describe(_ error: any Error) -> String {
        if let damage = error as? Damage { return damage.description }
        if let decoding = error as? DecodingError { return "\(decoding)" }
        return error.localizedDescription
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
