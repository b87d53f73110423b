// MARK: - UndoStack

/// The undo and redo histories of `LibraryCommand`s.
///
/// Recording a new command clears the redo history. The undo history keeps at most `limit`
/// commands, dropping the oldest. The stack only stores commands; `LibraryAPI` applies them.
public struct UndoStack: Hashable, Sendable {
    /// The default number of commands kept, and saved in `state.json`.
    public static let defaultLimit = 100

    /// Commands that can be undone, oldest first.
    public private(set) var undoCommands: [LibraryCommand]
    /// Commands that can be redone, the next one to redo last.
    public private(set) var redoCommands: [LibraryCommand]
    /// The most undo commands kept.
    public let limit: Int

    public init(
        undoCommands: [LibraryCommand] = [],
        redoCommands: [LibraryCommand] = [],
        limit: Int = UndoStack.defaultLimit
    ) {
        self.limit = max(limit, 1)
        self.undoCommands = Array(undoCommands.suffix(self.limit))
        self.redoCommands = Array(redoCommands.suffix(self.limit))
    }

    public var canUndo: Bool { !undoCommands.isEmpty }
    public var canRedo: Bool { !redoCommands.isEmpty }

    // MARK: Recording

    /// Records a command the user just performed; the redo history is discarded.
    public mutating func record(_ command: LibraryCommand) {
        pushUndo(command)
        redoCommands.removeAll()
    }

    // MARK: Undo and redo bookkeeping

    /// Removes and returns the command to undo next.
    public mutating func popUndo() -> LibraryCommand? {
        undoCommands.popLast()
    }

    /// Removes and returns the command to redo next.
    public mutating func popRedo() -> LibraryCommand? {
        redoCommands.popLast()
    }

    /// Keeps a command that was just redone, without touching the redo history.
    public mutating func pushUndo(_ command: LibraryCommand) {
        undoCommands.append(command)
        if undoCommands.count > limit {
            undoCommands.removeFirst(undoCommands.count - limit)
        }
    }

    /// Keeps a command that was just undone, so it can be redone.
    public mutating func pushRedo(_ command: LibraryCommand) {
        redoCommands.append(command)
        if redoCommands.count > limit {
            redoCommands.removeFirst(redoCommands.count - limit)
        }
    }
}
