// MARK: - Background

/// Work that must not run on the GTK thread.
enum Background {
    /// Runs `work` on a background thread and returns its result, keeping its error type.
    static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await Task.detached { Result { () throws(Failure) -> Value in try work() } }.value
        return try result.get()
    }
}
