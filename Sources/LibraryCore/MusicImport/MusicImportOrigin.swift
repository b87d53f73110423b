// MARK: - MusicImportOrigin

/// Why music is imported: the user asked (a command, undoable), or a followed music folder
/// changed (no command; only albums with new or changed files change).
public enum MusicImportOrigin: Sendable, Equatable {
    case user
    case folderChange
}

// MARK: - SerialImports

/// Runs imports one after the other, in the order they were asked for, on the main actor:
/// two imports reading the same files at once would each make their albums.
@MainActor
final class SerialImports {
    private var last: Task<Void, Never>?

    /// Runs `work` once every import asked for before it has ended. Cancelling the caller
    /// cancels `work` (it stops at once if it had not begun).
    func oneAtATime<Value: Sendable>(_ work: @escaping @MainActor () async -> Value) async -> Value {
        let previous = last
        let task = Task { @MainActor in
            await previous?.value
            return await work()
        }
        last = Task { _ = await task.value }
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }
}
