import GstKit
import LibraryCore

// MARK: - A file that stops coming

extension Player {
    /// How long sound may stop coming while playing before the file is taken as on a drive
    /// that does not answer (a network share gone away, a failing disk): the tag reader's
    /// limit for a file (`TagReaderPool.defaultTimeLimit`).
    static let stallLimit = 10.0
    /// How long without sound, while playing, before the pipeline may be stuck in a read:
    /// stopping it then is not safe on the GTK thread (it waits for the read).
    static let stuckAfter = 0.5

    /// Whether the pipeline is loaded and meant to play, yet no sound reached the output for
    /// `stuckAfter`: it may be stuck in a read. It is let go of rather than stopped; a pipeline
    /// only slow to start loses nothing by it (another is made).
    var pipelineSeemsStuck: Bool {
        isLoaded && status == .playing && (pipeline?.secondsWithoutSound ?? 0) > Self.stuckAfter
    }

    /// Whether no sound came for `stallLimit` while playing: the file's drive does not answer.
    var hasStalled: Bool {
        isLoaded && status == .playing && (pipeline?.secondsWithoutSound ?? 0) > Self.stallLimit
    }

    /// Stops the pipeline; one that seems stuck in a read is let go of instead (off the GTK
    /// thread), so that neither a Next, a Stop nor quitting waits for a drive.
    func stopPipeline() {
        if pipelineSeemsStuck { letGoOfPipeline() } else { pipeline?.stop() }
    }

    /// Lets go of the pipeline (`AudioPipeline.letGo()`); the next load makes another.
    func letGoOfPipeline() {
        pipeline?.letGo()
        pipeline = nil
        isLoaded = false
    }

    /// No sound came for `stallLimit` while playing: the file being read (the one queued next,
    /// when the pipeline had moved on to it, else the one playing) is on a drive that does not
    /// answer. The pipeline, stuck in that read, is let go of; the file is named ("the drive is
    /// not answering") and passed over, as a file that fails is, and the next one plays in a
    /// new pipeline.
    func recoverFromStalledRead() {
        guard let queue else { return }
        let stuck = upcoming.trackInTrouble.flatMap(queue.position(ofSerial:)) ?? queue.current
        let track = queue.entry(at: stuck).flatMap(tracks.track(for:))
        Log.ui.warning("no sound came for \(Int(Self.stallLimit)) s from “\(track?.uri ?? "?")”: its drive is not answering")
        letGoOfPipeline()
        recover(from: PlaybackFailure(kind: .notAnswering, message: "the drive is not answering", uri: track?.uri))
    }
}
