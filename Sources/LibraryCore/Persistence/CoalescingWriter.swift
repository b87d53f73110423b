import Dispatch

// MARK: - CoalescingWriter

/// Writes the latest submitted value off the caller's thread.
///
/// Submissions within `delay` of each other are written once (the last one wins), and all
/// writes of every writer sharing `queue` run one after another in submission order, so an
/// older state can never overwrite a newer one. `flush()` writes what is pending at once and
/// returns when it is on disk.
final class CoalescingWriter<Value: Sendable>: Sendable {
    private struct Pending {
        var value: Value?
        var isScheduled = false
    }

    private let queue: DispatchQueue
    private let delay: Duration
    private let write: @Sendable (Value) -> Void
    private let pending = Protected(Pending())

    /// - Parameters:
    ///   - queue: A serial queue; writers that must never reorder share one.
    ///   - delay: How long to wait for further submissions before writing.
    ///   - write: Writes a value; called on `queue`.
    init(queue: DispatchQueue, delay: Duration, write: @escaping @Sendable (Value) -> Void) {
        self.queue = queue
        self.delay = delay
        self.write = write
    }

    /// Keeps `value` as the next to write and makes sure a write is scheduled.
    func submit(_ value: Value) {
        let mustSchedule = pending.withLock { pending in
            pending.value = value
            defer { pending.isScheduled = true }
            return !pending.isScheduled
        }
        guard mustSchedule else { return }
        queue.asyncAfter(deadline: .now() + delay.dispatchInterval) { [self] in
            writePending()
        }
    }

    /// Writes the pending value now, on the writer's queue, and waits for it.
    func flush() {
        queue.sync { writePending() }
    }

    private func writePending() {
        let value = pending.withLock { pending in
            defer { pending = Pending() }
            return pending.value
        }
        if let value { write(value) }
    }
}
