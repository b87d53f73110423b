import GstKit
import LibraryCore

// MARK: - What the pipeline reports

extension Player {
    /// Follows the pipeline: a queued track began (a gapless change, within an album or
    /// across two), a preroll finished (a resumed position is sought, then played), the queue
    /// ended, or a file failed.
    func handle(_ event: PipelineEvent) {
        Log.ui.debug("pipeline: \(event)")
        switch event {
        case .streamStarted:
            let started = upcoming.trackStarted()
            tellSkipped(started.skipped)
            guard let serial = started.serial else { return }
            if let index = queue?.position(ofSerial: serial) {
                queue?.moveCurrent(to: index)
            } else {
                Log.ui.debug("a track taken out of the queue after it was queued plays")
            }
            position = 0
            planUpcoming()
            notify(.track)
            remember()
        case .asyncDone:
            // The file is open, so GStreamer's length of it is known: the tags' may be wrong,
            // and GStreamer tells a change of it only once it finds one (often at the end).
            notify(.duration)
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
            queue?.moveCurrent(to: 0)
            position = 0
            setStatus(.stopped)
            notify(.track)
            library.playback = nil
        case .durationChanged:
            notify(.duration)
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
    /// what plays now goes on. So does one about a file that neither plays nor is queued: a
    /// file left behind (quick presses of Next load one file after another, and the parser of
    /// one left may still post an error while it is taken apart).
    func recover(from failure: PlaybackFailure) {
        let failedPosition = failure.uri.flatMap(position(ofURI:))
        if failure.uri != nil, failedPosition == nil {
            Log.ui.debug("a failure of a file no longer playing: \(failure.message)")
            return
        }
        if let failedPosition, let track = track(at: failedPosition), unplayable.contains(track.path) {
            Log.ui.debug("an earlier failure's later error: \(failure.message)")
            return
        }
        Log.ui.warning("Playback failed: \(failure.message) (\(failure.details))")
        stopPipeline()
        isLoaded = false
        pendingStart = nil
        guard let queue else { return }
        tellSkipped(upcoming.takeSkipped())
        if failure.kind == .noOutput {
            setStatus(.paused)
            notify(.problem(.noOutput))
            return
        }
        let failed = failedPosition ?? upcoming.trackInTrouble.flatMap(queue.position(ofSerial:)) ?? queue.current
        guard let track = track(at: failed) else { return }
        unplayable.insert(track.path)
        if case .missingDecoder = failure.kind {
            // The album's other files of that format would fail alike: one message says it.
            let format = track.path.fileExtension
            let albumTracks = queue.entry(at: failed).map { tracks.tracks(ofAlbum: $0.albumID) } ?? []
            unplayable.formUnion(albumTracks.filter { $0.path.fileExtension == format }.map(\.path))
        }
        notify(.problem(.cannotPlay(track: track, reason: Self.reason(failure, for: track))))
        if failed != queue.current, let resumeAt = pipeline?.positionAtFailure {
            start(at: queue.current, position: resumeAt, playing: true)
        } else if let next = queue.position(after: failed, repeatMode: settings.repeatMode == .one ? .off : settings.repeatMode, byUser: true),
                  playableTarget(from: next) != nil {
            start(at: next, position: 0, playing: true)
        } else {
            self.queue?.moveCurrent(to: failed)
            position = 0
            setStatus(.stopped)
            notify(.track)
        }
    }

    /// The track at play position `index`, if its album still has it.
    private func track(at index: Int) -> Track? {
        queue?.entry(at: index).flatMap(tracks.track(for:))
    }

    /// The play position of the file `uri` near the current track (the one playing, or the
    /// next ones queued).
    private func position(ofURI uri: String) -> Int? {
        guard let queue else { return nil }
        let near = queue.current..<min(queue.current + UpcomingTracks.planLength + 1, queue.count)
        return near.first { track(at: $0)?.uri == uri }
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
        case .notAnswering:
            return localized("the drive is not answering.")
        case .noOutput, .other:
            return failure.message
        }
    }
}
