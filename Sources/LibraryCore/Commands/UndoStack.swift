// MARK: - UndoStack

/// The undo and redo histories, in memory, as the database holds them.
///
/// Recording a new command clears the redo history. There is no limit: a command is a few
/// rows, and no deletion may become permanent because of a count. The stack only stores
/// commands; `LibraryAPI` applies them.
public struct UndoStack: Hashable, Sendable {
    /// Commands that can be undone, oldest first.
    public private(set) var undoCommands: [RecordedCommand]
    /// Commands that can be redone, the next one to redo last.
    public private(set) var redoCommands: [RecordedCommand]

    public init(undoCommands: [RecordedCommand] = [], redoCommands: [RecordedCommand] = []) {
        self.undoCommands = undoCommands
        self.redoCommands = redoCommands
    }

    public var canUndo: Bool { !undoCommands.isEmpty }
    public var canRedo: Bool { !redoCommands.isEmpty }

    /// Records a command the user just performed; the redo history is discarded.
    public mutating func record(_ command: RecordedCommand) {
        undoCommands.append(command)
        redoCommands.removeAll()
    }

    /// Writes `command` over the recorded command of the same serial that can still be undone
    /// (an import that grows as it reads); `false` if it was undone meanwhile.
    public mutating func amend(_ command: RecordedCommand) -> Bool {
        guard let index = undoCommands.lastIndex(where: { $0.serial == command.serial }) else { return false }
        undoCommands[index] = command
        return true
    }

    /// Puts `albums` in place of what the commands hold of the same ids
    /// (`LibraryCommand.rebased(onto:)`); returns the commands that changed.
    mutating func rebase(onto albums: [AlbumID: Album]) -> [RecordedCommand] {
        var changed: [RecordedCommand] = []
        func rebase(_ commands: inout [RecordedCommand]) {
            for index in commands.indices {
                guard let rebased = commands[index].command.rebased(onto: albums) else { continue }
                commands[index].command = rebased
                changed.append(commands[index])
            }
        }
        rebase(&undoCommands)
        rebase(&redoCommands)
        return changed
    }

    /// Moves the command to undo next onto the redo history and returns it.
    public mutating func undo() -> RecordedCommand? {
        guard let command = undoCommands.popLast() else { return nil }
        redoCommands.append(command)
        return command
    }

    /// Moves the command to redo next back onto the undo history and returns it.
    public mutating func redo() -> RecordedCommand? {
        guard let command = redoCommands.popLast() else { return nil }
        undoCommands.append(command)
        return command
    }
}
