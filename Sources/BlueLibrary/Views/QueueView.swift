import GtkKit
import LibraryCore

// MARK: - QueueViewDataSource

/// What the queue view shows in each row: the controller reads it from the player.
@MainActor
protocol QueueViewDataSource: AnyObject {
    /// How many tracks the queue holds.
    var queueCount: Int { get }
    /// The play position of the track playing.
    var queueCurrent: Int? { get }
    /// The row at play position `position`.
    func queueRow(at position: Int) -> QueueRowContent?
}

// MARK: - QueueView

/// The play queue, in the popover of the play bar's Queue button: the tracks in the order
/// they play, each with its album's cover, the one playing marked. A list model of positions
/// (`PositionListModel`), so a queue of a million tracks makes only the rows on screen.
///
/// Enter or a double click plays from a track; Alt+Up and Alt+Down move it, and so does
/// dragging it onto another row; Delete takes it out; Clear empties the queue but for the
/// track playing.
@MainActor
package final class QueueView: Widget {
    private let model = PositionListModel()
    private let selection: SingleSelection
    private let factory = ListItemFactory()
    package let list: GridView
    private let countLabel = Label()
    package let clearButton = Button(mnemonic: localized("_Clear"))
    /// The rows bound now, by position: what a change shows again.
    private var boundRows: [ObjectIdentifier: (item: ListItem, row: QueueRow)] = [:]
    weak var dataSource: QueueViewDataSource?
    /// Loads the cover at an address for a row.
    var loadCover: ((String, QueueRow) -> Void)?
    /// Called with a play position: play from it.
    var onActivate: ((Int) -> Void)?
    /// Called with a play position and the one to move it to.
    var onMove: ((Int, Int) -> Void)?
    /// Called with a play position to take out.
    var onRemove: ((Int) -> Void)?
    var onClear: (() -> Void)?

    private static let rowKey = "bluelibrary-queue-row"
    /// What a dragged row offers: this prefix and its position.
    private static let dragPrefix = "bluelibrary-queue-position:"

    init() {
        selection = SingleSelection(model: model)
        list = GridView(selection: selection, factory: factory, orientation: .vertical)
        let column = Box(.vertical, spacing: 6)
        super.init(adopting: column)
        column.addCSSClass("queue-view")
        let header = Box(.horizontal, spacing: 12)
        let heading = Label(localized("Queue"))
        heading.addCSSClass("heading")
        heading.xAlign = 0
        countLabel.addCSSClass("dim-label")
        countLabel.xAlign = 0
        countLabel.expandsHorizontally = true
        clearButton.onClicked { [weak self] in self?.onClear?() }
        header.append(heading)
        header.append(countLabel)
        header.append(clearButton)
        let scroller = ScrolledWindow(child: list)
        scroller.scrollsVerticallyOnly()
        scroller.setSizeRequest(width: 380, height: 420)
        list.setAccessibleLabel(localized("Queue"))
        list.onActivate { [weak self] position in self?.onActivate?(position) }
        column.append(header)
        column.append(scroller)
        connectFactory()
        connectKeys()
    }

    // MARK: Content

    /// Shows the queue as it is now: its length, and the rows on screen again.
    func reload() {
        let count = dataSource?.queueCount ?? 0
        if model.count != count { model.resize(to: count) }
        countLabel.text = localizedPlural("%@ track", "%@ tracks", count)
        clearButton.isSensitive = count > 1
        for (item, row) in boundRows.values {
            if let position = item.position { configure(row, at: position) }
        }
    }

    /// Gives the track playing the focus, scrolled into view (when the queue opens).
    func showCurrent() {
        guard let current = dataSource?.queueCurrent, current < model.count else { return }
        focus(at: current)
    }

    private func configure(_ row: QueueRow, at position: Int) {
        guard let content = dataSource?.queueRow(at: position) else { return }
        if row.show(content), let address = content.coverAddress { loadCover?(address, row) }
    }

    // MARK: Rows

    private func connectFactory() {
        factory.onSetup { [weak self] item in
            guard let self else { return }
            let row = QueueRow()
            item.setChild(row)
            item.attach(row, forKey: Self.rowKey)
            connectDrag(of: row, in: item)
        }
        factory.onBind { [weak self] item in
            guard let self, let row = item.attached(forKey: Self.rowKey) as? QueueRow, let position = item.position else { return }
            boundRows[ObjectIdentifier(row)] = (item, row)
            configure(row, at: position)
        }
        factory.onUnbind { [weak self] item in
            guard let row = item.attached(forKey: Self.rowKey) as? QueueRow else { return }
            self?.boundRows[ObjectIdentifier(row)] = nil
        }
        factory.onTeardown { item in item.attach(nil, forKey: Self.rowKey) }
    }

    /// A row is dragged by the text naming its position, and takes the row dropped on it.
    private func connectDrag(of row: QueueRow, in item: ListItem) {
        let source = TextDragSource()
        source.onPrepare { [weak item] _, _ in
            item?.position.map { "\(Self.dragPrefix)\($0)" }
        }
        row.addController(source)
        let target = TextDropTarget()
        target.onDrop { [weak self, weak item] text, _, _ in
            guard let self, text.hasPrefix(Self.dragPrefix), let from = Int(text.dropFirst(Self.dragPrefix.count)),
                  let to = item?.position, from != to else { return false }
            onMove?(from, to)
            focus(at: to)
            return true
        }
        row.addController(target)
    }

    // MARK: Keys

    /// The queue's keys, before the list's own: the focus and the selection move together
    /// (GTK 4.8's grid view moves the focus alone), so what a key acts on is what is seen.
    private func connectKeys() {
        let keys = KeyController(beforeChildren: true)
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, let selected = selection.selected else { return false }
            let last = model.count - 1
            switch (key, modifiers.intersection(.shortcut)) {
            case (Keys.up, []):
                focus(at: max(selected - 1, 0))
            case (Keys.down, []):
                focus(at: min(selected + 1, last))
            case (Keys.home, []):
                focus(at: 0)
            case (Keys.end, []):
                focus(at: last)
            case (Keys.up, .alt) where selected > 0:
                move(from: selected, to: selected - 1)
            case (Keys.down, .alt) where selected < last:
                move(from: selected, to: selected + 1)
            case (let key, []) where Keys.deletes.contains(key):
                onRemove?(selected)
                let next = min(selected, model.count - 1)
                if next >= 0 { focus(at: next) }
            default:
                return false
            }
            return true
        }
        list.addController(keys)
    }

    private func move(from: Int, to: Int) {
        onMove?(from, to)
        focus(at: to)
    }

    /// Selects the row at `position` and gives it the keyboard focus, scrolled into view.
    private func focus(at position: Int) {
        selection.selected = position
        // GTK 4.8 moves the focus to the item scrolled to only while the list has it.
        if !list.containsFocus { _ = list.grabFocus() }
        list.scrollToItem(at: position)
    }

    /// The play position of the row with the keyboard focus (and the selection).
    package var focusedPosition: Int? { selection.selected }

    // MARK: Reading

    /// The rows on screen, as a user reads them, in order.
    package var shownRows: [String] {
        boundRows.values.compactMap { item, row in item.position.map { ($0, row.spokenName) } }
            .sorted { $0.0 < $1.0 }.map(\.1)
    }

}
