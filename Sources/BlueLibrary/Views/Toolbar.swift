import GtkKit
import LibraryCore

// MARK: - Toolbar

/// The header bar: Undo and Trash on the left, the app menu on the right. The buttons are
/// bound to window actions, so they are sensitive exactly when their actions are enabled.
@MainActor
final class Toolbar {
    let widget: Widget
    let undoButton: Button
    let trashButton: Button
    let menuButton: MenuButton
    /// What Undo would undo, for its tooltip.
    private var undoDescription: String?

    init(undoAction: String, deleteAction: String) {
        undoButton = Button(iconName: "edit-undo-symbolic")
        undoButton.actionName = undoAction
        undoButton.setAccessibleLabel(localized("Undo"))

        trashButton = Button(iconName: "user-trash-symbolic")
        trashButton.actionName = deleteAction
        trashButton.tooltip = localized("Delete Album (Delete)")
        trashButton.setAccessibleLabel(localized("Delete album"))

        let menu = Menu()
        menu.append(localized("_Keyboard Shortcuts"), action: "win.show-help-overlay")
        menu.append(localized("_About BlueLibrary"), action: "app.about")
        menu.append(localized("_Quit"), action: "app.quit")
        menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        menuButton.tooltip = localized("Main Menu")
        menuButton.setAccessibleLabel(localized("Main menu"))
        menuButton.isPrimary = true  // F10 opens it

        for button in [undoButton, trashButton] as [Widget] + [menuButton] {
            button.takesFocusOnClick = false  // the focus stays in the cover strip
        }

        let bar = HeaderBar()
        bar.packStart(undoButton)
        bar.packStart(trashButton)
        bar.packEnd(menuButton)
        widget = bar
        undoButton.provideTooltip { [weak self] in
            (self?.undoDescription.map { localized("Undo %@ (Ctrl+Z)", $0) } ?? localized("Undo (Ctrl+Z)")).asSentence
        }
    }

    /// Describes what Undo would undo, e.g. "Undo Delete “Best of Bowie” (Ctrl+Z)".
    /// The tooltip is made when it shows: setting one costs a round trip to the X server.
    func describeUndo(_ description: String?) {
        undoDescription = description
    }
}
