import GtkKit

// MARK: - WindowActions

/// The window's actions (`win.undo`, `win.redo`, `win.delete`): what the toolbar buttons,
/// the undo notice and the keyboard shortcuts trigger. Their enabled state is what makes
/// the buttons sensitive.
@MainActor
final class WindowActions {
    static let undo = "win.undo"
    static let redo = "win.redo"
    static let delete = "win.delete"

    /// The shortcuts, as `GtkApplication` sets them (detailed action → accelerators).
    static let accelerators: [(action: String, keys: [String])] = [
        (undo, ["<Control>z"]),
        (redo, ["<Control><Shift>z"]),
        (delete, ["Delete", "KP_Delete"]),
    ]

    let undoAction = SimpleAction(name: "undo")
    let redoAction = SimpleAction(name: "redo")
    let deleteAction = SimpleAction(name: "delete")

    init(window: ApplicationWindow) {
        window.add(undoAction)
        window.add(redoAction)
        window.add(deleteAction)
    }

    /// Routes the actions to `controller`.
    func connect(to controller: MainWindow) {
        undoAction.onActivate { [weak controller] in controller?.undo() }
        redoAction.onActivate { [weak controller] in controller?.redo() }
        deleteAction.onActivate { [weak controller] in controller?.deleteSelectedAlbum() }
    }

    func update(canUndo: Bool, canRedo: Bool, hasSelection: Bool) {
        undoAction.isEnabled = canUndo
        redoAction.isEnabled = canRedo
        deleteAction.isEnabled = hasSelection
    }
}
