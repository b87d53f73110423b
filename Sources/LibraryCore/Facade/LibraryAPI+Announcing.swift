// MARK: - Announcing changes, one event per change

extension LibraryAPI {
    /// Runs `change`, gathering what it changes into one update that is posted once, after
    /// it (`LibraryEvent.changed`); returns that update. Nested, the outermost one posts.
    @discardableResult
    func announcing(_ change: () -> Void) -> LibraryUpdate {
        if gathering != nil {
            change()
            return gathering ?? LibraryUpdate()
        }
        gathering = LibraryUpdate()
        change()
        var update = gathering ?? LibraryUpdate()
        gathering = nil
        update.selection = selectedIndex
        if !update.isEmpty { observers.post(.changed(update)) }
        return update
    }

    /// Notes a change for the update being gathered; outside of one, posts it on its own.
    func announce(_ note: (inout LibraryUpdate) -> Void) {
        if gathering != nil {
            note(&gathering!)
            return
        }
        announcing { note(&gathering!) }
    }
}
