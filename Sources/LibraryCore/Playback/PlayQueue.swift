import Synchronization

// MARK: - PlayQueue

/// What plays: tracks of one or more albums, in the order the user built it ("album order"),
/// or, while shuffled, in a random order of those same tracks ("play order"); and which one
/// plays. Plain data, edited by the player on the GTK thread; the tracks themselves (files,
/// titles) are the library's, looked up by `QueueEntry`.
///
/// Positions are play positions: the order the queue view shows and Next follows.
public struct PlayQueue: Sendable, Equatable {
    /// The tracks in album order.
    public private(set) var entries: [QueueEntry] = [] {
        didSet { revision = Self.newRevision() }
    }
    /// While shuffled: the play order, as indices into `entries`.
    public private(set) var shuffleOrder: [Int32]? {
        didSet { revision = Self.newRevision() }
    }
    /// The play position of the track playing (or loaded).
    public private(set) var current = 0
    private var nextSerial: UInt32 = 0
    /// Changes whenever the tracks or their play order change (not for `current` alone), and
    /// is never the same for two queues made apart: what was worked out from a queue (its
    /// memento's runs) still holds while its revision is the same.
    public private(set) var revision = PlayQueue.newRevision()
    private static let revisions = Atomic<UInt64>(0)

    private static func newRevision() -> UInt64 {
        revisions.add(1, ordering: .relaxed).newValue
    }

    /// An empty queue.
    public init() {}

    /// A queue of every track of these albums, album after album (Play All): made in one
    /// pass, a million tracks included.
    public init(albums: [(albumID: AlbumID, trackCount: Int)]) {
        let total = albums.reduce(0) { $0 + max($1.trackCount, 0) }
        entries = Array(unsafeUninitializedCapacity: total) { buffer, initialized in
            var index = 0
            for album in albums {
                for track in 0..<max(album.trackCount, 0) {
                    buffer.initializeElement(at: index, to: QueueEntry(albumID: album.albumID, trackIndex: Int32(clamping: track),
                                                                       serial: UInt32(truncatingIfNeeded: index)))
                    index += 1
                }
            }
            initialized = index
        }
        nextSerial = UInt32(truncatingIfNeeded: total)
    }

    public static func == (lhs: PlayQueue, rhs: PlayQueue) -> Bool {
        lhs.entries == rhs.entries && lhs.shuffleOrder == rhs.shuffleOrder && lhs.current == rhs.current
            && lhs.nextSerial == rhs.nextSerial
    }

    /// A queue of the album `albumID`'s `trackCount` tracks, from track `start`.
    public init(albumID: AlbumID, trackCount: Int, current start: Int = 0) {
        entries = makeEntries(albumID: albumID, tracks: 0..<max(trackCount, 0))
        current = min(max(start, 0), max(entries.count - 1, 0))
    }

    /// A queue of these entries (a restored one), the track at play position `current`
    /// playing. Serials are given anew.
    public init(entries restored: [QueueEntry], shuffleOrder: [Int32]? = nil, current: Int) {
        let numbered = restored.enumerated().map { index, entry in
            QueueEntry(albumID: entry.albumID, trackIndex: entry.trackIndex, serial: UInt32(truncatingIfNeeded: index))
        }
        self.init(numberedEntries: numbered, shuffleOrder: shuffleOrder, current: current)
    }

    /// A queue of entries whose serials are already 0, 1, 2… (a memento's, made so in one pass).
    init(numberedEntries: [QueueEntry], shuffleOrder: [Int32]?, current: Int) {
        entries = numberedEntries
        nextSerial = UInt32(truncatingIfNeeded: numberedEntries.count)
        if let shuffleOrder, Self.isPermutation(shuffleOrder, of: entries.count) { self.shuffleOrder = shuffleOrder }
        self.current = min(max(current, 0), max(entries.count - 1, 0))
    }

    // MARK: Reading

    /// How many tracks the queue holds.
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// Whether the play order is shuffled.
    public var isShuffled: Bool { shuffleOrder != nil }

    /// The entry at play position `position`.
    public func entry(at position: Int) -> QueueEntry? {
        guard entries.indices.contains(position) else { return nil }
        return entries[entryIndex(at: position)]
    }

    /// The track playing.
    public var currentEntry: QueueEntry? { entry(at: current) }

    /// The play position of the entry with this serial, looked for from the current one on
    /// (where a gapless change finds it); nil when it left the queue.
    public func position(ofSerial serial: UInt32) -> Int? {
        if let found = (current..<count).first(where: { entry(at: $0)?.serial == serial }) { return found }
        return (0..<min(current, count)).first { entry(at: $0)?.serial == serial }
    }

    /// The position that plays after `position`: the next one, then (repeating the queue)
    /// the first again; with `repeatMode` `.one`, a track that ends by itself plays again, while
    /// Next (`byUser`) moves on. Nil when the queue ends.
    public func position(after position: Int, repeatMode: RepeatMode, byUser: Bool = false) -> Int? {
        guard !isEmpty else { return nil }
        if repeatMode == .one, !byUser { return position }
        if position + 1 < count { return position + 1 }
        return repeatMode == .off ? nil : 0
    }

    /// The position before `position`, going back through the order played; nil at the start.
    public func position(before position: Int) -> Int? {
        position > 0 ? position - 1 : nil
    }

    /// Whether a track follows the current one (Next can go there).
    public func hasNext(repeatMode: RepeatMode) -> Bool {
        position(after: current, repeatMode: repeatMode, byUser: true) != nil
    }

    // MARK: Changing

    /// Makes the track at play position `position` the current one.
    public mutating func moveCurrent(to position: Int) {
        guard entries.indices.contains(position) else { return }
        current = position
    }

    /// Puts the album's tracks `tracks` right after the current track (Play Next).
    @discardableResult
    public mutating func insertNext(albumID: AlbumID, tracks: Range<Int>) -> QueueBatch {
        insert(makeEntries(albumID: albumID, tracks: tracks), atPlayPosition: isEmpty ? 0 : current + 1)
    }

    /// Puts the album's tracks `tracks` at the end (Add to Queue).
    @discardableResult
    public mutating func append(albumID: AlbumID, tracks: Range<Int>) -> QueueBatch {
        insert(makeEntries(albumID: albumID, tracks: tracks), atPlayPosition: count)
    }

    /// Takes out what `batch` added (those still in the queue). Returns how many left.
    @discardableResult
    public mutating func remove(_ batch: QueueBatch) -> Int {
        removeEntries { batch.serials.contains($0.serial) }
    }

    /// Takes out the tracks of the albums `ids` (deleted from the library). Returns how many left.
    @discardableResult
    public mutating func removeAlbums(_ ids: Set<AlbumID>) -> Int {
        removeEntries { ids.contains($0.albumID) }
    }

    /// Takes out the track at play position `position`.
    public mutating func remove(at position: Int) {
        guard entries.indices.contains(position) else { return }
        let serial = entries[entryIndex(at: position)].serial
        _ = removeEntries { $0.serial == serial }
    }

    /// Empties the queue but for the current track.
    public mutating func clearUpcoming() {
        guard let kept = currentEntry else { return }
        entries = [kept]
        shuffleOrder = shuffleOrder.map { _ in [0] }
        current = 0
    }

    /// Moves the track at play position `from` to play position `to` (in the play order: the
    /// album order when not shuffled). The current track stays the current one. Only the
    /// tracks between the two places move: one step in a queue of a million is one step.
    public mutating func move(from: Int, to: Int) {
        guard entries.indices.contains(from), entries.indices.contains(to), from != to else { return }
        if shuffleOrder != nil {
            shuffleOrder?.shift(from: from, to: to)
        } else {
            entries.shift(from: from, to: to)
        }
        if current == from {
            current = to
        } else if from < current, current <= to {
            current -= 1
        } else if to <= current, current < from {
            current += 1
        }
    }

    /// Shuffles the play order (the current track first, the rest at random), or goes back
    /// to album order, on from the current track.
    public mutating func setShuffled(_ shuffled: Bool) {
        // The standard library's own `shuffle()`: an `inout` of the empty
        // `SystemRandomNumberGenerator` made here has no real address, and ThreadSanitizer's
        // access tracking crashes on the one it is given.
        setShuffled(shuffled) { $0.shuffle() }
    }

    /// `setShuffled(_:)` with a given source of randomness (a seeded one in tests).
    public mutating func setShuffled<Generator: RandomNumberGenerator>(_ shuffled: Bool, using generator: inout Generator) {
        setShuffled(shuffled) { $0.shuffle(using: &generator) }
    }

    private mutating func setShuffled(_ shuffled: Bool, shuffling shuffle: (inout [Int32]) -> Void) {
        guard shuffled != isShuffled else { return }
        let playingIndex = isEmpty ? 0 : entryIndex(at: current)
        if shuffled {
            var rest = (0..<Int32(count)).filter { Int($0) != playingIndex }
            shuffle(&rest)
            shuffleOrder = isEmpty ? [] : [Int32(playingIndex)] + rest
            current = 0
        } else {
            shuffleOrder = nil
            current = playingIndex
        }
    }

    // MARK: Parts

    private func entryIndex(at position: Int) -> Int {
        shuffleOrder.map { Int($0[position]) } ?? position
    }

    private mutating func makeEntries(albumID: AlbumID, tracks: Range<Int>) -> [QueueEntry] {
        tracks.map { index in
            defer { nextSerial &+= 1 }
            return QueueEntry(albumID: albumID, trackIndex: Int32(clamping: index), serial: nextSerial)
        }
    }

    /// Inserts `new` at play position `position`; in album order, after the entry the
    /// position follows (or at the end).
    private mutating func insert(_ new: [QueueEntry], atPlayPosition position: Int) -> QueueBatch {
        let first = new.first?.serial ?? nextSerial
        let batch = QueueBatch(serials: first..<(first &+ UInt32(new.count)))
        guard !new.isEmpty else { return batch }
        if var order = shuffleOrder {
            // In album order the new tracks go after the one they follow in play order.
            let at = position == 0 || isEmpty ? 0 : Int(order[position - 1]) + 1
            let shift = Int32(new.count)
            for i in order.indices where order[i] >= Int32(at) { order[i] += shift }
            order.insert(contentsOf: (0..<shift).map { Int32(at) + $0 }, at: position)
            entries.insert(contentsOf: new, at: at)
            shuffleOrder = order
            if position <= current, count > new.count { current += new.count }
        } else {
            let wasEmpty = isEmpty
            entries.insert(contentsOf: new, at: position)
            if !wasEmpty, position <= current { current += new.count }
        }
        return batch
    }

    /// Removes the entries that match, keeping the current track current when it stays (or
    /// the one that took its place when it goes). Returns how many left.
    private mutating func removeEntries(where goes: (QueueEntry) -> Bool) -> Int {
        let before = count
        var kept: [Int32] = []  // old entry index → new index, -1 for removed
        kept.reserveCapacity(before)
        var next: Int32 = 0
        for entry in entries {
            if goes(entry) { kept.append(-1) } else { kept.append(next); next += 1 }
        }
        guard next < before else { return 0 }
        // The play positions before the current one that go move it back.
        var removedBeforeCurrent = 0
        for position in 0..<min(current, before) where kept[entryIndex(at: position)] < 0 { removedBeforeCurrent += 1 }
        if let order = shuffleOrder {
            shuffleOrder = order.compactMap { kept[Int($0)] >= 0 ? kept[Int($0)] : nil }
        }
        entries.removeAll(where: goes)
        current = min(max(current - removedBeforeCurrent, 0), max(count - 1, 0))
        return before - count
    }

    private static func isPermutation(_ order: [Int32], of count: Int) -> Bool {
        guard order.count == count else { return false }
        var seen = [Bool](repeating: false, count: count)
        for index in order {
            guard index >= 0, Int(index) < count, !seen[Int(index)] else { return false }
            seen[Int(index)] = true
        }
        return true
    }
}
