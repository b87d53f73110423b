// MARK: - UpcomingTracks

/// Which track the player's pipeline plays next, shared between the GTK thread and the
/// GStreamer streaming thread that asks, as a track ends, which file follows without a gap.
///
/// The streaming thread queues the next playable track (`queueNext()`, skipping files that
/// are not there); the GTK thread learns that a queued track began (`trackStarted()`) from
/// the pipeline's bus, a little later. More than one track can be queued before the GTK
/// thread hears (very short tracks), so the queued ones wait in order; the first of them can
/// even be queued before the GTK thread heard that the track loaded by hand began (a track of
/// a few seconds is read to its end at once), so that first start is the loaded track's own.
public final class UpcomingTracks: Sendable {
    private struct State {
        var tracks: [Track] = []
        var current = 0
        var queued: [Int] = []
        /// Whether the track loaded by hand has yet to report its start.
        var awaitsLoadedStart = true
        var skipped: [Track] = []
        /// Files that failed to play: passed over without a word (the user was told).
        var unplayable: Set<MusicFilePath> = []
    }

    private let state = Protected(State())

    public init() {}

    /// Starts over with `tracks`, `current` playing and nothing queued (a track loaded by hand);
    /// the files in `unplayable` are passed over.
    public func reset(tracks: [Track], current: Int, unplayable: Set<MusicFilePath> = []) {
        state.withLock { $0 = State(tracks: tracks, current: current, unplayable: unplayable) }
    }

    /// On the streaming thread: queues the first playable track after the last one playing or
    /// queued, and returns its URI; nil when none is left (the album ends).
    public func queueNext(isPlayable: (Track) -> Bool = \.fileExists) -> String? {
        state.withLock { state in
            var candidate = (state.queued.last ?? state.current) + 1
            while candidate < state.tracks.count {
                if state.unplayable.contains(state.tracks[candidate].path) {
                    candidate += 1
                    continue
                }
                if isPlayable(state.tracks[candidate]) {
                    state.queued.append(candidate)
                    return state.tracks[candidate].uri
                }
                state.skipped.append(state.tracks[candidate])
                candidate += 1
            }
            return nil
        }
    }

    /// A stream began playing: returns the queued track's index and the tracks skipped to reach
    /// it, or nil and none when the stream was the one loaded by hand (the first to start after
    /// `reset`, whether or not a track was queued meanwhile).
    public func trackStarted() -> (index: Int?, skipped: [Track]) {
        state.withLock { state in
            if state.awaitsLoadedStart {
                state.awaitsLoadedStart = false
                return (nil, [])
            }
            let skipped = state.skipped
            state.skipped = []
            guard !state.queued.isEmpty else { return (nil, skipped) }
            state.current = state.queued.removeFirst()
            return (state.current, skipped)
        }
    }

    /// The track a failure is about: the first queued one if any (the pipeline had moved on to
    /// it), else the one playing.
    public var trackInTrouble: Int {
        state.withLock { $0.queued.first ?? $0.current }
    }

    /// The tracks skipped since last asked (the album ended after them).
    public func takeSkipped() -> [Track] {
        state.withLock { state in
            defer { state.skipped = [] }
            return state.skipped
        }
    }
}
