import Foundation

// MARK: - QueueMemento

/// The play queue as `state.json` keeps it: runs of tracks (album id, first track, count, and
/// how many albums of consecutive ids have those same tracks), not every file, so that a queue
/// of a whole library stays small; the shuffled order, if any; and which play position plays.
///
/// Play All of an imported library is the queue this is made for: its albums' ids follow one
/// another, so albums with the same number of tracks make one run. Albums of differing track
/// counts make a run each (about 15 bytes of `state.json` per album).
public struct QueueMemento: Codable, Hashable, Sendable {
    public var runs: [Run]
    /// While shuffled, the play order (indices into the tracks). Written packed, 4 bytes a
    /// track in Base64 (`packed(_:)`): a million tracks are read back in milliseconds, where a
    /// million JSON numbers took a large part of a second. A file of an earlier version holds
    /// an array of numbers, read too.
    public var shuffleOrder: [Int32]?
    public var current: Int

    private enum CodingKeys: String, CodingKey {
        case runs, shuffleOrder, current
    }

    /// The most tracks a queue read back may hold: a larger one is taken for damage.
    public static let maximumCount = 2_000_000

    /// Why a queue could not be read.
    enum Damage: Error, CustomStringConvertible {
        case badRun, tooLong(Int)

        var description: String {
            switch self {
            case .badRun: "a run is not [album, first track, count] or [album, first track, count, albums]"
            case .tooLong(let count): "it names \(count) tracks, more than the \(QueueMemento.maximumCount) a queue may hold"
            }
        }
    }

    /// The memento of `queue`: one pass over its entries (a few milliseconds at a million).
    public init(_ queue: PlayQueue) {
        var runs: [Run] = []
        queue.entries.withUnsafeBufferPointer { entries in
            var start = 0
            while start < entries.count {
                // The tracks of one album that follow one another from `start` on.
                let first = entries[start]
                var end = start + 1
                while end < entries.count, entries[end].albumID == first.albumID,
                      entries[end].trackIndex == first.trackIndex &+ Int32(truncatingIfNeeded: end - start) {
                    end += 1
                }
                let run = Run(albumID: first.albumID, firstTrack: first.trackIndex, trackCount: Int32(truncatingIfNeeded: end - start))
                // The next album with the same tracks as the run before: that run spans it too.
                if let last = runs.last, last.firstTrack == run.firstTrack, last.trackCount == run.trackCount,
                   last.albumID &+ AlbumID(last.albumCount) == run.albumID, last.albumCount < Int32.max {
                    runs[runs.count - 1].albumCount += 1
                } else {
                    runs.append(run)
                }
                start = end
            }
        }
        self.runs = runs
        shuffleOrder = queue.shuffleOrder
        current = queue.current
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        runs = try container.decode([Run].self, forKey: .runs)
        let total = runs.reduce(0) { total, run in
            let (sum, overflow) = total.addingReportingOverflow(run.totalTracks)
            return overflow ? Int.max : sum
        }
        guard total <= Self.maximumCount else { throw Damage.tooLong(total) }
        if let packed = try? container.decodeIfPresent(String.self, forKey: .shuffleOrder) {
            shuffleOrder = Self.unpacked(packed)  // damaged: not shuffled, as an order of the wrong tracks is
        } else {
            shuffleOrder = try container.decodeIfPresent([Int32].self, forKey: .shuffleOrder)
        }
        current = try container.decode(Int.self, forKey: .current)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(runs, forKey: .runs)
        try container.encodeIfPresent(shuffleOrder.map(Self.packed), forKey: .shuffleOrder)
        try container.encode(current, forKey: .current)
    }

    // MARK: The play order, packed

    /// `order` as 4 little-endian bytes an index, in Base64.
    static func packed(_ order: [Int32]) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(order.count * 4)
        for index in order {
            withUnsafeBytes(of: index.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return Data(bytes).base64EncodedString()
    }

    /// The order `packed(_:)` wrote; nil for text that is not one.
    static func unpacked(_ text: String) -> [Int32]? {
        guard let data = Data(base64Encoded: text), data.count % 4 == 0 else { return nil }
        return data.withUnsafeBytes { raw in
            (0..<(raw.count / 4)).map { Int32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)) }
        }
    }

    /// The queue again, without the albums `isInLibrary` says are gone (deleted meanwhile),
    /// and how many tracks of theirs left it.
    public func queue(keepingAlbums isInLibrary: (AlbumID) -> Bool) -> (queue: PlayQueue, dropped: Int) {
        var entries: [QueueEntry] = []
        entries.reserveCapacity(runs.reduce(0) { $0 + $1.totalTracks })
        var gone = Set<AlbumID>()
        var serial: UInt32 = 0
        for run in runs {
            for album in run.albumIDs {
                if !isInLibrary(album) { gone.insert(album) }
                for track in run.tracks {
                    entries.append(QueueEntry(albumID: album, trackIndex: track, serial: serial))
                    serial &+= 1
                }
            }
        }
        var queue = PlayQueue(numberedEntries: entries, shuffleOrder: shuffleOrder, current: current)
        let dropped = gone.isEmpty ? 0 : queue.removeAlbums(gone)
        return (queue, dropped)
    }

    static func describe(_ error: any Error) -> String {
        if let damage = error as? Damage { return damage.description }
        if let decoding = error as? DecodingError { return "\(decoding)" }
        return error.localizedDescription
    }
}

// MARK: - QueueMemento.Run

extension QueueMemento {
    /// Tracks `firstTrack..<firstTrack + trackCount` of `albumCount` albums of consecutive ids
    /// from `albumID` on, album after album. Written `[album, first track, count]`, with the
    /// album count as a fourth number when it is more than one.
    public struct Run: Codable, Hashable, Sendable {
        public var albumID: AlbumID
        public var firstTrack: Int32
        public var trackCount: Int32
        public var albumCount: Int32

        public init(albumID: AlbumID, firstTrack: Int32, trackCount: Int32, albumCount: Int32 = 1) {
            self.albumID = albumID
            self.firstTrack = firstTrack
            self.trackCount = trackCount
            self.albumCount = albumCount
        }

        /// The numbers `state.json` holds for it.
        public var numbers: [Int64] {
            [albumID, Int64(firstTrack), Int64(trackCount)] + (albumCount > 1 ? [Int64(albumCount)] : [])
        }

        /// How many tracks the run names.
        public var totalTracks: Int { Int(trackCount) * Int(albumCount) }
        var albumIDs: Range<AlbumID> { albumID..<(albumID &+ AlbumID(albumCount)) }
        var tracks: Range<Int32> { firstTrack..<(firstTrack &+ trackCount) }

        public init(from decoder: any Decoder) throws {
            var numbers = try decoder.unkeyedContainer()
            var values: [Int64] = []
            while !numbers.isAtEnd, values.count < 5 { values.append(try numbers.decode(Int64.self)) }
            guard values.count == 3 || values.count == 4, values[1] >= 0, values[1] <= Int64(Int32.max),
                  values[2] > 0, values[2] <= Int64(Int32.max), values[1] + values[2] <= Int64(Int32.max) else { throw Damage.badRun }
            let albums = values.count == 4 ? values[3] : 1
            guard albums > 0, albums <= Int64(Int32.max), values[0] <= AlbumID.max - albums else { throw Damage.badRun }
            self.init(albumID: values[0], firstTrack: Int32(values[1]), trackCount: Int32(values[2]), albumCount: Int32(albums))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(contentsOf: numbers)
        }
    }
}
