// MARK: - Saving

extension LibraryAPI {
    /// What `state.json` holds (the memento).
    public var state: AppState {
        AppState(
            selectedAlbumID: selectedIndex.flatMap(albumID(at:)) ?? browsing.heldSelection, selectedIndex: selectedIndex,
            windowSize: windowSize, query: requestedQuery, playback: playback,
            listening: listening, preferences: preferences
        )
    }

    /// Commits and writes everything pending now; returns once it is on disk (at quit), or
    /// has failed.
    public func flush() {
        persistency.flush()
    }

    /// Whether some of the user's changes are not on disk (saving fails): quitting now
    /// would lose them.
    public var hasUnsavedChanges: Bool {
        persistency.hasUncommittedChanges || isStateSaveFailing
    }

    /// Hands `change`, which no album row waits for, to the commit queue.
    func submitAlone(_ change: DatabaseChange) {
        persistency.submit(change, sequence: nextSequence)
        nextSequence += 1
    }

    func saveState() {
        guard !isReadOnly else { return }  // the newer version's state.json stays as it was
        persistency.save(state: state)
    }

    /// After each attempt of the commit queue: forgets the albums now in the database, and
    /// tells the observers when saving starts failing or works again.
    func commitFinished(_ outcome: CommitQueue.Outcome) {
        if let sequence = outcome.committedThrough {
            rows.committed(through: sequence)
            pendingTracks.committed(through: sequence)
            browsing.committedSequence = sequence
            refreshFacets()
        }
        updateSaveFailure(outcome.failure) { $0.isCommitFailing = outcome.failure != nil }
    }

    func stateSaveFinished(_ error: PersistenceError?) {
        updateSaveFailure(error) { $0.isStateSaveFailing = error != nil }
    }

    /// Failures in a row are told once (the user was told, and every change tries again),
    /// and so is the recovery, once both the library and the state save again.
    private func updateSaveFailure(_ error: PersistenceError?, _ update: (LibraryAPI) -> Void) {
        let wasFailing = isCommitFailing || isStateSaveFailing
        update(self)
        let isFailing = isCommitFailing || isStateSaveFailing
        if !wasFailing, let error { observers.post(.saveFailed(error)) }
        if wasFailing, !isFailing { observers.post(.saveRecovered) }
    }
}
