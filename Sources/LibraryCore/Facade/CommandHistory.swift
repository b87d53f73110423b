// MARK: - CommandHistory

/// The undo history: the commands the user performed, undone and redone (`UndoStack`), each
/// with the serial the database keeps it under, given here. It knows nothing of the albums.
struct CommandHistory {
    private(set) var stack: UndoStack
    private var nextSerial: Int64

    /// The history as opened; new commands get serials after the highest one in it.
    init(_ stack: UndoStack) {
        self.stack = stack
        nextSerial = ((stack.undoCommands + stack.redoCommands).map(\.serial).max() ?? 0) + 1
    }

    var canUndo: Bool { stack.canUndo }
    var canRedo: Bool { stack.canRedo }
    /// What `undo()` would undo.
    var commandToUndo: LibraryCommand? { stack.undoCommands.last?.command }
    /// What `redo()` would redo.
    var commandToRedo: LibraryCommand? { stack.redoCommands.last?.command }

    /// Records a command just performed (the redo history goes) under a new serial.
    mutating func record(_ command: LibraryCommand) -> RecordedCommand {
        let recorded = RecordedCommand(serial: nextSerial, command: command)
        nextSerial += 1
        stack.record(recorded)
        return recorded
    }

    /// Grows the recorded command `serial` by `part` (an import that goes on reading); `nil`
    /// when it was undone meanwhile.
    mutating func grow(_ serial: Int64, by part: LibraryCommand) -> RecordedCommand? {
        guard var recorded = stack.undoCommands.last(where: { $0.serial == serial }) else { return nil }
        recorded.command.grow(by: part)
        return stack.amend(recorded) ? recorded : nil
    }

    /// Rewrites the commands that hold albums of `albums`' ids with them (a followed
    /// folder's change, which is no command); returns those commands.
    mutating func rebase(onto albums: [AlbumID: Album]) -> [RecordedCommand] {
        stack.rebase(onto: albums)
    }

    /// The command to undo next, moved onto the redo history.
    mutating func undo() -> RecordedCommand? { stack.undo() }

    /// The command to redo next, moved back onto the undo history.
    mutating func redo() -> RecordedCommand? { stack.redo() }
}
