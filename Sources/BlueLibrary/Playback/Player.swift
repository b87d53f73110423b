import Foundation
import GstKit
import GtkKit
import LibraryCore

// MARK: - Player

/// Plays the play queue: tracks of one album or many, gaplessly across albums too, through
/// GStreamer (`AudioPipeline`), shuffled or not, repeated or not, at the user's volume and
/// ReplayGain's loudness; remembers what plays and where in the library's memento, so a
/// relaunch brings it back, paused.
///
/// The application owns it (`PlaybackSession`), not a window: music can go on with the
/// window closed. The play bar, the track list, the queue, the strip's marker, the media
/// controls (MPRIS) and the suspend inhibitor each observe it (`observe(_:)`) and act on it
/// through its methods. It lives on the GTK thread, except for the choice of the next track,
/// which the pipeline asks for on its own streaming thread (`UpcomingTracks`, which the
/// player keeps planned a few tracks ahead).
@MainActor
package final class Player {
    /// What the player is doing.
    package enum Status: String, Equatable, Codable, Sendable {
        case stopped, paused, playing
    }

    /// What plays and which track plays; nil when nothing is loaded.
    package internal(set) var queue: PlayQueue?
    package internal(set) var status: Status = .stopped
    /// Seconds into the current track.
    var position: Double = 0
    /// Shuffle, repeat and volume (kept in the library's memento).
    package internal(set) var settings: ListeningSettings
    /// Those told of every change, on the GTK thread.
    private var observers = PlayerObservers()

    let library: LibraryAPI
    package let tracks: QueueTracks
    let upcoming = UpcomingTracks()
    /// The pipeline, made at the first Play (GStreamer is set up meanwhile, off the GTK thread);
    /// made again after one stuck in a read was let go (`Player+StalledRead.swift`).
    var pipeline: AudioPipeline?
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
    /// Files that failed to play, passed over from then on.
    var unplayable: Set<MusicFilePath> = []
    /// How many queued tracks of albums deleted meanwhile left the queue at launch (the
    /// window says so once, and sets it to 0).
    package var tracksDroppedAtRestore = 0
    /// The last queue memento made, and the revision of the queue it was made of.
    var rememberedQueue: (revision: UInt64, memento: QueueMemento)?

    /// How often the position is read while playing: the display needs no more.
    static let positionInterval = 250

    init(library: LibraryAPI) {
        self.library = library
        tracks = QueueTracks(library: library)
        settings = library.listening
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
    func madePipeline() -> AudioPipeline? {
        if let pipeline { return pipeline }
        guard !pipelineFailed else { return nil }
        let upcoming = upcoming
        pipeline = AudioPipeline { upcoming.queueNext() }
        pipeline?.onEvent = { [weak self] event in self?.handle(event) }
        pipelineFailed = pipeline == nil
        applySettings()
        return pipeline
    }

    // MARK: What plays

    /// The track playing (or loaded).
    package var currentTrack: Track? {
        queue?.currentEntry.flatMap(tracks.track(for:))
    }

    /// The album of the track playing, if any.
    package var currentAlbumID: AlbumID? { queue?.currentEntry?.albumID }

    /// The album of the track playing, if any.
    package var album: Album? {
        currentAlbumID.flatMap(library.album(withID:))
    }

    /// The current track's index in its album's play order.
    package var currentTrackIndexInAlbum: Int? {
        queue?.currentEntry.map { Int($0.trackIndex) }
    }

    /// Whether Next has somewhere to go.
    package var hasNext: Bool { queue?.hasNext(repeatMode: settings.repeatMode) ?? false }

    /// The current track's length: the decoder's once known, else the tags'.
    package var duration: Double {
        (isLoaded ? pipeline?.duration : nil) ?? currentTrack?.duration ?? 0
    }

    // MARK: Playing

    /// Plays the album `albumID` from its track `index`, in place of the queue (shuffled, if
    /// shuffle is on, from that track). Returns false when the album has no music files.
    @discardableResult
    func play(albumID: AlbumID, from index: Int = 0) -> Bool {
        let count = tracks.tracks(ofAlbum: albumID).count
        guard count > 0 else { return false }
        unplayable = []
        var queue = PlayQueue(albumID: albumID, trackCount: count, current: index)
        if settings.isShuffled { queue.setShuffled(true) }
        replaceQueue(with: queue)
        start(at: queue.current, position: 0, playing: true)  // announces the queue with the track
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

    /// Stops and unloads (the play bar goes); the queue empties.
    func stop() {
        guard queue != nil else { return }
        stopPipeline()
        isLoaded = false
        startsWhenReady = false
        pendingStart = nil
        replaceQueue(with: nil)
        position = 0
        setStatus(.stopped)
        notify(.track)
    }

    /// The next track of the queue (the first again when the queue repeats).
    func next() {
        guard let queue, let target = queue.position(after: queue.current, repeatMode: settings.repeatMode, byUser: true) else { return }
        start(at: target, position: 0, playing: status == .playing)
    }

    /// Back to the start of the track, or, within its first three seconds, the track played
    /// before.
    func previous() {
        guard let queue else { return }
        if currentPosition > 3 || queue.position(before: queue.current) == nil {
            seek(to: 0)
        } else if let target = playablePosition(before: queue.current) {
            start(at: target, position: 0, playing: status == .playing)
        } else {
            seek(to: 0)
        }
    }

    /// Moves to `seconds` into the current track; past its end, to the next track.
    func seek(to seconds: Double) {
        guard queue != nil else { return }
        let target = max(seconds, 0)
        if duration > 0, target >= duration - 0.05 {
            if hasNext { next() } else { stop() }
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

    /// Puts `new` in place of the queue. The queue it replaces is freed on another thread: a
    /// million tracks are 16 MiB, and giving their pages back to the system took the GTK
    /// thread 2 ms of the frame of a Play All.
    func replaceQueue(with new: PlayQueue?) {
        let replaced = queue
        queue = new
        guard let replaced, replaced.count > Self.queueFreedHere else { return }
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(replaced) {} }
    }

    /// The longest queue freed on the GTK thread (a few albums' tracks cost nothing to free).
    private static let queueFreedHere = 10_000

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
        if hasStalled {
            recoverFromStalledRead()
            return
        }
        guard isSettled, let now = pipeline?.position else { return }
        position = now
        notify(.position)
    }

    func tellSkipped(_ tracks: [Track]) {
        guard !tracks.isEmpty else { return }
        notify(.problem(.skipped(tracks)))
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
        stopPipeline()
        isLoaded = false
    }
}
