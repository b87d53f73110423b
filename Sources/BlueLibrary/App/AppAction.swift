import GtkKit
import LibraryCore

// MARK: - AppAction

/// Every action a user can trigger by name: the one place each is declared (`declaration`),
/// with its name, title, keyboard shortcuts, what it does and when it is enabled (a rule
/// read from the window, so nothing else is touched to add one). The
/// application's actions and accelerators, the window's actions (`WindowActions`) and
/// shortcuts, the buttons' action names and tooltips and the menu are made from it; the
/// Keyboard Shortcuts window (`Resources/shortcuts-window.ui`) and the README's table are
/// checked against it by `ShortcutsTests`. Adding an action is one case here, one arm in
/// `declaration`, and a line in the shortcuts window.
///
/// Keys that only move within a widget (arrows, Home, End, Tab, F10) belong to GTK's own
/// widgets and are listed in the help overlay alone.
package enum AppAction: CaseIterable {
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
    case escape
    case playAlbum
    case playAll
    case playNext
    case addToQueue
    /// The track list's menu: the track it was opened for.
    case playTrackNext
    case addTrackToQueue
    /// The Undo of a Play Next or Add to Queue notice (the queue's, not the library's).
    case undoQueueChange
    case playPause
    case nextTrack
    case previousTrack
    case shuffle
    case repeatMode
    case showQueue
    case importAlbumList
    case exportAlbumList
    case showShortcuts
    case closeWindow
    case preferences
    case about
    case startNewLibrary
    case quit

    typealias Group = ActionDeclaration.Group
    typealias Binding = ActionDeclaration.Binding

    /// The action, declared: its name, title, shortcuts, what it does, and when it is enabled.
    var declaration: ActionDeclaration {
        switch self {
        case .addAlbum:
            ActionDeclaration(group: .win, name: "add", title: localized("_Add Album…"), accelerators: ["<Control>n"],
                              handler: .window { $0.editing.addAlbum() })
        case .editAlbum:
            ActionDeclaration(group: .win, name: "edit", title: localized("_Edit Album…"), accelerators: ["F2", "<Control>e"],
                              handler: .window { $0.editing.editSelectedAlbum() }, isEnabled: { $0.library.selectedAlbum != nil })
        case .importMusicFolder:
            ActionDeclaration(group: .win, name: "import-music-folder", title: localized("Import _Music Folder…"), accelerators: ["<Control>o"],
                              handler: .window { $0.musicImport.chooseFolder() })
        case .musicFolders:
            ActionDeclaration(group: .win, name: "music-folders", title: localized("Music _Folders"),
                              handler: .window { $0.musicFolders.show() })
        case .findCoverOnline:
            ActionDeclaration(group: .win, name: "find-cover-online", title: localized("Find _Cover Online…"),
                              handler: .window { $0.coverLookup.findCoverForSelectedAlbum() }, isEnabled: { $0.library.selectedAlbum != nil })
        case .findMissingCovers:
            ActionDeclaration(group: .win, name: "find-missing-covers", title: localized("Find Missing C_overs"),
                              handler: .window { $0.coverLookup.findMissingCovers() })
        case .search:
            ActionDeclaration(group: .win, name: "search", title: localized("Search"), accelerators: ["<Control>f"],
                              handler: .window { $0.startSearching() })
        case .sort:
            ActionDeclaration(group: .win, name: "sort", title: localized("_Sort By"),
                              handler: .choice { $0.sort(by: $1) })
        case .undo:
            ActionDeclaration(group: .win, name: "undo", title: localized("Undo"), accelerators: ["<Control>z"],
                              handler: .window { $0.undo() }, isEnabled: { $0.library.canUndo })
        case .redo:
            ActionDeclaration(group: .win, name: "redo", title: localized("Redo"), accelerators: ["<Shift><Control>z"],
                              handler: .window { $0.redo() }, isEnabled: { $0.library.canRedo })
        case .delete:
            ActionDeclaration(group: .win, name: "delete", title: localized("Delete Album"), accelerators: ["Delete", "KP_Delete"],
                              handler: .window { $0.deleteSelectedAlbum() }, isEnabled: { $0.library.selectedAlbum != nil && !$0.playBar.queuePopover.isOpen })
        case .escape:
            // Bound on the window: an open menu or popover takes Escape first.
            ActionDeclaration(group: .win, name: "escape", title: localized("Dismiss the Notice or Leave the Search"), accelerators: ["Escape"],
                              binding: .window, handler: .window { $0.escape() }, isEnabled: { $0.toast.isShown || $0.browsingBar.searchBar.isSearching })
        case .playAlbum:
            ActionDeclaration(group: .win, name: "play", title: localized("_Play"),
                              handler: .window { $0.player.playSelectedAlbum() }, isEnabled: { $0.player.selectedAlbumIsPlayable })
        case .playAll:
            ActionDeclaration(group: .win, name: "play-all", title: localized("Play _All"), accelerators: ["<Shift><Control>p"],
                              handler: .window { $0.queue.playAllShown() }, isEnabled: { $0.library.count > 0 && $0.player.isAvailable })
        case .playNext:
            ActionDeclaration(group: .win, name: "play-next", title: localized("Play _Next"), accelerators: ["<Shift><Control>n"],
                              handler: .window { $0.queue.addSelectedAlbum(at: .next) }, isEnabled: { $0.player.selectedAlbumIsPlayable })
        case .addToQueue:
            ActionDeclaration(group: .win, name: "add-to-queue", title: localized("Add to _Queue"), accelerators: ["<Shift><Control>a"],
                              handler: .window { $0.queue.addSelectedAlbum(at: .end) }, isEnabled: { $0.player.selectedAlbumIsPlayable })
        case .playTrackNext:
            ActionDeclaration(group: .win, name: "play-track-next", title: localized("Play _Next"),
                              handler: .window { $0.queue.addTrack(at: $0.trackList.menuTrack, at: .next) }, isEnabled: { $0.player.selectedAlbumIsPlayable })
        case .addTrackToQueue:
            ActionDeclaration(group: .win, name: "add-track-to-queue", title: localized("Add to _Queue"),
                              handler: .window { $0.queue.addTrack(at: $0.trackList.menuTrack, at: .end) }, isEnabled: { $0.player.selectedAlbumIsPlayable })
        case .undoQueueChange:
            ActionDeclaration(group: .win, name: "undo-queue-change", title: localized("Undo"),
                              handler: .window { $0.queue.undoAddition() })
        case .playPause:
            // GNOME Music's and Rhythmbox's key; the media keys too, when the session leaves
            // them to the focused window (GNOME Shell sends them over MPRIS instead).
            ActionDeclaration(group: .win, name: "play-pause", title: localized("Play or Pause"), accelerators: ["<Control>space", "AudioPlay"],
                              handler: .window { $0.player.playPauseOrPlaySelected() }, isEnabled: { $0.player.queue != nil || $0.player.selectedAlbumIsPlayable })
        case .nextTrack:
            ActionDeclaration(group: .win, name: "next-track", title: localized("Next Track"), accelerators: ["<Alt>Right", "AudioNext"],
                              handler: .window { $0.player.next() }, isEnabled: { $0.player.hasNext })
        case .previousTrack:
            ActionDeclaration(group: .win, name: "previous-track", title: localized("Previous Track"), accelerators: ["<Alt>Left", "AudioPrev"],
                              handler: .window { $0.player.previous() }, isEnabled: { $0.player.queue != nil })
        case .shuffle:
            // GNOME Music's keys for shuffle and repeat.
            ActionDeclaration(group: .win, name: "shuffle", title: localized("Shuffle"), accelerators: ["<Control>s"],
                              handler: .window { $0.player.setShuffled(!$0.player.settings.isShuffled) }, isOn: { $0.player.settings.isShuffled })
        case .repeatMode:
            ActionDeclaration(group: .win, name: "repeat", title: localized("Repeat"), accelerators: ["<Control>r"],
                              handler: .window { $0.player.setRepeatMode($0.player.settings.repeatMode.following) })
        case .showQueue:
            // GNOME's key for the pane beside the content (the HIG's "show the sidebar").
            ActionDeclaration(group: .win, name: "show-queue", title: localized("Show the _Queue"), accelerators: ["F9"],
                              handler: .window { $0.playBar.queueButton.popUp() }, isEnabled: { $0.player.queue != nil })
        case .importAlbumList:
            ActionDeclaration(group: .win, name: "import", title: localized("_Import Album List…"),
                              handler: .window { $0.albumLists.chooseFileToImport() })
        case .exportAlbumList:
            ActionDeclaration(group: .win, name: "export", title: localized("_Export Album List…"),
                              handler: .window { $0.albumLists.chooseFileToExport() })
        case .showShortcuts:
            // The name GtkApplicationWindow's own would have; this one builds the window the
            // first time it opens (`AppResources.shortcutsWindowPath`).
            ActionDeclaration(group: .win, name: "show-help-overlay", title: localized("_Keyboard Shortcuts"), accelerators: ["<Control>question"],
                              handler: .window { $0.showKeyboardShortcuts() })
        case .closeWindow:
            ActionDeclaration(group: .window, name: "close", title: localized("Close the window"), accelerators: ["<Control>w"],
                              handler: .builtIn)
        case .preferences:
            ActionDeclaration(group: .app, name: "preferences", title: localized("_Preferences"), accelerators: ["<Control>comma"],
                              handler: .application { $0.showPreferences() })
        case .about:
            ActionDeclaration(group: .app, name: "about", title: localized("_About BlueLibrary"),
                              handler: .application { $0.showAbout() })
        case .startNewLibrary:
            ActionDeclaration(group: .app, name: "start-new-library", title: localized("_Start a New Library"),
                              handler: .application { $0.startNewLibrary() })
        case .quit:
            ActionDeclaration(group: .app, name: "quit", title: localized("_Quit"), accelerators: ["<Control>q"],
                              handler: .application { $0.quit() })
        }
    }

    var group: Group { declaration.group }
    /// The action's name within its group.
    var name: String { declaration.name }
    var accelerators: [String] { declaration.accelerators }
    var binding: Binding { declaration.binding }
    /// What the action does, as a button's tooltip or a menu item says it.
    var title: String { declaration.title }

    /// The name buttons, menus and accelerators use: `win.undo`.
    var detailedName: String { "\(group.rawValue).\(name)" }

    /// The name a menu item uses for one state of a stateful action: `win.sort::title`.
    func detailedName(target: String) -> String { "\(detailedName)::\(target)" }

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
