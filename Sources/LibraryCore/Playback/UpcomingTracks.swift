// MARK: - UpcomingTracks

/// Which track the player's pipeline plays next, shared between the GTK thread and the
/// GStreamer streaming thread that asks, as a track ends, which file follows without a gap.
///
/// The GTK thread plans the next few tracks of the queue (`reset`, `plan`), whichever albums
/// they belong to, since the streaming thread cannot read the library. The streaming thread
/// queues the next playable one (`queueNext()`, skipping files that are not there); the GTK
/// thread learns that a queued track began (`trackStarted()`) from the pipeline's bus, a
/// little later, and plans further. More than one track can be queued before the GTK thread
/// hears (very short tracks), so the queued ones wait in order; the first of them can even be
/// queued before the GTK thread heard that the track loaded by hand began (a track of a few
/// seconds is read to its end at once), so that first start is the loaded track's own.
public final class UpcomingTracks: Sendable {
    /// A track the queue plays later, with the serial of its queue entry.
    public struct Planned: Sendable {
        public let serial: UInt32
        public let track: Track

        public init(serial: UInt32, track: Track) {
            self.serial = serial
            self.track = track
        }
    }

    private struct State {
        /// The tracks planned after the last one queued, in play order.
        var planned: [Planned] = []
        /// Queued in the pipeline, not yet heard to start.
        var queued: [Planned] = []
        var currentSerial: UInt32?
        /// Whether the track loaded by hand has yet to report its start.
        var awaitsLoadedStart = true
        var skipped: [Track] = []
        /// Files that failed to play: passed over without a word (the user was told).
        var unplayable: Set<MusicFilePath> = []
    }

    private let state = Protected(State())

    /// How many tracks the GTK thread plans ahead: more than could end before it hears.
    public static let planLength = 8

    public init() {}

    /// Starts over after a track loaded by hand (`current`), nothing queued, `planned` to
    /// follow; the files in `unplayable` are passed over.
    public func reset(current: UInt32?, planned: [Planned], unplayable: Set<MusicFilePath> = []) {
        state.withLock { $0 = State(planned: planned, currentSerial: current, unplayable: unplayable) }
    }

    /// Plans anew what follows the track `serial` (the last one playing or queued, as
    /// `lastSerial` said): the queue changed, or the tracks planned ran low. Returns false,
    /// changing nothing, when the streaming thread queued another meanwhile (plan again).
    public func plan(_ planned: [Planned], following serial: UInt32?) -> Bool {
        state.withLock { state in
            guard (state.queued.last?.serial ?? state.currentSerial) == serial else { return false }
            state.planned = planned
            return true
        }
    }

    /// How many tracks are planned and not yet queued.
    public var plannedCount: Int {
        state.withLock { $0.planned.count }
    }

    /// The serial of the last track playing or queued: what a new plan follows.
    public var lastSerial: UInt32? {
        state.withLock { $0.queued.last?.serial ?? $0.currentSerial }
    }

    /// On the streaming thread: queues the first playable track planned, and returns its URI;
    /// nil when none is left (the queue ends).
    public func queueNext(isPlayable: (Track) -> Bool = \.fileExists) -> String? {
        state.withLock { state in
            while !state.planned.isEmpty {
                let candidate = state.planned.removeFirst()
                if state.unplayable.contains(candidate.track.path) { continue }
                if isPlayable(candidate.track) {
                    state.queued.append(candidate)
                    return candidate.track.uri
                }
                state.skipped.append(candidate.track)
            }
            return nil
        }
    }

    /// A stream began playing: returns the queued track's serial and the tracks skipped to
    /// reach it, or nil and none when the stream was the one loaded by hand (the first to
    /// start after `reset`, whether or not a track was queued meanwhile).
    public func trackStarted() -> (serial: UInt32?, skipped: [Track]) {
        state.withLock { state in
            if state.awaitsLoadedStart {
                state.awaitsLoadedStart = false
                return (nil, [])
            }
            let skipped = state.skipped
            state.skipped = []
            guard !state.queued.isEmpty else { return (nil, skipped) }
            let started = state.queued.removeFirst()
            state.currentSerial = started.serial
            return (started.serial, skipped)
        }
    }

    /// The track a failure is about: the first queued one if any (the pipeline had moved on to
    /// it), else the one playing.
    public var trackInTrouble: UInt32? {
        state.withLock { $0.queued.first?.serial ?? $0.currentSerial }
    }

    /// The tracks skipped since last asked (the queue ended after them).
    public func takeSkipped() -> [Track] {
        state.withLock { state in
            defer { state.skipped = [] }
            return state.skipped
        }
    }
}
