import GtkKit
import LibraryCore

// MARK: - MainHeaderBar

/// The header bar (libadwaita's): Add, Undo and Trash on the left, Search and the main menu
/// on the right, and in the middle the app's name over how many albums there are ("3 of
/// 4,000 albums" in a search). The buttons are bound to window actions, so they are sensitive
/// exactly when their actions are enabled.
@MainActor
package final class MainHeaderBar: Widget {
    let addButton = Button(iconName: "list-add-symbolic")
    let undoButton = Button(iconName: "edit-undo-symbolic")
    let trashButton = Button(iconName: "user-trash-symbolic")
    /// Plays every album the strip shows, in its order (`win.play-all`).
    package let playAllButton = Button(iconName: "media-playback-start-symbolic")
    /// Shows and hides the search bar (bound to it by the controller).
    package let searchButton = ToggleButton(iconName: "system-search-symbolic")
    package let menuButton: MenuButton
    /// The app's name, and the count under it.
    package let title = WindowTitle(title: AppInfo.name)
    /// What Undo would undo, for its tooltip.
    private var undoDescription: String?

    init() {
        let menu = Menu()
        // Add Album and Delete Album are here too: a narrow window hides their buttons.
        for action in [AppAction.addAlbum, .editAlbum, .delete, .playAll, .importMusicFolder, .musicFolders, .importAlbumList, .exportAlbumList] {
            menu.append(action.title, action: action.detailedName)
        }
        let covers = Menu()
        for action in [AppAction.findCoverOnline, .findMissingCovers] {
            covers.append(action.title, action: action.detailedName)
        }
        menu.appendSection(covers)
        menu.appendSubmenu(AppAction.sort.title, Self.sortMenu())
        let about = Menu()
        for action in [AppAction.preferences, .showShortcuts, .about, .quit] {
            about.append(action.title, action: action.detailedName)
        }
        menu.appendSection(about)
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
        playAllButton.actionName = AppAction.playAll.detailedName
        playAllButton.tooltip = AppAction.playAll.tooltip(localized("Play all the albums shown"))
        playAllButton.setSoleAccessibleLabel(AppAction.playAll.plainTitle)
        menuButton.tooltip = localized("Main Menu")
        menuButton.setAccessibleLabel(localized("Main menu"))
        menuButton.isPrimary = true  // F10 opens it
        searchButton.tooltip = AppAction.search.tooltip()
        searchButton.setAccessibleLabel(AppAction.search.plainTitle)

        for button in [addButton, undoButton, trashButton, playAllButton] as [Widget] + [menuButton, searchButton] {
            button.takesFocusOnClick = false  // the focus stays in the cover strip
        }
        bar.packStart(addButton)
        bar.packStart(undoButton)
        bar.packStart(trashButton)
        bar.packEnd(menuButton)
        bar.packEnd(searchButton)
        bar.packEnd(playAllButton)
        // The title gives up its width first (ellipsized), so the window can be narrow.
        bar.setTitleWidget(title)
        undoButton.provideTooltip { [weak self] in self?.undoTooltip }
    }

    /// Windows narrower than this show Add and Trash only in the main menu, so the header bar
    /// fits a 360-pixel window (a phone, a tiled half of a small screen).
    static let compactWidth = 520

    /// Hides the secondary buttons (Add, Trash) in a narrow window; the main menu has both.
    func fit(windowWidth: Int) {
        let compact = windowWidth < Self.compactWidth
        guard addButton.isVisible == compact else { return }
        addButton.isVisible = !compact
        trashButton.isVisible = !compact
        playAllButton.isVisible = !compact
    }

    /// The main menu's Sort By submenu: one radio item per sort.
    private static func sortMenu() -> Menu {
        let menu = Menu()
        for sort in AlbumSort.allCases {
            let title = switch sort {
            case .libraryOrder: localized("_Library Order")
            case .title: localized("_Title")
            case .artist: localized("_Artist")
            case .year: localized("_Year")
            case .recentlyAdded: localized("_Recently Added")
            case .recentlyPlayed: localized("Recently _Played")
            case .mostPlayed: localized("_Most Played")
            }
            menu.append(title, action: AppAction.sort.detailedName(target: sort.rawValue))
        }
        return menu
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
