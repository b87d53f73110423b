// MARK: - AlbumIDSet

/// The ids of the albums in a library at one moment, as a bitmap over ids (a set when the ids
/// run too high for one): whether an album is there, answered at once, however many are asked.
public struct AlbumIDSet: Sendable {
    private enum Storage: Sendable {
        case bits([UInt64])
        case set(Set<AlbumID>)
    }

    private let storage: Storage
    /// The highest id a bitmap is made for (8 MiB of bits); above it, a set.
    private static let highestBitmapID: AlbumID = 1 << 26

    init(ids: [AlbumID]) {
        let highest = ids.max() ?? 0
        guard highest <= Self.highestBitmapID, ids.allSatisfy({ $0 >= 0 }) else {
            storage = .set(Set(ids))
            return
        }
        var bits = [UInt64](repeating: 0, count: Int(highest) / 64 + 1)
        for id in ids { bits[Int(id) / 64] |= 1 << UInt64(id % 64) }
        storage = .bits(bits)
    }

    /// Whether album `id` is in the library.
    public func contains(_ id: AlbumID) -> Bool {
        switch storage {
        case .bits(let bits):
            guard id >= 0, Int(id / 64) < bits.count else { return false }
            return bits[Int(id) / 64] & (1 << UInt64(id % 64)) != 0
        case .set(let ids):
            return ids.contains(id)
        }
    }
}
