// MARK: - SearchCatalog

/// Every album's search words (`SearchWords`), in memory: the one place a search is matched.
/// A searched word matches an album when it is the beginning of one of the album's words,
/// byte for byte, and an album is found when every searched word matches (what
/// `SearchWords.matches` says of one album, asked of them all at once).
///
/// The words of all the albums lie in one buffer, each album's after a space of its own
/// (" album 42 artist 7 rock 1992 92"), so the albums with a word that begins with "ro" are
/// those in whose bytes " ro" appears. One pass over the buffer finds them: once an album
/// has matched, the pass goes on from the next album's words. At 100,000 albums the buffer
/// is about 4 MB; a search costs what reading it does, whatever the number of matches.
///
/// An album whose words change gets a new slot at the end; its old slot is left empty, and
/// the buffer is compacted when empty slots hold a quarter of it.
struct SearchCatalog: Sendable {
    private static let space = UInt8(ascii: " ")
    /// An empty slot's album.
    private static let noAlbum: AlbumID = -1

    /// The words of every slot, each slot's beginning with a space.
    private var bytes: [UInt8] = []
    /// Where each slot begins in `bytes`; a slot ends where the next begins.
    private var starts: [Int] = []
    /// The album of each slot (`noAlbum` for an empty one).
    private var albums: [AlbumID] = []
    /// The slot of each album id, by id (`-1` for an album without words).
    private var slotOfAlbum: [Int32] = []
    /// The bytes of the empty slots.
    private var emptyBytes = 0

    /// The number of albums with words.
    private(set) var count = 0

    init() {}

    /// An empty catalog with room for the words of `albums` albums, `wordBytes` bytes in all,
    /// with ids up to `largestID`: the words read into it are never copied to a larger buffer
    /// (at 100,000 albums, growing by doubling held 4 MB more at the end of the read).
    init(reservingFor albums: Int, wordBytes: Int, largestID: AlbumID) {
        guard albums > 0, wordBytes >= 0, largestID >= 0, largestID < Int32.max else { return }
        bytes.reserveCapacity(wordBytes + albums)
        starts.reserveCapacity(albums)
        self.albums.reserveCapacity(albums)
        slotOfAlbum.reserveCapacity(Int(largestID) + 1)
    }

    // MARK: Keeping the words

    /// Gives album `id` the words `words` (as the index stores them: the folded words, one
    /// space between each), in place of those it had; `nil` takes it out.
    mutating func setWords<Words: Collection<UInt8>>(_ words: Words?, of id: AlbumID) {
        guard id >= 0, id < Int32.max else { return }
        if let slot = slot(of: id) {
            albums[slot] = Self.noAlbum
            emptyBytes += end(of: slot) - starts[slot]
            slotOfAlbum[Int(id)] = -1
            count -= 1
        }
        guard let words, !words.isEmpty else { return }
        if Int(id) >= slotOfAlbum.count {
            slotOfAlbum.append(contentsOf: repeatElement(-1, count: Int(id) + 1 - slotOfAlbum.count))
        }
        slotOfAlbum[Int(id)] = Int32(albums.count)
        starts.append(bytes.count)
        albums.append(id)
        bytes.append(Self.space)
        bytes.append(contentsOf: words)
        count += 1
        if emptyBytes > 4_096, emptyBytes * 4 > bytes.count { compact() }
    }

    private func slot(of id: AlbumID) -> Int? {
        guard Int(id) < slotOfAlbum.count else { return nil }
        let slot = Int(slotOfAlbum[Int(id)])
        return slot < 0 ? nil : slot
    }

    private func end(of slot: Int) -> Int {
        slot + 1 < starts.count ? starts[slot + 1] : bytes.count
    }

    /// Takes the empty slots out of the buffer.
    private mutating func compact() {
        var kept = SearchCatalog(reservingFor: count, wordBytes: bytes.count - emptyBytes - count,
                                 largestID: AlbumID(slotOfAlbum.count - 1))
        for slot in albums.indices where albums[slot] != Self.noAlbum {
            kept.setWords(bytes[(starts[slot] + 1)..<end(of: slot)], of: albums[slot])
        }
        self = kept
    }

    // MARK: Matching

    /// The albums of which every one of `searched` begins a word (folded words, as
    /// `SearchWords.words(in:)` makes them), in no particular order. Empty `searched` finds none.
    func albums(matching searched: [String]) -> [AlbumID] {
        guard !searched.isEmpty else { return [] }
        let needles = Self.needles(searched)
        var found: [AlbumID] = []
        let buffer = bytes.span
        forEachSlot(containing: needles[0], in: buffer) { slot in
            let range = starts[slot]..<end(of: slot)
            if needles.dropFirst().allSatisfy({ Self.firstOccurrence(of: $0, in: buffer, range) != nil }) {
                found.append(albums[slot])
            }
        }
        return found
    }

    /// The albums of `candidates`, in their order, of which every one of `searched` begins a
    /// word: a search narrowed from an earlier one's answer reads the words of those albums
    /// only.
    ///
    /// Many candidates are read in the buffer's order, not theirs: in a sort that scatters the
    /// albums over the buffer (Most Played), reading them in the sort's order took a cache miss
    /// or two each, 40 % more time for a keystroke at 100,000 albums than in the library's order.
    func albums(among candidates: [AlbumID], matching searched: [String]) -> [AlbumID] {
        let needles = Self.needles(searched)
        guard candidates.count * 8 >= count else {
            return candidates.filter { id in slot(of: id).map { slot($0, matchesAll: needles) } ?? false }
        }
        var isCandidate = [Bool](repeating: false, count: slotOfAlbum.count)
        for id in candidates where id >= 0 && Int(id) < isCandidate.count { isCandidate[Int(id)] = true }
        var isFound = [Bool](repeating: false, count: slotOfAlbum.count)
        for slot in albums.indices {
            let id = albums[slot]
            if id != Self.noAlbum, isCandidate[Int(id)], self.slot(slot, matchesAll: needles) { isFound[Int(id)] = true }
        }
        return candidates.filter { $0 >= 0 && Int($0) < isFound.count && isFound[Int($0)] }
    }

    /// Whether every one of `needles` occurs in the words of `slot`.
    private func slot(_ slot: Int, matchesAll needles: [[UInt8]]) -> Bool {
        let buffer = bytes.span
        let range = starts[slot]..<end(of: slot)
        return needles.allSatisfy { Self.firstOccurrence(of: $0, in: buffer, range) != nil }
    }

    /// Each searched word after a space (each slot's words begin with one), the longest first:
    /// it tends to leave the fewest albums for the others to check.
    private static func needles(_ searched: [String]) -> [[UInt8]] {
        searched.map { [space] + Array($0.utf8) }.sorted { $0.count > $1.count }
    }

    /// Calls `body` with each slot, not empty, in which `needle` occurs, once each, in order.
    private func forEachSlot(containing needle: [UInt8], in buffer: Span<UInt8>, _ body: (Int) -> Void) {
        var from = 0
        var slot = 0
        while let hit = Self.firstOccurrence(of: needle, in: buffer, from..<buffer.count) {
            while slot + 1 < starts.count, starts[slot + 1] <= hit { slot += 1 }
            if albums[slot] != Self.noAlbum { body(slot) }
            from = end(of: slot)
        }
    }

    /// Where `needle` (a space, then a word's first bytes) first occurs in `range` of `buffer`.
    private static func firstOccurrence(of needle: [UInt8], in buffer: Span<UInt8>, _ range: Range<Int>) -> Int? {
        let last = range.upperBound - needle.count
        guard needle.count > 1, range.lowerBound <= last else { return nil }
        let second = needle[1]
        var index = range.lowerBound
        while index <= last {
            if buffer[index] == space, buffer[index + 1] == second {
                var length = 2
                while length < needle.count, buffer[index + length] == needle[length] { length += 1 }
                if length == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
