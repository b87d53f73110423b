import GtkKit
import LibraryCore

// MARK: - Toolbar

/// The header bar: Add, Undo and Trash on the left, the main menu on the right. The buttons are
/// bound to window actions, so they are sensitive exactly when their actions are enabled.
@MainActor
package final class Toolbar: Widget {
    let addButton = Button(iconName: "list-add-symbolic")
    let undoButton = Button(iconName: "edit-undo-symbolic")
    let trashButton = Button(iconName: "user-trash-symbolic")
    let menuButton: MenuButton
    /// What Undo would undo, for its tooltip.
    private var undoDescription: String?

    init() {
        let menu = Menu()
        for action in [AppAction.addAlbum, .editAlbum, .addMusicFolder, .importAlbums, .exportAlbums, .showShortcuts, .about, .quit] {
            menu.append(action.title, action: action.detailedName)
        }
        menuButton = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        let bar = HeaderBar()
        super.init(adopting: bar)

        addButton.actionName = AppAction.addAlbum.detailedName
        addButton.tooltip = AppAction.addAlbum.tooltip()
        addButton.setAccessibleLabel(AppAction.addAlbum.plainTitle)
        undoButton.actionName = AppAction.undo.detailedName
        undoButton.setAccessibleLabel(localized("Undo"))
        trashButton.actionName = AppAction.delete.detailedName
        trashButton.tooltip = AppAction.delete.tooltip()
        trashButton.setAccessibleLabel(localized("Delete album"))
        menuButton.tooltip = localized("Main Menu")
        menuButton.setAccessibleLabel(localized("Main menu"))
        menuButton.isPrimary = true  // F10 opens it

        for button in [addButton, undoButton, trashButton] as [Widget] + [menuButton] {
            button.takesFocusOnClick = false  // the focus stays in the cover strip
        }
        bar.packStart(addButton)
        bar.packStart(undoButton)
        bar.packStart(trashButton)
        bar.packEnd(menuButton)
        undoButton.provideTooltip { [weak self] in self?.undoTooltip }
    }

    /// What the Undo button's tooltip says now: "Undo Edit “Best of Bowie” (Ctrl+Z)".
    package var undoTooltip: String {
        AppAction.undo.tooltip(undoDescription.map { localized("Undo %@", $0) }).asSentence
    }

    /// Describes what Undo would undo, e.g. "Undo Delete “Best of Bowie” (Ctrl+Z)".
    /// The tooltip is made when it shows: setting one costs a round trip to the X server.
    func describeUndo(_ description: String?) {
        undoDescription = description
    }
}
