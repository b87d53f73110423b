import Foundation
import GstKit
import GtkKit
import LibraryCore

// MARK: - Player

/// Plays the albums of the library: one album's tracks at a time, gaplessly, through GStreamer
/// (`AudioPipeline`); remembers what plays and where in the library's memento, so a relaunch
/// brings it back, paused.
///
/// The application owns it (`PlaybackSession`), not a window: music can go on with the
/// window closed. The play bar, the track list, the strip's marker, the media controls
/// (MPRIS) and the suspend inhibitor each observe it (`observe(_:)`) and act on it through its
/// methods. It lives on the GTK thread, except for the choice of the next track, which the
/// pipeline asks for on its own streaming thread (`UpcomingTracks`).
@MainActor
package final class Player {
    /// What the player is doing.
    package enum Status: String, Equatable, Codable, Sendable {
        case stopped, paused, playing
    }

    /// The album loaded and which of its tracks plays; nil when nothing is loaded.
    package internal(set) var queue: PlayQueue?
    package private(set) var status: Status = .stopped
    /// Seconds into the current track.
    var position: Double = 0
    /// Those told of every change, on the GTK thread.
    private var observers = PlayerObservers()

    let library: LibraryAPI
    let upcoming = UpcomingTracks()
    /// The pipeline, made at the first Play (GStreamer is set up meanwhile, off the GTK thread).
    private(set) var pipeline: AudioPipeline?
    /// Whether making the pipeline failed (GStreamer or its `playbin` is missing).
    private var pipelineFailed = false
    /// Where GStreamer's set-up is (`prepare()`): until it is ready, no pipeline is made.
    var setUp = GStreamerSetUp.notStarted
    /// Whether the current track starts playing once GStreamer is ready (a Play came first).
    var startsWhenReady = false
    /// Whether the pipeline holds the current track (not so after a relaunch, until Play).
    var isLoaded = false
    /// What to do once the pipeline has prerolled: seek (a resumed position), then play; or
    /// wait for a seek to land before the pipeline's position is believed again.
    var pendingStart: PendingStart?
    private var positionTimer: Timeout?
    /// Files of the album that failed to play, passed over from then on.
    var unplayable: Set<MusicFilePath> = []

    /// How often the position is read while playing: the display needs no more.
    static let positionInterval = 250

    init(library: LibraryAPI) {
        self.library = library
        restore()
        if queue != nil { prepare() }
    }

    // MARK: Observers

    /// Calls `handler` with every change until the observation is cancelled or released.
    func observe(_ handler: @escaping (PlayerChange) -> Void) -> PlayerObservation {
        let id = observers.add(handler)
        return PlayerObservation { [weak self] in self?.observers.remove(id) }
    }

    /// Tells the observers of `change`.
    func notify(_ change: PlayerChange) {
        observers.post(change)
    }

    /// Whether playing can work: false once GStreamer or its `playbin` turned out missing.
    var isAvailable: Bool { !pipelineFailed }

    /// The pipeline, made now if it was not yet; nil when it cannot be.
    private func madePipeline() -> AudioPipeline? {
        if let pipeline { return pipeline }
        guard !pipelineFailed else { return nil }
        let upcoming = upcoming
        pipeline = AudioPipeline { upcoming.queueNext() }
        pipeline?.onEvent = { [weak self] event in self?.handle(event) }
        pipelineFailed = pipeline == nil
        return pipeline
    }

    /// The album playing, if any.
    package var album: Album? {
        queue.flatMap { library.album(withID: $0.albumID) }
    }

    /// The current track's length: the decoder's once known, else the tags'.
    package var duration: Double {
        (isLoaded ? pipeline?.duration : nil) ?? queue?.track?.duration ?? 0
    }

    // MARK: Playing

    /// Plays the album `albumID` from its track `index`. Returns false when the album has no
    /// music files.
    @discardableResult
    func play(albumID: AlbumID, from index: Int = 0) -> Bool {
        let tracks = library.tracks(ofAlbum: albumID)
        guard !tracks.isEmpty else { return false }
        unplayable = []
        queue = PlayQueue(albumID: albumID, tracks: tracks, current: index)
        start(at: index, position: 0, playing: true)
        return true
    }

    /// Plays, or goes on playing, what is loaded. Returns false when nothing is.
    @discardableResult
    func play() -> Bool {
        guard let queue else { return false }
        guard status != .playing else { return true }
        if takesCommands {
            pipeline?.play()
            setStatus(.playing)
        } else {
            start(at: queue.current, position: position, playing: true)
        }
        return true
    }

    func pause() {
        guard status == .playing else { return }
        if isLoaded {
            pipeline?.pause()
            // While a resumed position is being sought, the pipeline is not there yet.
            if isSettled { position = pipeline?.position ?? position }
        }
        if case .seek(let target, _) = pendingStart { pendingStart = .seek(to: target, thenPlay: false) }
        if case .play = pendingStart { pendingStart = nil }
        setStatus(.paused)
    }

    func togglePlayPause() {
        if status == .playing { pause() } else { play() }
    }

    /// Stops and unloads (the play bar goes).
    func stop() {
        guard queue != nil else { return }
        pipeline?.stop()
        isLoaded = false
        startsWhenReady = false
        pendingStart = nil
        queue = nil
        position = 0
        setStatus(.stopped)
        notify(.track)
    }

    func next() {
        guard let queue, let target = queue.playable(from: queue.current + 1, passingOver: unplayable) else { return }
        tellSkipped(target.skipped)
        start(at: target.index, position: 0, playing: status == .playing)
    }

    /// Back to the start of the track, or, within its first three seconds, the track before.
    func previous() {
        guard let queue else { return }
        if currentPosition > 3 || !queue.hasPrevious {
            seek(to: 0)
        } else if let target = queue.playable(before: queue.current, passingOver: unplayable) {
            start(at: target, position: 0, playing: status == .playing)
        }
    }

    /// Moves to `seconds` into the current track; past its end, to the next track.
    func seek(to seconds: Double) {
        guard queue != nil else { return }
        let target = max(seconds, 0)
        if duration > 0, target >= duration - 0.05 {
            if queue?.hasNext == true { next() } else { stop() }
            return
        }
        position = target
        if takesCommands {
            if pipeline?.seek(to: target) == true { pendingStart = .settle }
        } else if isLoaded {
            pendingStart = .seek(to: target, thenPlay: status == .playing)
        }
        remember()
        notify(.seeked)
    }

    /// The position now (asked of the pipeline while it plays).
    package var currentPosition: Double {
        guard isSettled, let now = pipeline?.position else { return position }
        return now
    }

    // MARK: Loading a track

    func start(at index: Int, position: Double, playing: Bool) {
        guard let current = queue else { return }
        guard let target = current.playable(from: index, passingOver: unplayable) else {
            let title = album?.title ?? ""
            stop()
            notify(.problem(.nothingToPlay(album: title)))
            return
        }
        tellSkipped(target.skipped)
        queue?.current = target.index
        self.position = target.index == index ? position : 0
        upcoming.reset(tracks: current.tracks, current: target.index, unplayable: unplayable)
        if playing {
            guard load(current.tracks[target.index], at: self.position) else {
                stop()
                notify(.problem(.noGStreamer))
                return
            }
        } else {
            pipeline?.stop()
            isLoaded = false
            startsWhenReady = false
        }
        notify(.track)
        setStatus(playing ? .playing : (status == .stopped ? .paused : status), remembering: false)
        remember()
    }

    /// Loads `track` into the pipeline and plays it from `position` (once GStreamer is ready,
    /// see `prepare()`); false when there is no pipeline to play with.
    func load(_ track: Track, at position: Double) -> Bool {
        guard setUp == .ready else {
            startsWhenReady = true
            prepare()
            return true
        }
        startsWhenReady = false
        guard let pipeline = madePipeline() else { return false }
        Log.ui.debug("loading \(track.uri) at \(position) s")
        pipeline.load(track.uri)
        isLoaded = true
        if position > 0 {
            pendingStart = .seek(to: position, thenPlay: true)
            pipeline.pause()
        } else {
            pendingStart = nil
            pipeline.play()
        }
        return true
    }

    // MARK: State

    /// Plays, pauses or stops the position's timer and tells the observers; the memento is
    /// saved unless the caller saves it itself once its whole change is made.
    func setStatus(_ new: Status, remembering: Bool = true) {
        if new == .playing {
            if positionTimer == nil {
                positionTimer = Timeout(milliseconds: Self.positionInterval, repeats: true) { [weak self] in self?.tick() }
            }
        } else {
            positionTimer?.cancel()
            positionTimer = nil
        }
        guard new != status else { return }
        status = new
        if remembering { remember() }
        notify(.status)
    }

    private func tick() {
        guard isSettled, let now = pipeline?.position else { return }
        position = now
        notify(.position)
    }

    func tellSkipped(_ tracks: [Track]) {
        guard !tracks.isEmpty else { return }
        notify(.problem(.skipped(tracks)))
    }

    /// Keeps what plays and where in the memento (on every change but the passing of time,
    /// and at quit).
    func remember() {
        guard let queue, let track = queue.track, status != .stopped else {
            library.playback = nil
            return
        }
        library.playback = PlaybackMemento(albumID: queue.albumID, trackIndex: queue.current, trackURI: track.uri, position: currentPosition)
    }

    /// At quit: remembers what plays and where, lets go of the output, and falls silent.
    func shutDown() {
        remember()
        positionTimer = nil
        startsWhenReady = false
        // Nothing the pipeline still has to say may reach a window that is going (a message
        // shown then would open a dialog of its own, without a window).
        pipeline?.onEvent = nil
        observers.removeAll()
        pipeline?.stop()
        isLoaded = false
    }

    /// Brings back what played at the last quit, paused.
    private func restore() {
        guard let memento = library.playback, library.contains(albumID: memento.albumID) else { return }
        let tracks = library.tracks(ofAlbum: memento.albumID)
        guard let index = memento.trackIndex(in: tracks) else { return }
        queue = PlayQueue(albumID: memento.albumID, tracks: tracks, current: index)
        position = memento.position
        status = .paused
    }
}
