// MARK: - Waiting on the pipeline

extension Player {
    /// What the player waits for the pipeline to finish before it acts, or believes its
    /// position, again.
    enum PendingStart: Equatable {
        case seek(to: Double, thenPlay: Bool)
        case play
        /// A seek was sent. Until the pipeline has prerolled at the new place, what it says
        /// of its position is not to be trusted (a loaded machine showed 11.5 s just after a
        /// seek to 2.5 s), so the position shown, told and remembered is the target.
        case settle
    }

    /// Whether the pipeline plays or pauses the loaded track as asked, its position to be
    /// believed (no preroll, resumed seek or seek on the way).
    var isSettled: Bool {
        guard isLoaded else { return false }
        return pendingStart == nil
    }

    /// Whether the pipeline holds the current track and can be told to play or seek now: no
    /// preroll or resumed seek waits (a seek on the way may be followed by another).
    var takesCommands: Bool {
        guard isLoaded else { return false }
        return pendingStart == nil || pendingStart == .settle
    }
}
