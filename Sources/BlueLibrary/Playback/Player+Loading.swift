import LibraryCore

// MARK: - Loading a track

extension Player {
    /// Loads the first playable track from play position `index` on (the files not there are
    /// skipped, and named), from `position` seconds, playing or paused.
    func start(at index: Int, position: Double, playing: Bool) {
        guard queue != nil else { return }
        guard let target = playableTarget(from: index) else {
            let title = album?.title ?? ""
            stop()
            notify(.problem(.nothingToPlay(album: title)))
            return
        }
        tellSkipped(target.skipped)
        queue?.moveCurrent(to: target.index)
        self.position = target.index == index ? position : 0
        planUpcoming(afresh: true)
        if playing {
            guard load(target.track, at: self.position) else {
                stop()
                notify(.problem(.noGStreamer))
                return
            }
        } else {
            stopPipeline()
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
        // Loading another file into a pipeline stuck in a read would wait for the read.
        if pipelineSeemsStuck { letGoOfPipeline() }
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

    // MARK: Finding a playable track

    /// The first playable track from play position `index` on, following the queue's order
    /// (round again when it repeats), with the tracks skipped on the way because their files
    /// are not there. Tracks that failed before, or whose album is gone, are passed over
    /// without a word. Nil when none is left.
    func playableTarget(from index: Int) -> (index: Int, track: Track, skipped: [Track])? {
        guard let queue, queue.entries.indices.contains(index) else { return nil }
        var skipped: [Track] = []
        var candidate: Int? = index
        var steps = 0
        let order = settings.repeatMode == .one ? .off : settings.repeatMode
        while let position = candidate, steps < queue.count {
            steps += 1
            if let entry = queue.entry(at: position), let track = tracks.track(for: entry), !unplayable.contains(track.path) {
                if track.fileExists { return (position, track, skipped) }
                skipped.append(track)
            }
            candidate = queue.position(after: position, repeatMode: order, byUser: true)
        }
        return nil
    }

    /// The first playable track before play position `index`, going back; nil when none.
    func playablePosition(before index: Int) -> Int? {
        guard let queue else { return nil }
        var candidate = queue.position(before: index)
        while let position = candidate {
            if let entry = queue.entry(at: position), let track = tracks.track(for: entry),
               !unplayable.contains(track.path), track.fileExists { return position }
            candidate = queue.position(before: position)
        }
        return nil
    }

    // MARK: Planning the gapless changes

    /// Tells the pipeline's streaming thread which tracks follow (`UpcomingTracks`): the next
    /// few of the queue, whichever albums they are from. `afresh` after a track loaded by
    /// hand; otherwise after the queue or the repeat changed, or a planned track began.
    func planUpcoming(afresh: Bool = false) {
        guard let queue, let current = queue.currentEntry else { return }
        if afresh {
            upcoming.reset(current: current.serial, planned: plan(after: queue.current), unplayable: unplayable)
            return
        }
        // The streaming thread may queue a track between the two calls: plan again then.
        for _ in 0..<3 {
            let last = upcoming.lastSerial
            let from = last.flatMap(queue.position(ofSerial:)) ?? queue.current
            if upcoming.plan(plan(after: from), following: last) { return }
        }
    }

    /// The tracks that play after play position `index`, as far as `UpcomingTracks.planLength`.
    private func plan(after index: Int) -> [UpcomingTracks.Planned] {
        guard let queue else { return [] }
        var planned: [UpcomingTracks.Planned] = []
        var candidate = queue.position(after: index, repeatMode: settings.repeatMode)
        var steps = 0
        while let position = candidate, planned.count < UpcomingTracks.planLength, steps < queue.count + UpcomingTracks.planLength {
            steps += 1
            if let entry = queue.entry(at: position), let track = tracks.track(for: entry) {
                planned.append(UpcomingTracks.Planned(serial: entry.serial, track: track))
            }
            candidate = queue.position(after: position, repeatMode: settings.repeatMode)
        }
        return planned
    }
}
