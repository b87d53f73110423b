// MARK: - Observing the player

/// Keeps one observer of the `Player` registered: it hears every change until `cancel()`, or
/// until this is released.
@MainActor
final class PlayerObservation {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observer; calling it again does nothing.
    func cancel() {
        onCancel?()
        onCancel = nil
    }

    isolated deinit {
        cancel()
    }
}

/// The observers of one `Player`, told of each change in the order they came: the window's
/// play bar, track list and strip, the media controls (MPRIS), the suspend inhibitor and the
/// app, none of which knows of the others.
@MainActor
struct PlayerObservers {
    private var handlers: [(id: Int, handler: (PlayerChange) -> Void)] = []
    private var nextID = 0

    /// Registers `handler`; returns its id for `remove(_:)`.
    mutating func add(_ handler: @escaping (PlayerChange) -> Void) -> Int {
        nextID += 1
        handlers.append((nextID, handler))
        return nextID
    }

    mutating func remove(_ id: Int) {
        handlers.removeAll { $0.id == id }
    }

    mutating func removeAll() {
        handlers.removeAll()
    }

    /// Tells every observer registered now; one that cancels meanwhile is still told this
    /// change, never a later one.
    func post(_ change: PlayerChange) {
        for entry in handlers { entry.handler(change) }
    }
}
