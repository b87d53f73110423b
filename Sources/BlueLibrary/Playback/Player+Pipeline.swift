import GstKit
import LibraryCore

// MARK: - What the pipeline reports

extension Player {
    /// Follows the pipeline: a queued track began (a gapless change), a preroll finished (a
    /// resumed position is sought, then played), the album ended, or a file failed.
    func handle(_ event: PipelineEvent) {
        Log.ui.debug("pipeline: \(event)")
        switch event {
        case .streamStarted:
            let started = upcoming.trackStarted()
            tellSkipped(started.skipped)
            guard let index = started.index else { return }
            queue?.current = index
            position = 0
            notify(.track)
            remember()
        case .asyncDone:
            switch pendingStart {
            case .seek(let target, let thenPlay)?:
                pendingStart = thenPlay ? .play : .settle
                pipeline?.seek(to: target)
            case .play?:
                pendingStart = nil
                pipeline?.play()
            case .settle?:
                pendingStart = nil
            case nil:
                break
            }
        case .endOfStream:
            tellSkipped(upcoming.takeSkipped())
            pipeline?.stop()
            isLoaded = false
            queue?.current = 0
            position = 0
            setStatus(.stopped)
            notify(.track)
            library.playback = nil
        case .durationChanged:
            notify(.position)
        case .failed(let failure):
            recover(from: failure)
        case .stateChanged:
            break
        }
    }

    /// A file that cannot be played is named and passed over; the rest plays on. When it was
    /// the next, queued file, its failure stopped the one playing: that one goes on from
    /// where it was. A failure about a file already passed over is one told before (a decoder
    /// posts more than one error, and the later ones can arrive after the recovery began):
    /// what plays now goes on.
    private func recover(from failure: PlaybackFailure) {
        let failedTrack = queue.flatMap { queue in failure.uri.flatMap { uri in queue.tracks.firstIndex { $0.uri == uri } } }
        if let failedTrack, let queue, unplayable.contains(queue.tracks[failedTrack].path) {
            Log.ui.debug("an earlier failure's later error: \(failure.message)")
            return
        }
        Log.ui.warning("Playback failed: \(failure.message) (\(failure.details))")
        pipeline?.stop()
        isLoaded = false
        pendingStart = nil
        guard let queue else { return }
        tellSkipped(upcoming.takeSkipped())
        if failure.kind == .noOutput {
            setStatus(.paused)
            notify(.problem(.noOutput))
            return
        }
        let failed = failedTrack ?? min(max(upcoming.trackInTrouble, 0), queue.tracks.count - 1)
        let track = queue.tracks[failed]
        unplayable.insert(track.path)
        if case .missingDecoder = failure.kind {
            // The album's other files of that format would fail alike: one message says it.
            let format = track.path.fileExtension
            unplayable.formUnion(queue.tracks.filter { $0.path.fileExtension == format }.map(\.path))
        }
        notify(.problem(.cannotPlay(track: track, reason: Self.reason(failure, for: track))))
        if failed != queue.current, let resumeAt = pipeline?.positionAtFailure {
            start(at: queue.current, position: resumeAt, playing: true)
        } else if queue.playable(from: failed + 1, passingOver: unplayable) != nil {
            start(at: failed + 1, position: 0, playing: true)
        } else {
            self.queue?.current = failed
            position = 0
            setStatus(.stopped)
            notify(.track)
        }
    }

    /// Why `track` could not be played, and what to do, in words.
    static func reason(_ failure: PlaybackFailure, for track: Track) -> String {
        let format = AudioFormat(fileExtension: track.path.fileExtension)
        switch failure.kind {
        case .missingDecoder(let description):
            let name = format?.name ?? description
            guard let package = format?.debianPackage else {
                return localized("this computer cannot decode its format (%@).", name)
            }
            return localized("this computer cannot decode %1$@ audio. Installing the package “%2$@” adds it.", name, package)
        case .unreadable:
            return localized("its file cannot be read. It may have moved, or be on a drive that is not connected.")
        case .undecodable:
            return localized("its file is damaged, or is not %@ audio.", format?.name ?? localized("playable"))
        case .noOutput, .other:
            return failure.message
        }
    }
}
