import GtkKit

// MARK: - WindowActions

/// The window's own actions (`win.undo`, `win.redo`, `win.delete`, `win.dismiss-notice`):
/// what the toolbar buttons, the undo notice and the keyboard shortcuts trigger. Their
/// enabled state is what makes the buttons sensitive.
@MainActor
package final class WindowActions {
    package let undoAction = SimpleAction(name: AppAction.undo.name)
    package let redoAction = SimpleAction(name: AppAction.redo.name)
    package let deleteAction = SimpleAction(name: AppAction.delete.name)
    package let dismissNoticeAction = SimpleAction(name: AppAction.dismissNotice.name)

    init(window: ApplicationWindow) {
        for action in [undoAction, redoAction, deleteAction, dismissNoticeAction] {
            window.add(action)
        }
        dismissNoticeAction.isEnabled = false
        window.addShortcuts(of: AppAction.allCases)
    }

    /// Routes the actions to `controller`.
    func connect(to controller: MainWindowController) {
        undoAction.onActivate { [weak controller] in controller?.undo() }
        redoAction.onActivate { [weak controller] in controller?.redo() }
        deleteAction.onActivate { [weak controller] in controller?.deleteSelectedAlbum() }
        dismissNoticeAction.onActivate { [weak controller] in controller?.toast.dismiss() }
    }

    func update(canUndo: Bool, canRedo: Bool, hasSelection: Bool) {
        undoAction.isEnabled = canUndo
        redoAction.isEnabled = canRedo
        deleteAction.isEnabled = hasSelection
    }
}
