import GtkKit
import LibraryCore

// MARK: - PropertiesListView

/// The selected album's properties (Artist, Album, Genre, Year) as rows of a title and a
/// selectable value, or an empty state that says why there is nothing to show.
@MainActor
final class PropertiesListView {
    let widget: Widget

    private let stack = Stack()
    private let rowsBox = Box(.vertical, spacing: 0)
    private let emptyTitle = Label()
    private var rows: [(title: Label, value: Label)] = []

    init() {
        rowsBox.addCSSClass("properties-list")
        rowsBox.setAlignment(horizontal: .center, vertical: .start)
        rowsBox.setAccessibleLabel(localized("Album properties"))

        emptyTitle.addCSSClass("empty-state-title")
        let emptyIcon = Label("♫")
        emptyIcon.addCSSClass("empty-state-icon")
        let empty = Box(.vertical, spacing: 12)
        empty.addCSSClass("empty-state")
        empty.setAlignment(horizontal: .center, vertical: .center)
        empty.append(emptyIcon)
        empty.append(emptyTitle)

        stack.add(rowsBox, named: "rows")
        stack.add(empty, named: "empty")
        stack.crossfades()
        stack.expandsVertically = true
        widget = stack
    }

    // MARK: Content

    /// Shows `properties`; with `nil`, shows the empty state with `emptyMessage`.
    func show(_ properties: [AlbumPropertyRow]?, emptyMessage: String) {
        guard let properties else {
            emptyTitle.text = emptyMessage
            stack.visibleChildName = "empty"
            return
        }
        while rows.count < properties.count { addRow() }
        for (row, property) in zip(rows, properties) {
            row.title.text = property.title
            row.value.text = property.value.forDisplay
        }
        stack.visibleChildName = "rows"
    }

    /// Clears any selection in the values (GTK selects a label's text when it gets the
    /// window's first focus, before the strip takes it).
    func deselectText() {
        rows.forEach { $0.value.deselectText() }
    }

    /// What the list shows now, as a user would read it: each row's title and value, or
    /// the empty state's message.
    var shownText: [String] {
        stack.visibleChildName == "empty" ? [emptyTitle.text] : rows.map { "\($0.title.text): \($0.value.text)" }
    }

    private func addRow() {
        let title = Label()
        title.addCSSClass("property-title")
        title.xAlign = 1
        title.setSizeRequest(width: 120, height: -1)
        let value = Label()
        value.addCSSClass("property-value")
        value.xAlign = 0
        value.isSelectable = true
        value.wrap(maxWidthChars: 48)
        value.expandsHorizontally = true
        value.setSizeRequest(width: 320, height: -1)  // the columns stay put as values change
        let row = Box(.horizontal, spacing: 18)
        row.addCSSClass("property-row")
        row.append(title)
        row.append(value)
        rowsBox.append(row)
        rows.append((title, value))
    }
}
