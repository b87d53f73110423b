import Foundation
import Testing

/// Lets one GTK test at a time use the display.
///
/// Swift Testing runs suites side by side, and tests on the main actor interleave at every
/// `await`; two windows on one display would take each other's clicks and key presses.
///
/// With `BLUELIBRARY_DISPLAY_HOLDS` set to a file, each hold is appended to it as a line
/// "seconds<TAB>test": the display is what the run waits on, so these are where its time goes.
@MainActor
public enum DisplayLock {
    private static var isHeld = false
    private static var waiting: [CheckedContinuation<Void, Never>] = []
    private static let holdsFile = ProcessInfo.processInfo.environment["BLUELIBRARY_DISPLAY_HOLDS"]

    /// Runs `body` while no other test holds the display.
    public static func exclusive<T>(_ body: @MainActor () async throws -> T) async rethrows -> T {
        while isHeld {
            await withCheckedContinuation { waiting.append($0) }
        }
        isHeld = true
        let taken = ContinuousClock.now
        defer {
            record(ContinuousClock.now - taken)
            isHeld = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        return try await body()
    }

    private static func record(_ held: Duration) {
        guard let holdsFile else { return }
        let descriptor = open(holdsFile, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let name = Test.current.map { "\($0.sourceLocation.fileName) \($0.name)" } ?? "?"
        let seconds = Double(held.components.seconds) + Double(held.components.attoseconds) / 1e18
        try? file.write(contentsOf: Data(String(format: "%.2f\t%@\n", seconds, name).utf8))
    }
}
