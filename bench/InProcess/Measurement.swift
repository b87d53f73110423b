import Foundation

// MARK: - Clock

/// Monotonic time in milliseconds, for measuring intervals.
func nowMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

// MARK: - Result

/// One figure of the benchmark, printed as one line of JSON for `bench/bench.py`.
struct BenchResult: Encodable {
    var section: String
    var name: String
    var unit: String
    var median: Double?
    var p99: Double?
    var max: Double?
    var value: Double?
    var count: Int?
    var goal: String?
    var met: Bool?

    /// Median, 99th percentile and maximum of `samples`.
    static func distribution(section: String, name: String, samples: [Double], goal: String?,
                             met: ((_ median: Double, _ p99: Double) -> Bool)?) -> BenchResult {
        let sorted = samples.sorted()
        let median = percentile(sorted, 0.5), p99 = percentile(sorted, 0.99)
        return BenchResult(section: section, name: name, unit: "ms", median: rounded(median), p99: rounded(p99),
                           max: rounded(sorted.last ?? 0), count: samples.count, goal: goal, met: met?(median, p99))
    }

    /// A single figure.
    static func single(section: String, name: String, value: Double, unit: String, goal: String? = nil, met: Bool? = nil) -> BenchResult {
        BenchResult(section: section, name: name, unit: unit, value: rounded(value), goal: goal, met: met)
    }

    func print() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}

/// Progress for the person running the benchmark (stderr, so stdout stays JSON).
func note(_ message: String) {
    FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
}
