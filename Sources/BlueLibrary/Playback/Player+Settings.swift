import LibraryCore

// MARK: - Shuffle, repeat, volume, ReplayGain

extension Player {
    /// Shuffles the queue (the track playing first, the rest at random) or goes back to its
    /// album order from the track playing.
    func setShuffled(_ shuffled: Bool) {
        guard shuffled != settings.isShuffled else { return }
        settings.isShuffled = shuffled
        if var queue {
            queue.setShuffled(shuffled)
            self.queue = queue
            planUpcoming()
            notify(.queue)
        }
        settingsChanged()
    }

    func setRepeatMode(_ mode: RepeatMode) {
        guard mode != settings.repeatMode else { return }
        settings.repeatMode = mode
        planUpcoming()
        settingsChanged()
    }

    /// The volume, 0 (muted) to 1, on the cubic scale.
    func setVolume(_ volume: Double) {
        let volume = volume.isFinite ? min(max(volume, 0), 1) : 1
        guard volume != settings.volume else { return }
        settings.volume = volume
        settingsChanged()
    }

    /// ReplayGain (the Preferences window's switch), from the next track loaded; the track
    /// playing is loaded again where it is, so the change is heard at once.
    func replayGainPreferenceChanged() {
        guard let pipeline, pipeline.appliesReplayGain != library.preferences.normalizesVolume else { return }
        applySettings()
        if isLoaded, status == .playing, let queue {
            start(at: queue.current, position: currentPosition, playing: true)
        }
    }

    /// Gives the pipeline the volume and ReplayGain's mode: album gain while an album plays in
    /// order, track gain while shuffled.
    func applySettings() {
        guard let pipeline else { return }
        pipeline.volume = settings.volume
        pipeline.appliesReplayGain = library.preferences.normalizesVolume && pipeline.canApplyReplayGain
        pipeline.usesAlbumGain = !settings.isShuffled
    }

    private func settingsChanged() {
        applySettings()
        library.listening = settings
        notify(.settings)
    }
}
