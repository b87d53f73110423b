// MARK: - LRUCache

/// A small in-memory cache that drops the least recently used entries once the total cost of
/// its entries passes `costLimit`.
///
/// Built for a few hundred entries: lookups and inserts are O(1); an eviction scans the
/// entries once.
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var cost: Int
        var lastUse: UInt64
    }

    public let costLimit: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    public private(set) var totalCost = 0

    public init(costLimit: Int) {
        self.costLimit = costLimit
    }

    public var count: Int { entries.count }

    /// The value for `key`, which becomes the most recently used.
    public mutating func value(forKey key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.value
    }

    /// Stores `value`; an entry costing more than the whole limit is not kept.
    public mutating func insert(_ value: Value, forKey key: Key, cost: Int) {
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
        guard cost <= costLimit else { return }
        clock += 1
        entries[key] = Entry(value: value, cost: cost, lastUse: clock)
        totalCost += cost
        while totalCost > costLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest.key)
            totalCost -= oldest.value.cost
        }
    }
}
