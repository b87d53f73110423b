import Foundation
import LibraryCore
import Fixtures
import Testing
import TestSupport

/// The playback tests' ears, checked: `SoundRecording`'s answers on made-up samples, the tone
/// fixtures decoded back, and a private PulseAudio hearing what GStreamer plays into it.
@Suite("Sound support for the playback tests")
struct SoundSupportTests {
    let folders = TestFolders(defaultLibrary: nil)
    static let rate = 44100
    /// A tone at half scale never steps further than 32767 × 0.5 × 2π × 440 / 44100 ≈ 1027.
    static let smoothStep = 1100
    /// A sine at half scale.
    static let toneRMS = 32767 * 0.5 / 2.0.squareRoot()

    // MARK: Made-up samples

    /// `frames` frames of a sine (the same on both channels), interleaved.
    private func tone(_ frequency: Double, frames: Int, amplitude: Double = 0.5, phase: Double = 0) -> [Int16] {
        (0..<frames).flatMap { index -> [Int16] in
            let level = Int16((sin(phase + 2 * Double.pi * frequency * Double(index) / Double(Self.rate)) * amplitude * 32767).rounded())
            return [level, level]
        }
    }

    @Test("a 50-sample hole of zeros in a tone is the one silent run found")
    func hole() {
        var samples = tone(440, frames: 20_000)
        for index in 2 * 9_000..<2 * 9_050 { samples[index] = 0 }
        let sound = SoundRecording(interleavedStereo: samples)
        #expect(sound.silentRuns(in: sound.allFrames, threshold: 500, minimumLength: 10) == [9_000..<9_050])
        #expect(sound.silentRuns(in: 0..<9_000, threshold: 500, minimumLength: 10).isEmpty, "a tone crosses zero quickly")
        #expect(sound.silentRuns(in: 9_040..<30_000, threshold: 500, minimumLength: 10) == [9_040..<9_050], "clamped to the range")
        #expect(!sound.isSilent(in: 8_000..<9_001))
        #expect(sound.isSilent(in: 9_000..<9_050))
    }

    @Test("a jump in phase is a step far above the tone's own; a smooth tone has none")
    func phaseJump() throws {
        let smooth = SoundRecording(interleavedStereo: tone(440, frames: 20_000))
        #expect(smooth.largestStep(in: smooth.allFrames) < Self.smoothStep)
        // Cut at a zero crossing and go on a quarter turn later.
        let before = tone(440, frames: 10_023)
        let after = tone(440, frames: 10_000, phase: 2 * Double.pi * 440 * 10_023 / Double(Self.rate) + Double.pi / 2)
        let jumped = SoundRecording(interleavedStereo: before + after)
        #expect(jumped.largestStep(in: jumped.allFrames) > 10_000)
        #expect(jumped.largestStepFrame(in: jumped.allFrames) == 10_022)
        #expect(jumped.largestStep(in: 0..<10_023) < Self.smoothStep, "the step lies between frames 10022 and 10023")
    }

    @Test("a tone's frequency is found from its zero crossings", arguments: [110.0, 440, 1000, 3520])
    func frequency(_ hertz: Double) {
        let sound = SoundRecording(interleavedStereo: tone(hertz, frames: Self.rate, phase: 1))
        #expect(abs(sound.dominantFrequency(in: sound.allFrames) - hertz) < 0.5)
        #expect(abs(sound.dominantFrequency(in: 1_000..<5_410) - hertz) < 1, "a tenth of a second")
        #expect(SoundRecording(interleavedStereo: [Int16](repeating: 0, count: 2_000)).dominantFrequency(in: 0..<1_000) == 0)
    }

    @Test("first and last sound, level and peak")
    func levels() {
        let silence = [Int16](repeating: 0, count: 2 * 1_000)
        let sound = SoundRecording(interleavedStereo: silence + tone(440, frames: 44_100) + silence + [7])
        #expect(sound.frameCount == 46_100, "a lone last sample is dropped")
        let first = sound.firstSound(), last = sound.lastSound()
        #expect(first.map { (1_000...1_002).contains($0) } == true)
        #expect(last.map { (45_097...45_099).contains($0) } == true)
        #expect(sound.firstSound(in: 0..<1_000) == nil)
        #expect(sound.firstSound(in: 45_100..<99_999) == nil)
        #expect(abs(sound.rms(in: 1_000..<45_100) - Self.toneRMS) < 20)
        #expect((16_383...16_384).contains(sound.peak(in: sound.allFrames)))
        #expect(sound.rms(in: 0..<1_000) == 0 && sound.isSilent(in: 45_100..<46_100))
        #expect(sound.seconds(sound.frames(1.5)) == 1.5)
    }

    // MARK: Tone fixtures

    @Test("a tone album's tracks, decoded back to back, are one tone with no gap or jump, tagged")
    func continuousAlbum() throws {
        let folder = folders.root.appendingPathComponent("Tones")
        let frames = [22_050, 12_345, 30_001]
        let files = try ToneAlbumMaker.makeContinuousToneAlbum(in: folder, album: "Tones", artist: "Oscillator", trackFrames: frames)
        #expect(files.map(\.lastPathComponent) == ["01 Part 1.flac", "02 Part 2.flac", "03 Part 3.flac"])
        var samples: [Int16] = []
        for (index, file) in files.enumerated() {
            let decoded = try decode(file)
            #expect(decoded.count == 2 * frames[index])
            samples += decoded
            let path = try #require(MusicFilePath(url: file))
            let tags = try TrackTagReader.read(path: path)
            #expect(tags.title == "Part \(index + 1)" && tags.trackNumber == index + 1)
            #expect(tags.album == "Tones" && tags.artist == "Oscillator")
        }
        let sound = SoundRecording(interleavedStereo: samples)
        #expect(sound.frameCount == frames.reduce(0, +))
        #expect(sound.silentRuns(in: sound.allFrames, threshold: 500, minimumLength: 3).isEmpty)
        #expect(sound.largestStep(in: sound.allFrames) < Self.smoothStep)
        #expect(sound.interleaved == tone(440, frames: sound.frameCount), "exactly the tone, sample by sample")
    }

    @Test("a stepped track plays its frequencies in turn, without a click")
    func steppedTrack() throws {
        let file = folders.root.appendingPathComponent("Stepped/steps.flac")
        let segments: [(frequency: Double, frames: Int)] = [(300, 11_025), (600, 11_025), (900, 11_025)]
        try ToneAlbumMaker.makeSteppedTrack(at: file, segments: segments, tags: TrackTags(title: "Steps", trackNumber: 1))
        let sound = SoundRecording(interleavedStereo: try decode(file))
        #expect(sound.frameCount == 33_075)
        for (index, segment) in segments.enumerated() {
            let middle = index * 11_025 + 1_000..<(index + 1) * 11_025 - 1_000
            #expect(abs(sound.dominantFrequency(in: middle) - segment.frequency) < 1)
        }
        #expect(sound.largestStep(in: sound.allFrames) < 2_400, "900 Hz at half scale steps up to 2101")
        #expect(try TrackTagReader.read(path: #require(MusicFilePath(url: file))).title == "Steps")
    }

    /// The samples of an audio file, 44100 Hz stereo s16le, as ffmpeg decodes them.
    private func decode(_ file: URL) throws -> [Int16] {
        let output = folders.root.appendingPathComponent("decoded-\(UUID().uuidString).raw")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-loglevel", "error", "-y", "-i", file.path, "-f", "s16le", "-ar", "44100", "-ac", "2", output.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let bytes = [UInt8](try Data(contentsOf: output))
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }

    // MARK: A private PulseAudio

    @Test("what GStreamer plays into a private PulseAudio is recorded: the tone at 440 Hz, at its level")
    func hearsPlayback() async throws {
        let pulse = try PrivatePulseAudio()
        defer { pulse.stop() }
        let files = try ToneAlbumMaker.makeContinuousToneAlbum(in: folders.root.appendingPathComponent("Heard"), album: "Heard",
                                                               artist: "Oscillator", trackFrames: [22_050, 22_050])
        let recording = try pulse.record()
        for file in files {
            // playbin's own choice of sink (autoaudiosink), as an app's: the environment is enough.
            try await pulse.run("gst-launch-1.0", ["-q", "playbin", "uri=\(file.absoluteString)"])
        }
        let start = try await recording.waitForSound()
        // Each player ended once the server played its last sample: half a second of the
        // monitor after that, the recording holds all of it.
        try await recording.waitForFrames(recording.frameCount + Self.rate / 2)
        let sound = recording.stop()
        let last = try #require(sound.lastSound())
        #expect(sound.isSilent(in: 0..<start))
        // The stretches of tone between the silences (between the players; a player starved of
        // the processor also drops out, and skips what it missed).
        var stretches: [Range<Int>] = [], from = start
        for gap in sound.silentRuns(in: start..<last + 1, threshold: 500, minimumLength: 10) {
            stretches.append(from..<gap.lowerBound)
            from = gap.upperBound
        }
        stretches.append(from..<last + 1)
        let heard = stretches.reduce(0) { $0 + $1.count }
        #expect(heard > 44_100 / 2 && heard <= 44_100, "both tracks heard (a stream's first few milliseconds may be lost)")
        let longest = try #require(stretches.max { $0.count < $1.count })
        try #require(longest.count > 4_410, "\(stretches)")
        let inner = longest.lowerBound + 100..<longest.upperBound - 100
        #expect(abs(sound.dominantFrequency(in: inner) - 440) < 1)
        #expect(abs(sound.rms(in: inner) - Self.toneRMS) < Self.toneRMS * 0.05, "played at full volume")
        #expect(sound.largestStep(in: inner) < Self.smoothStep)
    }

    @Test("two parts played gaplessly are recorded as one tone, without a drop-out or a click")
    func hearsGaplessPlayback() async throws {
        let pulse = try PrivatePulseAudio()
        defer { pulse.stop() }
        let files = try ToneAlbumMaker.makeContinuousToneAlbum(in: folders.root.appendingPathComponent("Gapless"), album: "Gapless",
                                                               artist: "Oscillator", trackFrames: [22_050, 22_050])
        let recording = try pulse.record()
        // Static elements: uridecodebin's late pads link to concat unreliably under gst-launch.
        let sources = files.flatMap { ["filesrc", "location=\($0.path)", "!", "flacparse", "!", "flacdec", "!", "c."] }
        // Two seconds of buffer: with the default 200 ms, a player starved of the processor
        // (a busy machine) drops out, which is not what this test is about.
        let sink = ["pulsesink", "buffer-time=2000000", "latency-time=50000"]
        try await pulse.run("gst-launch-1.0", ["-q", "concat", "name=c", "!", "audioconvert", "!"] + sink + sources)
        let start = try await recording.waitForSound()
        let end = try await recording.waitForSilence(Self.rate / 2, from: start)
        let sound = recording.stop()
        let last = try #require(sound.lastSound())
        #expect(last < end && sound.isSilent(in: end..<end + Self.rate / 2))
        #expect(sound.silentRuns(in: start..<last, threshold: 500, minimumLength: 10).isEmpty)
        #expect(sound.largestStep(in: start + 1..<last) < Self.smoothStep)
        #expect(last + 1 - start > 44_100 / 2 && last + 1 - start <= 44_100)
    }

    @Test("two private servers side by side: each hears only what is played into it")
    func isolated() async throws {
        let playing = try PrivatePulseAudio(), quiet = try PrivatePulseAudio()
        defer { playing.stop(); quiet.stop() }
        #expect(playing.environment["PULSE_SERVER"] != quiet.environment["PULSE_SERVER"])
        let file = folders.root.appendingPathComponent("Alone/tone.flac")
        try ToneAlbumMaker.makeSteppedTrack(at: file, segments: [(440, 11_025)], tags: TrackTags(title: "Alone"))
        let heard = try playing.record(), unheard = try quiet.record()
        try await playing.run("paplay", [file.path])
        _ = try await heard.waitForSound()
        let end = unheard.frameCount
        try await unheard.waitForFrames(end + Self.rate / 2)
        let silence = unheard.stop()
        #expect(silence.firstSound(threshold: 1) == nil)
    }
}
