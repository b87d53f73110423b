/// Lets one GTK test at a time use the display.
///
/// Swift Testing runs suites side by side, and tests on the main actor interleave at every
/// `await`; two windows on one display would take each other's clicks and key presses.
@MainActor
public enum DisplayLock {
    private static var isHeld = false
    private static var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` while no other test holds the display.
    public static func exclusive<T>(_ body: @MainActor () async throws -> T) async rethrows -> T {
        while isHeld {
            await withCheckedContinuation { waiting.append($0) }
        }
        isHeld = true
        defer {
            isHeld = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
