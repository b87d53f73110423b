import GtkKit
import LibraryCore

// MARK: - WindowActions

/// The window's own actions (`win.…`), made from their declarations (`AppAction.declaration`):
/// what the header bar's and the details' buttons, the menus, the notice and the keyboard
/// shortcuts trigger. Their enabled state, set by `update(from:)` as their declarations' rules
/// read the window, is what makes the buttons sensitive.
@MainActor
package final class WindowActions {
    /// One plain action per window action but Sort By, with its declaration, read once.
    private var actions: [AppAction: (action: SimpleAction, declaration: ActionDeclaration)] = [:]
    /// The sort of the albums shown (`win.sort::title`), a radio group in the main menu.
    package let sortAction = StringChoiceAction(name: AppAction.sort.name, state: AlbumSort.libraryOrder.rawValue)

    init(window: ApplicationWindow) {
        for action in AppAction.allCases {
            let declaration = action.declaration
            guard declaration.group == .win, case .window = declaration.handler else { continue }
            let simple = declaration.isOn == nil ? SimpleAction(name: declaration.name) : SimpleAction(name: declaration.name, isOn: false)
            actions[action] = (simple, declaration)
            window.add(simple)
        }
        window.add(sortAction)
        window.addShortcuts(of: AppAction.allCases)
    }

    /// Routes every action to what its declaration says `controller` does.
    func connect(to controller: MainWindowController) {
        for (simple, declaration) in actions.values {
            guard case .window(let perform) = declaration.handler else { continue }
            simple.onActivate { [weak controller] in
                if let controller { perform(controller) }
            }
        }
        if case .choice(let choose) = AppAction.sort.declaration.handler {
            sortAction.onChoose { [weak controller] name in
                if let controller { choose(controller, name) }
            }
        }
    }

    /// Enables each action as its declaration's rule reads `controller`'s window, and sets
    /// the on/off ones.
    func update(from controller: MainWindowController) {
        for (simple, declaration) in actions.values {
            let enabled = declaration.isEnabled(controller)
            if simple.isEnabled != enabled { simple.isEnabled = enabled }
            if let isOn = declaration.isOn { simple.isOn = isOn(controller) }
        }
    }

    /// Whether the window action `action` can be used now (what its button shows).
    package func isEnabled(_ action: AppAction) -> Bool {
        actions[action]?.action.isEnabled ?? false
    }

    /// Whether the on/off window action `action` is on (`nil` for one that is neither).
    package func isOn(_ action: AppAction) -> Bool? {
        actions[action]?.action.isOn
    }
}
