import Foundation

// MARK: - Protected

/// A value shared between threads, reached only through `withLock`.
///
/// The standard library's `Synchronization.Mutex` would do, but on Linux it locks with raw
/// futex calls that ThreadSanitizer cannot see, so every access under it is reported as a
/// race. `NSLock` is a pthread mutex, which the sanitizers understand.
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
