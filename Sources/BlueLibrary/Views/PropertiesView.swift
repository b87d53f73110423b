import GtkKit
import LibraryCore

// MARK: - PropertiesView

/// The selected album's properties (Artist, Album, Genre, Year; and Tracks, Length and Folder
/// for an album from a music folder) as rows of a title and a selectable value with Play, Play
/// Next, Add to Queue and Edit buttons under them (and Find Cover and, for an album with a
/// folder, Open Folder after the rows), or an empty state (a libadwaita status page) that says
/// why there is nothing to show and what to do.
///
/// It never sizes the window: long values wrap within a bounded width, and the rows scroll
/// when they are taller than the room the window gives them. Screen readers hear each value
/// with its title ("Genre: Rock"); the titles themselves, and whichever of the rows and the
/// empty state is not shown, are not in the accessible tree.
@MainActor
package final class PropertiesView: Widget {
    private let rowsGrid = Grid(columnSpacing: 18, rowSpacing: 10)
    private let rowsScroller: ScrolledWindow
    private let buttons = Box(.horizontal, spacing: 12)
    private let empty = StatusPage(iconName: EmptyState.noSelection.iconName)
    /// Plays the album from its first track (`win.play`); greyed for an album without files.
    package let playButton = Button(mnemonic: localized("_Play"))
    /// Puts the album after the track playing (`win.play-next`).
    package let playNextButton = Button(iconName: "go-jump-symbolic")
    /// Puts the album at the end of the queue (`win.add-to-queue`).
    package let addToQueueButton = Button(iconName: "list-add-symbolic")
    /// Opens the Edit Album dialog (`win.edit`).
    let editButton = Button(mnemonic: localized("_Edit…"))
    /// Looks the album's cover up online (`win.find-cover-online`).
    let findCoverButton = Button(mnemonic: localized("Find _Cover…"))
    /// Opens the album's folder in the file manager; shown for an album with a folder.
    let openFolderButton = Button(mnemonic: localized("Open _Folder"))
    /// Called with the folder's URI when the user asks to open it.
    var onOpenFolder: ((String) -> Void)?
    private var folder: String?
    private var rows: [(title: Label, value: Label)] = []

    // Looked up once: the rows are filled at every change of selection.
    private static let accessibleValue = LocalizedFormat(localized("%1$@: %2$@"))

    init() {
        let column = Box(.vertical, spacing: 0)
        // Find Cover… and Open Folder follow the rows and scroll with them: beside Play, Play
        // Next, Add to Queue and Edit, they made a 360-pixel window, or a side-by-side column,
        // too narrow, and a second row of buttons would take the rows' height at every size.
        let scrolled = Box(.vertical, spacing: 12)
        scrolled.append(rowsGrid)
        let folderButtons = Box(.horizontal, spacing: 12)
        folderButtons.setAlignment(horizontal: .center, vertical: .start)
        folderButtons.addCSSClass("folder-buttons")
        folderButtons.append(findCoverButton)
        folderButtons.append(openFolderButton)
        scrolled.append(folderButtons)
        rowsScroller = ScrolledWindow(child: scrolled)
        super.init(adopting: column)
        rowsGrid.addCSSClass("properties-list")
        rowsGrid.setAlignment(horizontal: .center, vertical: .start)
        rowsGrid.setAccessibleLabel(localized("Album properties"))
        editButton.actionName = AppAction.editAlbum.detailedName
        editButton.tooltip = AppAction.editAlbum.tooltip()
        findCoverButton.actionName = AppAction.findCoverOnline.detailedName
        findCoverButton.tooltip = localized("Look for the album’s cover on MusicBrainz")
        openFolderButton.tooltip = localized("Show the album’s files in the file manager")
        // The buttons stay under the rows, outside their scrolling: a long album (seven rows,
        // a long folder) scrolls, and Edit stays in reach.
        buttons.addCSSClass("properties-buttons")
        buttons.setAlignment(horizontal: .center, vertical: .start)
        playButton.actionName = AppAction.playAlbum.detailedName
        playButton.addCSSClass("suggested-action")
        // Play and its two queue buttons, side by side as one group.
        let playing = Box(.horizontal, spacing: 0)
        playing.addCSSClass("linked")
        playing.append(playButton)
        for (button, action) in [(playNextButton, AppAction.playNext), (addToQueueButton, .addToQueue)] {
            button.actionName = action.detailedName
            button.setSoleAccessibleLabel(action.plainTitle)
            button.tooltip = action.tooltip()
            playing.append(button)
        }
        buttons.append(playing)
        buttons.append(editButton)
        rowsScroller.scrollsVerticallyOnly()
        rowsScroller.followsChildHeight()

        // The empty state takes the whole width it is given (the details box gives its
        // children their natural width): a status page's own is a narrow column.
        empty.expandsVertically = true
        empty.expandsHorizontally = true
        empty.isVisible = false
        // libadwaita's style for a status page in a side panel: a 96-pixel icon, which the
        // icon theme has drawn already. At the default 128 pixels GTK drew the symbolic SVG,
        // loading librsvg for it: the first search that matched nothing took 60–140 ms.
        empty.addCSSClass("compact")

        column.append(rowsScroller)
        column.append(buttons)
        column.append(empty)
        column.expandsVertically = true
        openFolderButton.onClicked { [weak self] in
            guard let self, let folder else { return }
            onOpenFolder?(folder)
        }
    }

    // MARK: Content

    /// Shows `properties` (and Open Folder when there is a `folder`, a URI); with `nil`,
    /// shows `emptyState`.
    func show(_ properties: [AlbumPropertyRow]?, folder: String? = nil, emptyState: EmptyState) {
        self.folder = folder
        openFolderButton.isVisible = folder != nil
        guard let properties else {
            if empty.title != emptyState.title { empty.title = emptyState.title }
            if empty.pageDescription != emptyState.description { empty.pageDescription = emptyState.description }
            if empty.iconName != emptyState.iconName { empty.iconName = emptyState.iconName }
            empty.isVisible = true
            rowsScroller.isVisible = false
            buttons.isVisible = false
            return
        }
        while rows.count < properties.count { addRow() }
        for (row, property) in zip(rows, properties) {
            let value = property.value.forDisplay
            row.title.text = property.title
            row.value.text = value
            row.value.setAccessibleLabel(Self.accessibleValue.filled(with: property.title, value))
        }
        for (index, row) in rows.enumerated() {
            row.title.isVisible = index < properties.count
            row.value.isVisible = index < properties.count
        }
        rowsScroller.isVisible = true
        buttons.isVisible = true
        empty.isVisible = false
    }

    /// Clears any selection in the values (GTK selects a label's text when it gets the
    /// window's first focus, before the strip takes it).
    func deselectText() {
        rows.forEach { $0.value.deselectText() }
    }

    /// What the list shows now, as a user would read it: each row's title and value, or
    /// the empty state's title.
    package var shownText: [String] {
        empty.isVisible ? [empty.title] : rows.filter(\.value.isVisible).map { "\($0.title.text): \($0.value.text)" }
    }

    private func addRow() {
        let title = Label(accessibleRole: .presentation)  // the value's name says it
        title.addCSSClass("property-title")
        title.xAlign = 1
        title.setAlignment(horizontal: .fill, vertical: .start)  // beside a value's first line
        title.setSizeRequest(width: 80, height: -1)
        let value = Label()
        value.addCSSClass("property-value")
        value.xAlign = 0
        value.isSelectable = true
        value.wrap(maxWidthChars: 48)
        value.expandsHorizontally = true
        value.setSizeRequest(width: 160, height: -1)  // the columns stay put as values change (and fit 360 px)
        rowsGrid.attach(title, column: 0, row: rows.count)
        rowsGrid.attach(value, column: 1, row: rows.count)
        rows.append((title, value))
    }
}

// MARK: - EmptyState

/// Why the properties list has nothing to show, and what the user can do about it.
struct EmptyState: Equatable {
    var title: String
    var description: String
    var iconName: String

    /// Albums are shown, but none is selected.
    static var noSelection: EmptyState {
        EmptyState(title: localized("No album selected"), description: "", iconName: "media-optical-cd-audio-symbolic")
    }

    /// The library has no album.
    static var emptyLibrary: EmptyState {
        EmptyState(
            title: localized("Your library is empty"),
            description: localized("Add an album with the + button, or a music folder with Ctrl+O."),
            iconName: "folder-music-symbolic"
        )
    }

    /// A search or filter that matches nothing: `title` says which.
    static func noMatch(_ title: String) -> EmptyState {
        EmptyState(title: title, description: localized("Try other words, or press Escape to see every album."),
                   iconName: "system-search-symbolic")
    }
}
