import LibraryCore

// MARK: - PlayerChange

/// What changed in the player, for the views and the media controls that show it.
enum PlayerChange: Equatable {
    /// Another track (or album) is loaded, or nothing is; the queue may have changed with it
    /// (a new queue, or tracks taken out), which this alone announces.
    case track
    /// The queue's tracks or their order changed, and the track playing is the same.
    case queue
    /// Shuffle, repeat or the volume changed.
    case settings
    /// Playing, paused or stopped.
    case status
    /// The position moved as time passed (while playing, four times a second at most).
    case position
    /// The position jumped (a seek).
    case seeked
    /// The length of the track playing became known or changed: GStreamer's, which can
    /// differ from the one its tags gave at the import.
    case duration
    /// Something could not be played; the player did what it could.
    case problem(PlaybackProblem)
}

// MARK: - PlaybackProblem

/// Why a track or an album could not be played, in words a user acts on.
enum PlaybackProblem: Equatable {
    /// These tracks were skipped: their files are not there (moved, or a drive not mounted).
    case skipped([Track])
    /// None of the album's files are there.
    case nothingToPlay(album: String)
    /// The track could not be played; `reason` says why and what to do.
    case cannotPlay(track: Track, reason: String)
    /// No sound output could be opened.
    case noOutput
    /// GStreamer, or its `playbin`, is not installed.
    case noGStreamer

    /// The heading and the sentences a message shows.
    var heading: String {
        switch self {
        case .skipped: localized("Tracks Skipped")
        case .nothingToPlay: localized("Nothing to Play")
        case .cannotPlay: localized("A Track Could Not Be Played")
        case .noOutput: localized("No Sound Output")
        case .noGStreamer: localized("Playing Is Not Set Up")
        }
    }

    var message: String {
        switch self {
        case .skipped(let tracks):
            let names = tracks.map { "“\($0.displayTitle.isolatedForDisplay)”" }.joined(separator: ", ")
            return localizedPlural("Skipped %@: its file cannot be found (moved, or on a drive that is not connected).",
                                   "Skipped %@: their files cannot be found (moved, or on a drive that is not connected).",
                                   tracks.count, names)
        case .nothingToPlay(let album):
            return localized("None of the files of “%@” can be found. They may have moved, or be on a drive that is not connected.",
                             album.isolatedForDisplay)
        case .cannotPlay(let track, let reason):
            return localized("“%1$@” could not be played: %2$@", track.displayTitle.isolatedForDisplay, reason)
        case .noOutput:
            return localized("BlueLibrary could not open a sound output. Check that a sound server (PipeWire or PulseAudio) is running, then press Play again.")
        case .noGStreamer:
            return localized("Playing needs GStreamer and its base plugins (the package “gstreamer1.0-plugins-base”), which could not be set up.")
        }
    }
}
