import Dispatch

// MARK: - Duration conversions

extension Duration {
    /// The duration in whole milliseconds (rounded down), as libcurl's `_MS` options take it.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// The duration for `DispatchQueue.asyncAfter`, to the nanosecond.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
