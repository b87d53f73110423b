import Foundation

// MARK: - MonotonicClock

/// The system's monotonic clock (`CLOCK_MONOTONIC`), which every process on the machine reads
/// alike: a time the diagnostics write is one a benchmark can compare with its own
/// (`time.monotonic()` in Python, `g_get_monotonic_time()` in C).
enum MonotonicClock {
    /// Now, in seconds since an unspecified moment (the machine's boot, on Linux).
    static var seconds: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
