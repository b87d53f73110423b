import Foundation
import Testing

/// Lets one GTK test at a time use the display, and a few tests of launched apps use one each.
///
/// Swift Testing runs suites side by side, and tests on the main actor interleave at every
/// `await`; two windows on one display would take each other's clicks and key presses. The
/// window tests in this process share its display (`exclusive`). A test that drives launched
/// apps only gets a display of its own instead (`ownDisplay`): at most
/// `BLUELIBRARY_TEST_APP_DISPLAYS` of those (2 unless set) run at once, beside the window tests.
///
/// With `BLUELIBRARY_DISPLAY_HOLDS` set to a file, each hold is appended to it as a line
/// "seconds<TAB>test<TAB>shared|own": the displays are what the run waits on, so these are where
/// its time goes.
@MainActor
public enum DisplayLock {
    private static var isHeld = false
    private static var waiting: [CheckedContinuation<Void, Never>] = []
    private static let holdsFile = ProcessInfo.processInfo.environment["BLUELIBRARY_DISPLAY_HOLDS"]
    /// How many tests of launched apps may run at once, each on its own display.
    private static let appDisplays = max(1, Int(ProcessInfo.processInfo.environment["BLUELIBRARY_TEST_APP_DISPLAYS"] ?? "") ?? 2)
    private static var appDisplaysInUse = 0
    private static var waitingForAppDisplay: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` while no other test holds the display.
    public static func exclusive<T>(_ body: @MainActor () async throws -> T) async rethrows -> T {
        while isHeld {
            await withCheckedContinuation { waiting.append($0) }
        }
        isHeld = true
        let taken = ContinuousClock.now
        defer {
            record(ContinuousClock.now - taken, kind: "shared")
            isHeld = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        return try await body()
    }

    /// Runs `body` on a display of its own (`PrivateDisplay.current`), once fewer than
    /// `BLUELIBRARY_TEST_APP_DISPLAYS` other tests have one. For a test whose windows are all
    /// a launched app's: the display of this process is not there.
    ///
    /// `body` runs off the main actor: a window test's frames and layouts run on the main
    /// actor, seconds at a time under a sanitizer, and a test of a launched app waits on time
    /// (music that plays on) while it polls the app.
    public nonisolated static func ownDisplay<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await takeAppDisplay()
        let taken = ContinuousClock.now
        let display: PrivateDisplay
        do {
            display = try PrivateDisplay()
        } catch {
            await releaseAppDisplay(held: ContinuousClock.now - taken)
            throw error
        }
        let result: Result<T, any Error>
        do {
            result = .success(try await PrivateDisplay.$current.withValue(display) { try await body() })
        } catch {
            result = .failure(error)
        }
        display.stop()
        await releaseAppDisplay(held: ContinuousClock.now - taken)
        return try result.get()
    }

    private static func takeAppDisplay() async {
        while appDisplaysInUse >= appDisplays {
            await withCheckedContinuation { waitingForAppDisplay.append($0) }
        }
        appDisplaysInUse += 1
    }

    private static func releaseAppDisplay(held: Duration) {
        record(held, kind: "own")
        appDisplaysInUse -= 1
        if !waitingForAppDisplay.isEmpty { waitingForAppDisplay.removeFirst().resume() }
    }

    private static func record(_ held: Duration, kind: String) {
        guard let holdsFile else { return }
        let descriptor = open(holdsFile, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let name = Test.current.map { "\($0.sourceLocation.fileName) \($0.name)" } ?? "?"
        let seconds = Double(held.components.seconds) + Double(held.components.attoseconds) / 1e18
        try? file.write(contentsOf: Data(String(format: "%.2f\t%@\t%@\n", seconds, name, kind).utf8))
    }
}
