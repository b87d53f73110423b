import GtkKit
import LibraryCore

// MARK: - AppAction

/// Every action a user can trigger by name, with its keyboard shortcuts: the one place they
/// are declared. The application's accelerators, the window's shortcuts, the buttons' action
/// names and tooltips and the menu are made from it; the Keyboard Shortcuts window
/// (`Resources/shortcuts-window.ui`) and the README's table are checked against it by
/// `ShortcutsTests`.
///
/// Keys that only move within a widget (arrows, Home, End, Tab, F10) belong to GTK's own
/// widgets and are listed in the help overlay alone.
enum AppAction: CaseIterable {
    case addAlbum
    case editAlbum
    case importMusicFolder
    case musicFolders
    case findCoverOnline
    case findMissingCovers
    case search
    /// A stateful action: its target is the sort (`win.sort::title`), one radio item each.
    case sort
    case undo
    case redo
    case delete
    case dismissNotice
    case playAlbum
    case playPause
    case nextTrack
    case previousTrack
    case importAlbumList
    case exportAlbumList
    case showShortcuts
    case closeWindow
    case preferences
    case about
    case startNewLibrary
    case quit

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

    var group: Group {
        switch self {
        case .addAlbum, .editAlbum, .importMusicFolder, .musicFolders, .findCoverOnline, .findMissingCovers, .search, .sort, .undo, .redo, .delete, .dismissNotice, .importAlbumList, .exportAlbumList, .showShortcuts,
             .playAlbum, .playPause, .nextTrack, .previousTrack: .win
        case .closeWindow: .window
        case .preferences, .about, .startNewLibrary, .quit: .app
        }
    }

    /// The action's name within its group.
    var name: String {
        switch self {
        case .addAlbum: "add"
        case .editAlbum: "edit"
        case .importMusicFolder: "import-music-folder"
        case .musicFolders: "music-folders"
        case .findCoverOnline: "find-cover-online"
        case .findMissingCovers: "find-missing-covers"
        case .search: "search"
        case .sort: "sort"
        case .undo: "undo"
        case .redo: "redo"
        case .delete: "delete"
        case .dismissNotice: "dismiss-notice"
        case .playAlbum: "play"
        case .playPause: "play-pause"
        case .nextTrack: "next-track"
        case .previousTrack: "previous-track"
        case .importAlbumList: "import"
        case .exportAlbumList: "export"
        case .showShortcuts: "show-help-overlay"  // the name GtkApplicationWindow's own would have
        case .closeWindow: "close"  // GtkWindow's own
        case .preferences: "preferences"
        case .about: "about"
        case .startNewLibrary: "start-new-library"
        case .quit: "quit"
        }
    }

    /// The name buttons, menus and accelerators use: `win.undo`.
    var detailedName: String { "\(group.rawValue).\(name)" }

    /// The name a menu item uses for one state of a stateful action: `win.sort::title`.
    func detailedName(target: String) -> String { "\(detailedName)::\(target)" }

    /// The keyboard shortcuts, in GTK's syntax and GTK's own way of writing them (modifiers
    /// as `gtk_accelerator_name` orders them), the first one being the one shown to users.
    var accelerators: [String] {
        switch self {
        case .addAlbum: ["<Control>n"]
        case .editAlbum: ["F2", "<Control>e"]
        case .importMusicFolder: ["<Control>o"]
        case .search: ["<Control>f"]
        case .undo: ["<Control>z"]
        case .redo: ["<Shift><Control>z"]
        case .delete: ["Delete", "KP_Delete"]
        case .dismissNotice: ["Escape"]
        // GNOME Music's and Rhythmbox's key; the media keys too, when the session leaves
        // them to the focused window (GNOME Shell sends them over MPRIS instead).
        case .playPause: ["<Control>space", "AudioPlay"]
        case .nextTrack: ["<Alt>Right", "AudioNext"]
        case .previousTrack: ["<Alt>Left", "AudioPrev"]
        case .sort, .playAlbum, .importAlbumList, .exportAlbumList, .musicFolders, .findCoverOnline, .findMissingCovers: []
        case .showShortcuts: ["<Control>question"]
        case .closeWindow: ["<Control>w"]
        case .preferences: ["<Control>comma"]
        case .about, .startNewLibrary: []
        case .quit: ["<Control>q"]
        }
    }

    var binding: Binding {
        self == .dismissNotice ? .window : .application
    }

    /// What the action does, as a button's tooltip or a menu item says it.
    var title: String {
        switch self {
        case .addAlbum: localized("_Add Album…")
        case .editAlbum: localized("_Edit Album…")
        case .importMusicFolder: localized("Import _Music Folder…")
        case .musicFolders: localized("Music _Folders")
        case .findCoverOnline: localized("Find _Cover Online…")
        case .findMissingCovers: localized("Find Missing C_overs")
        case .search: localized("Search")
        case .sort: localized("_Sort By")
        case .undo: localized("Undo")
        case .redo: localized("Redo")
        case .delete: localized("Delete Album")
        case .dismissNotice: localized("Dismiss")
        case .playAlbum: localized("_Play")
        case .playPause: localized("Play or Pause")
        case .nextTrack: localized("Next Track")
        case .previousTrack: localized("Previous Track")
        case .importAlbumList: localized("_Import Album List…")
        case .exportAlbumList: localized("_Export Album List…")
        case .showShortcuts: localized("_Keyboard Shortcuts")
        case .closeWindow: localized("Close the window")
        case .preferences: localized("_Preferences")
        case .about: localized("_About BlueLibrary")
        case .startNewLibrary: localized("_Start a New Library")
        case .quit: localized("_Quit")
        }
    }

    /// The title as a tooltip or an accessible name says it: no mnemonic, no ellipsis
    /// ("Add Album").
    var plainTitle: String {
        title.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "…", with: "")
    }

    /// The first shortcut as users read it ("Ctrl+Z"), or nil without one.
    var shortcutLabel: String? {
        accelerators.first.map(Accelerator.label)
    }

    /// A tooltip saying what a button does and its shortcut: "Undo (Ctrl+Z)", or with
    /// `description` instead of the title, "Undo Delete “Best of Bowie” (Ctrl+Z)".
    func tooltip(_ description: String? = nil) -> String {
        let text = description ?? plainTitle
        guard let shortcutLabel else { return text }
        return localized("%1$@ (%2$@)", text, shortcutLabel)
    }
}

// MARK: - Binding the shortcuts

extension Application {
    /// Sets the application accelerators of every action bound that way.
    func setAccelerators(of actions: [AppAction]) {
        for action in actions where action.binding == .application && !action.accelerators.isEmpty {
            setAccelerators(action.accelerators, for: action.detailedName)
        }
    }
}

extension ApplicationWindow {
    /// Adds the window shortcuts of every action bound that way.
    func addShortcuts(of actions: [AppAction]) {
        for action in actions where action.binding == .window {
            for accelerator in action.accelerators {
                addShortcut(accelerator, action: action.detailedName)
            }
        }
    }
}
