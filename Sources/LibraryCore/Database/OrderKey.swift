// MARK: - OrderKey

/// Where an album sits in the user's own order: a fraction between 0 and 1 written as base-256
/// digits, compared byte by byte (as SQLite compares the `position` BLOB).
///
/// There is always a key between two keys, so an insertion writes one row and never renumbers
/// the others, and a deleted album that is put back by undo takes its old key and lands
/// exactly where it was. A key never ends with a zero digit, so its bytes compare as the
/// fraction does.
public struct OrderKey: Hashable, Comparable, Sendable {
    /// The digits, most significant first; never empty, never ending in 0.
    public let bytes: [UInt8]

    /// `nil` unless `bytes` is a valid key (not empty, not ending in 0).
    public init?(bytes: [UInt8]) {
        guard let last = bytes.last, last != 0 else { return nil }
        self.bytes = bytes
    }

    private init(valid bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    // MARK: Making keys

    /// A key strictly between `lower` and `upper` (`nil`: the start or the end of the list).
    /// Appending after the last key grows it by a byte only every 255 appends.
    public static func between(_ lower: OrderKey?, _ upper: OrderKey?) -> OrderKey {
        let low = lower?.bytes ?? []
        guard let high = upper?.bytes else { return after(low) }
        precondition(lower.map { $0 < upper! } ?? true, "keys out of order")
        var result: [UInt8] = []
        var index = 0
        while true {
            let lowDigit = index < low.count ? Int(low[index]) : 0
            let highDigit = index < high.count ? Int(high[index]) : 0
            if lowDigit == highDigit {
                result.append(UInt8(lowDigit))
                index += 1
                continue
            }
            if highDigit - lowDigit > 1 {
                result.append(UInt8((lowDigit + highDigit) / 2))
                return OrderKey(valid: result)
            }
            // Adjacent digits: keep the lower one; any key above the rest of `low` now fits.
            result.append(UInt8(lowDigit))
            return OrderKey(valid: result + after(Array(low.dropFirst(index + 1))).bytes)
        }
    }

    /// A key above the fraction `digits` and below 1: the first digit that can grow, grown.
    private static func after(_ digits: [UInt8]) -> OrderKey {
        if let index = digits.firstIndex(where: { $0 < 255 }) {
            return OrderKey(valid: Array(digits[..<index]) + [digits[index] + 1])
        }
        return OrderKey(valid: digits + [128])
    }

    /// `count` keys in order, all strictly between `lower` and `upper`, short however many
    /// there are: one key between them, followed by an even spread (an import at once).
    public static func keys(between lower: OrderKey?, _ upper: OrderKey?, count: Int) -> [OrderKey] {
        guard count > 1 else { return count == 1 ? [between(lower, upper)] : [] }
        // `between` never returns a prefix of `upper`, so its extensions stay below it.
        let prefix = between(lower, upper).bytes
        return spread(count: count).map { OrderKey(valid: prefix + $0.bytes) }
    }

    /// `count` keys in order, evenly spread over the whole range, all of the same short length
    /// (3 bytes up to 16 million albums): the order of a library made at once (a seed, a
    /// migration).
    public static func spread(count: Int) -> [OrderKey] {
        guard count > 0 else { return [] }
        var width = 1
        while (1 << (8 * width)) <= count + 1 { width += 1 }
        let step = (1 << (8 * width)) / (count + 1)
        return (1...count).map { position in
            let value = position * step
            var digits = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - $0))) }
            while digits.last == 0 { digits.removeLast() }
            return OrderKey(valid: digits)
        }
    }
}
