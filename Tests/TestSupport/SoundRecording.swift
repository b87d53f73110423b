import Foundation

// MARK: - SoundRecording

/// Sound recorded from a private PulseAudio's monitor (or made up by a test): 16-bit stereo
/// samples, and what a playback test asks of them — where sound starts and ends, where it
/// drops out, where it clicks, which tone it is.
///
/// Plain values, no processes: every question is answered on the left channel (the tone
/// fixtures play the same on both), over a range of frames that is clamped to the recording,
/// so a range reaching past the end asks about what there is.
public struct SoundRecording: Sendable, Equatable {
    /// Frames per second.
    public let rate: Int
    /// The samples as recorded: left, right, left, right…
    public let interleaved: [Int16]
    /// The left channel, one sample per frame.
    public let left: [Int16]
    /// The right channel, one sample per frame.
    public let right: [Int16]

    /// A recording of `interleavedStereo` (left, right, left…; a lone last sample is dropped).
    public init(interleavedStereo: [Int16], rate: Int = 44100) {
        let frames = interleavedStereo.count / 2
        interleaved = Array(interleavedStereo.prefix(frames * 2))
        left = (0..<frames).map { interleavedStereo[2 * $0] }
        right = (0..<frames).map { interleavedStereo[2 * $0 + 1] }
        self.rate = max(1, rate)
    }

    /// How many frames were recorded.
    public var frameCount: Int { left.count }

    /// Every frame.
    public var allFrames: Range<Int> { 0..<frameCount }

    /// The number of frames in `seconds` at this recording's rate.
    public func frames(_ seconds: Double) -> Int {
        Int((seconds * Double(rate)).rounded())
    }

    /// How long `frames` frames last, in seconds.
    public func seconds(_ frames: Int) -> Double {
        Double(frames) / Double(rate)
    }

    // MARK: Sound and silence

    /// The first frame in `range` (all of it by default) whose sample reaches `threshold` in
    /// magnitude, or nil when it is silent throughout.
    public func firstSound(threshold: Int16 = 500, in range: Range<Int>? = nil) -> Int? {
        let limit = Int(threshold)
        return clamped(range).first { abs(Int(left[$0])) >= limit }
    }

    /// The last frame in `range` (all of it by default) whose sample reaches `threshold` in
    /// magnitude, or nil when it is silent throughout.
    public func lastSound(threshold: Int16 = 500, in range: Range<Int>? = nil) -> Int? {
        let limit = Int(threshold)
        return clamped(range).reversed().first { abs(Int(left[$0])) >= limit }
    }

    /// Whether every sample in `range` stays below `threshold` in magnitude.
    public func isSilent(in range: Range<Int>, threshold: Int16 = 500) -> Bool {
        firstSound(threshold: threshold, in: range) == nil
    }

    /// The runs of at least `minimumLength` consecutive samples in `range` below `threshold`
    /// in magnitude: the drop-outs of a tone. A tone of 100 Hz or more at a tenth of full
    /// scale or louder never stays below 500 for 10 samples (44100 Hz) as it crosses zero.
    public func silentRuns(in range: Range<Int>, threshold: Int16 = 500, minimumLength: Int) -> [Range<Int>] {
        let limit = Int(threshold)
        var runs: [Range<Int>] = []
        var start: Int?
        let frames = clamped(range)
        for index in frames {
            if abs(Int(left[index])) < limit {
                if start == nil { start = index }
            } else if let runStart = start {
                if index - runStart >= minimumLength { runs.append(runStart..<index) }
                start = nil
            }
        }
        if let runStart = start, frames.upperBound - runStart >= minimumLength {
            runs.append(runStart..<frames.upperBound)
        }
        return runs
    }

    // MARK: Shape and pitch

    /// The largest difference between neighbouring samples in `range`: a click or a jump in a
    /// tone's phase stands out against the tone's own steepest step (amplitude × 2π × f / rate,
    /// about 1030 for 440 Hz at half scale).
    public func largestStep(in range: Range<Int>) -> Int {
        let frames = clamped(range)
        guard frames.count > 1 else { return 0 }
        var largest = 0
        for index in frames.dropLast() {
            largest = max(largest, abs(Int(left[index + 1]) - Int(left[index])))
        }
        return largest
    }

    /// The frame where the largest step in `range` starts (the sample before it), or nil when
    /// the range holds fewer than two frames.
    public func largestStepFrame(in range: Range<Int>) -> Int? {
        let frames = clamped(range)
        guard frames.count > 1 else { return nil }
        return frames.dropLast().max { abs(Int(left[$0 + 1]) - Int(left[$0])) < abs(Int(left[$1 + 1]) - Int(left[$1])) }
    }

    /// The frequency of the tone in `range`, in hertz, from the times between its rising zero
    /// crossings (placed between samples by linear interpolation); 0 with fewer than two.
    /// Meant for a tone: noise or silence gives a meaningless number.
    public func dominantFrequency(in range: Range<Int>) -> Double {
        let frames = clamped(range)
        guard frames.count > 1 else { return 0 }
        var first: Double?
        var last = 0.0
        var crossings = 0
        for index in frames.dropLast() {
            let now = Double(left[index]), next = Double(left[index + 1])
            guard now < 0, next >= 0 else { continue }
            let time = Double(index) + (-now) / (next - now)
            if first == nil { first = time }
            last = time
            crossings += 1
        }
        guard let first, crossings > 1, last > first else { return 0 }
        return Double(crossings - 1) * Double(rate) / (last - first)
    }

    /// The root mean square of the samples in `range` (0 for an empty range); a sine at
    /// amplitude A (of 32767) has A × 32767 / √2.
    public func rms(in range: Range<Int>) -> Double {
        let frames = clamped(range)
        guard !frames.isEmpty else { return 0 }
        let sum = frames.reduce(0.0) { $0 + Double(left[$1]) * Double(left[$1]) }
        return (sum / Double(frames.count)).squareRoot()
    }

    /// The largest sample magnitude in `range` (0 for an empty range).
    public func peak(in range: Range<Int>) -> Int {
        clamped(range).reduce(0) { max($0, abs(Int(left[$1]))) }
    }

    // MARK: Ranges

    private func clamped(_ range: Range<Int>?) -> Range<Int> {
        guard let range else { return allFrames }
        return range.clamped(to: allFrames)
    }
}

// MARK: - MonitorRecording

/// `parec` recording a private PulseAudio's monitor into a file, as it happens: the frames so
/// far, and waits for sound or for a number of frames. The monitor runs on the sink's clock
/// whether anything plays or not, so a frame's index is the time it was heard at. Stopped
/// (and its file removed) when released.
public final class MonitorRecording: @unchecked Sendable {
    /// The raw recording (s16le, stereo).
    public let file: URL
    private let rate: Int
    private let process = Process()
    private let lock = NSLock()
    private let reader: FileHandle
    private var samples: [Int16] = []
    private var pending: [UInt8] = []

    init(tool: String, environment: [String: String], rate: Int) throws {
        self.rate = rate
        file = FileManager.default.temporaryDirectory.appendingPathComponent("bluelibrary-recording-\(UUID().uuidString).raw")
        try Data().write(to: file)
        reader = try FileHandle(forReadingFrom: file)
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--device=\(PrivatePulseAudio.sinkName).monitor", "--raw", "--format=s16le",
                             "--rate=\(rate)", "--channels=2", "--latency-msec=20"]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: file)
        process.standardError = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        let deadline = ContinuousClock.now + .seconds(30)
        while frameCount == 0 {
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw PrivatePulseAudio.Failure(description: "parec recorded nothing within 30 s")
            }
            usleep(5_000)  // the polling interval: parec is another process
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? reader.close()
        try? FileManager.default.removeItem(at: file)
    }

    /// The frames recorded so far (from the file's size).
    public var frameCount: Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        return size / 4
    }

    /// What is recorded so far.
    public func snapshot() -> SoundRecording {
        lock.withLock {
            readNewFrames()
            return SoundRecording(interleavedStereo: samples, rate: rate)
        }
    }

    /// Stops `parec` and returns all it recorded.
    public func stop() -> SoundRecording {
        if process.isRunning { process.terminate() }
        _ = PrivatePulseAudio.waitForExit(process, deadline: .now + .seconds(10))
        return snapshot()
    }

    /// Waits for a left-channel sample of `threshold` or more in magnitude at frame `start` or
    /// later; returns its frame.
    public func waitForSound(threshold: Int16 = 500, from start: Int = 0, timeout: Duration = MainLoopDriver.hangGuard) async throws -> Int {
        var next = max(0, start)
        return try await poll(timeout, "sound of \(threshold) or more from frame \(start)") {
            while next < samples.count / 2 {
                if abs(Int(samples[2 * next])) >= Int(threshold) { return next }
                next += 1
            }
            return nil
        }
    }

    /// Waits for `length` consecutive left-channel samples below `threshold` in magnitude,
    /// at frame `start` or later; returns the first of them.
    public func waitForSilence(_ length: Int, threshold: Int16 = 500, from start: Int = 0,
                               timeout: Duration = MainLoopDriver.hangGuard) async throws -> Int {
        var next = max(0, start), run = 0
        return try await poll(timeout, "\(length) silent frames from frame \(start)") {
            while next < samples.count / 2 {
                run = abs(Int(samples[2 * next])) < Int(threshold) ? run + 1 : 0
                next += 1
                if run >= max(1, length) { return next - run }
            }
            return nil
        }
    }

    /// Waits until `count` frames are recorded.
    public func waitForFrames(_ count: Int, timeout: Duration = MainLoopDriver.hangGuard) async throws {
        try await poll(timeout, "\(count) frames") { samples.count / 2 >= count ? () : nil }
    }

    // MARK: Reading

    /// Checks `found` on what is recorded every few milliseconds until it gives a value.
    private func poll<T>(_ timeout: Duration, _ what: String, _ found: () -> T?) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (value, frames) = lock.withLock {
                readNewFrames()
                return (found(), samples.count / 2)
            }
            if let value { return value }
            guard ContinuousClock.now < deadline else {
                throw PrivatePulseAudio.Failure(description: "no \(what) within \(timeout); \(frames) frames recorded")
            }
            guard process.isRunning else {
                throw PrivatePulseAudio.Failure(description: "parec stopped after \(frames) frames, before \(what)")
            }
            try await Task.sleep(for: .milliseconds(10))  // the polling interval: parec is another process
        }
    }

    /// Appends the whole frames written since the last read. Called with the lock held.
    private func readNewFrames() {
        guard let data = try? reader.readToEnd(), !data.isEmpty else { return }
        pending.append(contentsOf: data)
        let whole = pending.count / 4 * 4
        samples.reserveCapacity(samples.count + whole / 2)
        for index in stride(from: 0, to: whole, by: 2) {
            samples.append(Int16(bitPattern: UInt16(pending[index]) | UInt16(pending[index + 1]) << 8))
        }
        pending.removeFirst(whole)
    }
}
