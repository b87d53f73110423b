import GtkKit
import LibraryCore

// MARK: - ActionDeclaration

/// One action as it is declared, all in one place (as GNOME Loupe keeps an action's handler
/// and its shortcut in one match arm): where GTK finds it and under what name, what menus and
/// tooltips call it, its keyboard shortcuts, what it does, and when it is enabled.
/// `AppAction.declaration` holds one per action.
struct ActionDeclaration {
    /// Where GTK looks the action up: the application (`app.`), the window's own actions
    /// (`win.`), or GtkWindow's built-in ones (`window.`).
    enum Group: String {
        case app, win, window
    }

    /// How the action's shortcuts are bound.
    enum Binding {
        /// As application accelerators: before any widget sees the key.
        case application
        /// As a shortcut of the window, after the focused widget and its parents had the key
        /// (the bubble phase): an open menu still closes on Escape.
        case window
    }

    /// What the action does when activated.
    enum Handler {
        /// A window action: the window's controller does it.
        case window(@MainActor (MainWindowController) -> Void)
        /// A window action with a string state, one menu item per state (`win.sort::title`):
        /// the controller shows the state chosen.
        case choice(@MainActor (MainWindowController, String) -> Void)
        /// An application action, done by the app, with a window open or not.
        case application(@MainActor (BlueLibraryApp) -> Void)
        /// GTK's own (`window.close`): declared here for its shortcut and the shortcuts window.
        case builtIn
    }

    var group: Group
    var name: String
    /// What the action does, as a button's tooltip or a menu item says it ("_Add Album…").
    var title: String
    /// The keyboard shortcuts, in GTK's syntax and GTK's own way of writing them (modifiers as
    /// `gtk_accelerator_name` orders them), the first one being the one shown to users.
    var accelerators: [String] = []
    var binding: Binding = .application
    var handler: Handler
    /// Whether the action can be used now, read from the window (its library, player and
    /// widgets) each time `MainWindowController.refreshActions()` refreshes the actions.
    var isEnabled: @MainActor (MainWindowController) -> Bool = { _ in true }
    /// For an action that is on or off (shuffle): whether it is on now, read with `isEnabled`.
    /// A toggle button bound to the action shows it, pressed while on.
    var isOn: (@MainActor (MainWindowController) -> Bool)?
}
