import BlueLibrary
import Foundation
import GtkKit

// MARK: - StallProbe

/// Measures how long the GTK thread's main loop is kept from running, when asked to by the
/// environment (`BLUELIBRARY_STALL_PROBE=<file>`), and writes what it saw to that file as JSON
/// when the process exits. `bench/playback.py` reads it for the longest stall while an album
/// plays through its track changes.
///
/// A GLib timer of 1 ms fires for as long as the window is open; the time between two
/// firings, minus that period, is how late the loop came back to it: a stall of whatever ran
/// in between (a frame, a handler, a track change). The same measure as the in-process
/// benchmark's `StallMonitor`. Each lateness is counted under "playing" when the player was
/// playing at both ends of it, and under "all" in any case; the timer itself adds a thousand
/// wake-ups a second, so the probe is never on while the benchmark counts wake-ups or CPU.
///
/// On a shared machine a stall may be another process's: the GTK thread was ready but had no
/// core. So each firing also reads the thread's scheduler figures (`/proc/thread-self/schedstat`:
/// time on a core, time waiting for one), and the lateness without the wait for a core is
/// counted apart ("playingOwn"): the loop's own work and what it waited on (the X server, I/O).
@MainActor
final class StallProbe {
    nonisolated static let variable = "BLUELIBRARY_STALL_PROBE"
    /// The timer's period.
    static let periodMilliseconds = 1
    /// How many of the longest stalls while playing are kept, with when and where they were.
    static let keptLongest = 8

    /// The probe of this process, for the exit handler.
    nonisolated(unsafe) private static var current: StallProbe?

    private let file: URL
    private weak var controller: MainWindowController?
    private var timer: Timeout?
    private let started = ContinuousClock.now
    private var lastFiring: ContinuousClock.Instant
    private var wasPlaying = false
    private var lastTrack: Int?
    private var playing = LatenessRecord()
    private var playingOwn = LatenessRecord()
    private var all = LatenessRecord()
    private let schedulerFile = FileHandle(forReadingAtPath: "/proc/thread-self/schedstat")
    private var lastScheduler: SchedulerTimes?
    private var longest: [Stall] = []
    private var trackChanges = 0
    private var playingSeconds = 0.0
    /// Every lateness over a frame's 16 ms, playing or not, with when it ended (the first
    /// `keptOverFrame`): a benchmark picks those of the moments it measures.
    private var overFrame: [Stall] = []
    static let keptOverFrame = 2000
    /// When the probe started, on the system's monotonic clock (`CLOCK_MONOTONIC`, seconds):
    /// `atSeconds` plus this is a time another process can compare with its own.
    private let startedMonotonic = MonotonicClock.seconds

    /// One long stall while playing: how late, when (seconds since the window opened), in
    /// which track (its index when the stall ended), and how much of the gap the thread spent
    /// on a core and waiting for one (nil where the kernel does not say).
    private struct Stall: Encodable {
        let latenessMilliseconds: Double
        let atSeconds: Double
        let track: Int?
        let onCoreMilliseconds: Double?
        let waitingForCoreMilliseconds: Double?
    }

    /// The thread's time on a core and waiting for one, from the kernel (nanoseconds).
    private struct SchedulerTimes {
        let onCore: Double
        let waiting: Double
    }

    /// A probe for `controller` if the environment asks for one.
    static func fromEnvironment(for controller: MainWindowController) -> StallProbe? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        return StallProbe(file: URL(fileURLWithPath: path), controller: controller)
    }

    private init(file: URL, controller: MainWindowController) {
        self.file = file
        self.controller = controller
        lastFiring = started
        Self.current = self
        atexit {
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated { StallProbe.current?.write() }
        }
        timer = Timeout(milliseconds: Self.periodMilliseconds, repeats: true) { [weak self] in self?.fired() }
    }

    private func fired() {
        let now = ContinuousClock.now
        let gap = now - lastFiring
        lastFiring = now
        let lateness = max(Self.milliseconds(gap) - Double(Self.periodMilliseconds), 0)
        let scheduler = readScheduler()
        let onCore = both(lastScheduler, scheduler).map { ($1.onCore - $0.onCore) / 1e6 }
        let waiting = both(lastScheduler, scheduler).map { ($1.waiting - $0.waiting) / 1e6 }
        lastScheduler = scheduler
        let player = controller?.player
        let isPlaying = player?.status == .playing
        let track = player?.queue?.current
        all.add(lateness)
        if lateness > 16, overFrame.count < Self.keptOverFrame {
            overFrame.append(Stall(latenessMilliseconds: lateness, atSeconds: Self.milliseconds(now - started) / 1000, track: track,
                                   onCoreMilliseconds: onCore, waitingForCoreMilliseconds: waiting))
        }
        if isPlaying && wasPlaying {
            playing.add(lateness)
            playingOwn.add(max(lateness - (waiting ?? 0), 0))
            playingSeconds += Self.milliseconds(gap) / 1000
            keep(Stall(latenessMilliseconds: lateness, atSeconds: Self.milliseconds(now - started) / 1000, track: track,
                       onCoreMilliseconds: onCore, waitingForCoreMilliseconds: waiting))
        }
        if isPlaying, let lastTrack, let track, track != lastTrack { trackChanges += 1 }
        if isPlaying { lastTrack = track }
        wasPlaying = isPlaying
    }

    /// The GTK thread's scheduler times now (the timer fires on it), nil if unreadable.
    private func readScheduler() -> SchedulerTimes? {
        guard let schedulerFile else { return nil }
        do {
            try schedulerFile.seek(toOffset: 0)
            guard let data = try schedulerFile.read(upToCount: 128),
                  case let fields = String(decoding: data, as: UTF8.self).split(separator: " "), fields.count >= 2,
                  let onCore = Double(fields[0]), let waiting = Double(fields[1]) else { return nil }
            return SchedulerTimes(onCore: onCore, waiting: waiting)
        } catch {
            return nil
        }
    }

    private func keep(_ stall: Stall) {
        guard longest.count < Self.keptLongest || stall.latenessMilliseconds > longest[longest.count - 1].latenessMilliseconds else { return }
        let place = longest.firstIndex { $0.latenessMilliseconds < stall.latenessMilliseconds } ?? longest.count
        longest.insert(stall, at: place)
        if longest.count > Self.keptLongest { longest.removeLast() }
    }

    /// Writes the report (at exit).
    private func write() {
        struct Report: Encodable {
            let periodMilliseconds: Int
            let playing: LatenessRecord.Summary
            let playingOwn: LatenessRecord.Summary
            let all: LatenessRecord.Summary
            let playingSeconds: Double
            let trackChangesWhilePlaying: Int
            let longestWhilePlaying: [Stall]
            let overFrame: [Stall]
            let startedMonotonicSeconds: Double
        }
        let report = Report(periodMilliseconds: Self.periodMilliseconds, playing: playing.summary,
                            playingOwn: playingOwn.summary, all: all.summary,
                            playingSeconds: playingSeconds, trackChangesWhilePlaying: trackChanges,
                            longestWhilePlaying: longest, overFrame: overFrame, startedMonotonicSeconds: startedMonotonic)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(report).write(to: file, options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("could not write the stall report to \(file.path): \(error)\n".utf8))
        }
    }

    nonisolated static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// Both values, when both are there.
private func both<T>(_ first: T?, _ second: T?) -> (T, T)? {
    guard let first, let second else { return nil }
    return (first, second)
}

// MARK: - LatenessRecord

/// Latenesses in a fixed histogram (no allocation per firing) and their exact maximum.
private struct LatenessRecord {
    /// The histogram's resolution and range: lateness above the range counts in its last bin
    /// (the maximum is kept exactly).
    static let binMilliseconds = 0.05
    static let binCount = 10_000  // 500 ms

    private var bins = [Int](repeating: 0, count: binCount)
    private var count = 0
    private var maximum = 0.0
    private var overFrameBudget = 0  // over 16 ms

    struct Summary: Encodable {
        let count: Int
        let maxMilliseconds: Double
        let p50Milliseconds: Double
        let p99Milliseconds: Double
        let p999Milliseconds: Double
        let over16Milliseconds: Int
    }

    mutating func add(_ lateness: Double) {
        let bin = min(Int(lateness / Self.binMilliseconds), bins.count - 1)
        bins[bin] += 1
        count += 1
        maximum = max(maximum, lateness)
        if lateness > 16 { overFrameBudget += 1 }
    }

    /// The lateness under which `fraction` of them fall (the upper edge of its bin).
    func percentile(_ fraction: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = Int((Double(count) * fraction).rounded(.up))
        var seen = 0
        for (index, inBin) in bins.enumerated() {
            seen += inBin
            if seen >= rank { return min(Double(index + 1) * Self.binMilliseconds, maximum) }
        }
        return maximum
    }

    var summary: Summary {
        Summary(count: count, maxMilliseconds: maximum, p50Milliseconds: percentile(0.5),
                p99Milliseconds: percentile(0.99), p999Milliseconds: percentile(0.999),
                over16Milliseconds: overFrameBudget)
    }
}
