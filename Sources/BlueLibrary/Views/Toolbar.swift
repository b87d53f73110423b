import GtkKit

// MARK: - Toolbar

/// The header bar: Undo and Trash on the left, the app menu on the right. The buttons are
/// bound to window actions, so they are sensitive exactly when their actions are enabled.
@MainActor
final class Toolbar {
    let widget: Widget
    let undoButton: Button
    let trashButton: Button

    init(undoAction: String, deleteAction: String) {
        undoButton = Button(iconName: "edit-undo-symbolic")
        undoButton.actionName = undoAction
        undoButton.tooltip = "Undo (Ctrl+Z)"
        undoButton.setAccessibleLabel("Undo")

        trashButton = Button(iconName: "user-trash-symbolic")
        trashButton.actionName = deleteAction
        trashButton.tooltip = "Delete Album (Delete)"
        trashButton.setAccessibleLabel("Delete album")

        let menu = Menu()
        menu.append("_Keyboard Shortcuts", action: "win.show-help-overlay")
        menu.append("_About BlueLibrary", action: "app.about")
        menu.append("_Quit", action: "app.quit")
        let menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        menuButton.tooltip = "Main Menu"
        menuButton.setAccessibleLabel("Main menu")

        for button in [undoButton, trashButton] as [Widget] + [menuButton] {
            button.takesFocusOnClick = false  // the focus stays in the cover strip
        }

        let bar = HeaderBar()
        bar.packStart(undoButton)
        bar.packStart(trashButton)
        bar.packEnd(menuButton)
        widget = bar
    }

    /// Describes what Undo would undo, e.g. "Undo Delete “Best of Bowie” (Ctrl+Z)".
    func describeUndo(_ description: String?) {
        undoButton.tooltip = description.map { "Undo \($0) (Ctrl+Z)" } ?? "Undo (Ctrl+Z)"
    }
}
