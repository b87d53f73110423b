import GtkKit
import LibraryCore

// MARK: - TrackListView

/// The tracks of the selected album, in play order: number (with the disc on albums of more
/// than one), title, the artist where it differs from the album's, how often it was played
/// (from the listening history, once read), and length; the track playing is marked. Enter
/// or a double click on a track plays the album from it; a secondary click, Shift+F10 or the
/// Menu key opens the track's menu (Play Next, Add to Queue).
@MainActor
package final class TrackListView: Widget {
    private let list = ListBox()
    /// Called with a track's index when the user activates it.
    var onActivate: ((Int) -> Void)?
    /// The track a menu was last opened for: what its items act on.
    private(set) var menuTrack: Int?
    private var contextMenu: PopoverMenu?
    private var numberLabels: [Label] = []
    private var playsLabels: [Label] = []
    /// Each row's accessible name without its plays ("1, Part 1, 0:01").
    private var baseNames: [String] = []
    /// Each row's accessible name as read now, with its plays.
    private var rowNames: [String] = []
    private var tracks: [Track] = []
    private var markedIndex: Int?

    // Looked up once.
    private static let accessibleRow = LocalizedFormat(localized("%1$@, %2$@"))
    private static let playingRow = LocalizedFormat(localized("%@, playing"))
    private static let playedRow = LocalizedFormat(localized("%1$@, played %2$@"))

    init() {
        let scroller = ScrolledWindow(child: list)
        // The track's menu is parented to this box, not to the list: a list box takes only
        // rows, and one that held a popover looped on it as it went (GTK 4.8).
        let column = Box(.vertical, spacing: 0)
        column.append(scroller)
        super.init(adopting: column)
        column.expandsVertically = true
        column.expandsHorizontally = true
        scroller.scrollsVerticallyOnly()
        scroller.expandsVertically = true
        scroller.expandsHorizontally = true
        scroller.addCSSClass("track-list-scroller")
        list.addCSSClass("track-list")
        list.addCSSClass("boxed-list")
        list.setAccessibleLabel(localized("Tracks"))
        list.setAlignment(horizontal: .fill, vertical: .start)
        list.onActivate { [weak self] index in self?.onActivate?(index) }
        connectContextMenu()
        // Hidden until an album with tracks is shown: an empty list took half of a wide window
        // from the properties (and from the empty state of a search that found nothing).
        isVisible = false
    }

    // MARK: The track's menu

    private func connectContextMenu() {
        let click = ClickGesture(button: ClickGesture.secondaryButton)
        click.onPressed { [weak self] x, y in
            guard let self, let index = index(atY: y), let origin = list.bounds(in: self) else { return }
            openMenu(forTrackAt: index, x: x + origin.x, y: y + origin.y)
        }
        list.addController(click)
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, key == Keys.menu || (key == Keys.f10 && modifiers == .shift),
                  let index = (0..<list.count).first(where: { self.list.row(at: $0)?.containsFocus == true }),
                  let bounds = list.row(at: index)?.bounds(in: self) else { return false }
            openMenu(forTrackAt: index, x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
            return true
        }
        list.addController(keys)
    }

    private func openMenu(forTrackAt index: Int, x: Double, y: Double) {
        menuTrack = index
        let menu = Menu()
        for action in [AppAction.playTrackNext, .addTrackToQueue] {
            menu.append(action.title, action: action.detailedName)
        }
        if contextMenu == nil { contextMenu = PopoverMenu(menu: menu) }
        contextMenu?.setMenu(menu)
        contextMenu?.popUp(over: self, x: x, y: y)
    }

    /// The index of the track whose row is at `y` of the list.
    private func index(atY y: Double) -> Int? {
        (0..<list.count).first { index in
            guard let bounds = list.row(at: index)?.bounds(in: list) else { return false }
            return y >= bounds.y && y < bounds.y + bounds.height
        }
    }

    // MARK: Content

    /// Shows `tracks` of the album by `albumArtist` (none: the list hides).
    func show(_ tracks: [Track], albumArtist: String) {
        guard tracks != self.tracks else { return }
        self.tracks = tracks
        markedIndex = nil
        list.removeAll()
        numberLabels = []
        playsLabels = []
        baseNames = []
        rowNames = []
        let showsDiscs = Set(tracks.map { $0.discNumber ?? 1 }).count > 1
        for (index, track) in tracks.enumerated() {
            let row = Box(.horizontal, spacing: 12)
            row.addCSSClass("track-row")
            let number = Label(Self.number(of: track, at: index, showsDisc: showsDiscs))
            number.addCSSClass("track-number")
            number.addCSSClass("numeric")
            number.setSizeRequest(width: 36, height: -1)
            number.xAlign = 1
            let title = Label(track.displayTitle)
            title.xAlign = 0
            title.ellipsize()
            title.expandsHorizontally = true
            row.append(number)
            row.append(title)
            let otherArtist = track.artist(differingFrom: albumArtist)
            if !otherArtist.isEmpty {
                let artist = Label(otherArtist)
                artist.addCSSClass("dim-label")
                artist.ellipsize()
                row.append(artist)
            }
            let plays = Label("")
            plays.addCSSClass("track-plays")
            plays.addCSSClass("numeric")
            plays.addCSSClass("dim-label")
            plays.isVisible = false
            row.append(plays)
            let length = Label(track.duration.clockText)
            length.addCSSClass("numeric")
            length.addCSSClass("dim-label")
            row.append(length)
            let name = [track.displayTitle, otherArtist, track.duration.clockText].filter { !$0.isEmpty }
            let rowName = Self.accessibleRow.filled(with: number.text, name.joined(separator: ", "))
            list.append(row, accessibleLabel: rowName)
            numberLabels.append(number)
            playsLabels.append(plays)
            baseNames.append(rowName)
            rowNames.append(rowName)
        }
        isVisible = !tracks.isEmpty
    }

    /// Shows how often each track shown was played ("3 plays", and "3 times · last today" as
    /// its tooltip); a track missing from `plays` was never played and says nothing.
    func showPlays(_ plays: [MusicFilePath: AlbumPlays]) {
        for (index, track) in tracks.enumerated() {
            let label = playsLabels[index]
            let trackPlays = plays[track.path]
            let text = trackPlays.map { localizedPlural("%@ play", "%@ plays", $0.count, $0.count.formatted()) } ?? ""
            let detail = trackPlays?.text()
            guard text != label.text || detail != label.tooltip else { continue }
            label.text = text
            label.tooltip = detail
            label.isVisible = trackPlays != nil
            rowNames[index] = detail.map { Self.playedRow.filled(with: baseNames[index], $0) } ?? baseNames[index]
            if index != markedIndex { list.row(at: index)?.setAccessibleLabel(rowNames[index]) }
        }
        if let markedIndex, rowNames.indices.contains(markedIndex) {
            list.row(at: markedIndex)?.setAccessibleLabel(Self.playingRow.filled(with: rowNames[markedIndex]))
        }
    }

    /// The files of the tracks shown, in order.
    var shownPaths: [MusicFilePath] {
        tracks.map(\.path)
    }

    /// Marks the track at `index` as the one playing (nil: none of these).
    func markPlaying(_ index: Int?) {
        guard index != markedIndex else { return }
        if let old = markedIndex, numberLabels.indices.contains(old) {
            numberLabels[old].text = Self.number(of: tracks[old], at: old, showsDisc: Set(tracks.map { $0.discNumber ?? 1 }).count > 1)
            list.row(at: old)?.removeCSSClass("playing")
            list.row(at: old)?.setAccessibleLabel(rowNames[old])
        }
        markedIndex = index
        if let index, numberLabels.indices.contains(index) {
            numberLabels[index].text = "▶"
            list.row(at: index)?.addCSSClass("playing")
            list.row(at: index)?.setAccessibleLabel(Self.playingRow.filled(with: rowNames[index]))
        }
    }

    /// Gives the keyboard focus to the track at `index`.
    func focusTrack(at index: Int) {
        _ = list.row(at: index)?.grabFocus()
    }

    /// The row showing the track at `index` (what a click or the keyboard focus lands on).
    package func row(at index: Int) -> Widget? {
        list.row(at: index)
    }

    /// The tracks shown, as a user reads each row ("1 Part 1 0:01", "2 Part 2 3 plays 0:01").
    package var shownText: [String] {
        tracks.enumerated().map { index, track in
            [numberLabels[index].text, track.displayTitle, playsLabels[index].text, track.duration.clockText]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    private static func number(of track: Track, at index: Int, showsDisc: Bool) -> String {
        let number = track.trackNumber.map(String.init) ?? String(index + 1)
        return showsDisc ? "\(track.discNumber ?? 1)-\(number)" : number
    }
}
