import Foundation
import GtkKit
import LibraryCore

// MARK: - AlbumEditor

/// The Add Album and Edit Album dialog: Title, Artist, Genre, Year and a cover, in a modal
/// window over the main one.
///
/// The rules of what may be saved are `AlbumForm`'s; the dialog shows them as the user types:
/// Add (or Save) is insensitive until there is a title, and a year or a cover address that is
/// not one says so under its field (in red, and to screen readers as the field's
/// description). Enter saves, Escape cancels. A cover comes from an address, an image file
/// chosen with the desktop's file chooser, or an image dropped onto the cover.
@MainActor
package final class AlbumEditor {
    /// What the dialog is for.
    package enum Purpose {
        case add
        case edit(Album)
    }

    package let window: DialogWindow
    package let titleField = Entry()
    package let artistField = Entry()
    package let genreField = Entry()
    package let yearField = Entry()
    package let coverField = Entry()
    package let saveButton: Button
    package let cancelButton = Button(mnemonic: localized("_Cancel"))
    package let chooseCoverButton = Button(mnemonic: localized("Choose _Image…"))
    /// Takes an image file or image data dropped onto the cover.
    package let coverDropTarget = DropTarget()

    let titleMessage = AlbumEditor.messageLabel()
    let yearMessage = AlbumEditor.messageLabel()
    let coverMessage = AlbumEditor.messageLabel()
    let coverPicture = Picture()
    let coverHint = Label()
    let coverFrame = Overlay()

    /// The fields as typed.
    package internal(set) var form: AlbumForm
    /// Why the last image given could not become the cover, until another cover is given.
    var coverProblem: String?
    /// An image is being read and checked: saving waits for it.
    var isTakingCover = false
    /// The cover field is being filled from code, not typed.
    var isFillingCoverField = false
    var coverPreview: Task<Void, Never>?
    var coverPreviewDelay: Timeout?
    /// The preview on show is of this cover.
    var previewedCover: String?
    private var hasTouchedTitle = false

    let library: LibraryAPI
    let textures: CoverTextures
    private let onSave: @MainActor (Album) -> Void
    /// Called when the dialog closes, saved or not.
    package var onClose: @MainActor () -> Void = {}

    /// A dialog over `parent`; `onSave` gets the album when the user adds or saves it.
    package init(_ purpose: Purpose, over parent: ApplicationWindow, library: LibraryAPI, textures: CoverTextures,
                 onSave: @escaping @MainActor (Album) -> Void) {
        switch purpose {
        case .add:
            form = AlbumForm()
            window = DialogWindow(title: localized("Add Album"), over: parent)
            saveButton = Button(mnemonic: localized("_Add"))
        case .edit(let album):
            form = AlbumForm(editing: album)
            window = DialogWindow(title: localized("Edit Album"), over: parent)
            saveButton = Button(mnemonic: localized("_Save"))
        }
        self.library = library
        self.textures = textures
        self.onSave = onSave
        window.setTitlebar(makeHeaderBar())
        window.setChild(makeContent())
        window.setDefaultWidget(saveButton)
        fillFields()
        connectFields()
        connectCover()
        refresh()
        showCoverPreview()
        // The dialog lives while its window is open, and lets go of it when it closes (the
        // window holds the dialog, and the dialog the window, until then).
        window.attach(self, forKey: Self.attachmentKey)
        window.onCloseRequest { [weak self] in
            self?.closing()
            return false
        }
    }

    private static let attachmentKey = "bluelibrary-album-editor"

    private func closing() {
        coverPreview?.cancel()
        coverPreviewDelay?.cancel()
        onClose()
        window.attach(nil, forKey: Self.attachmentKey)
    }

    package func present() {
        window.present()
        titleField.grabFocus()
    }

    /// Closes the dialog without saving, as Cancel and Escape do.
    package func cancel() {
        window.close()
    }

    // MARK: Layout

    private func makeHeaderBar() -> Widget {
        let bar = HeaderBar()
        bar.showsWindowButtons = false
        saveButton.addCSSClass("suggested-action")
        bar.packStart(cancelButton)
        bar.packEnd(saveButton)
        cancelButton.onClicked { [weak self] in self?.cancel() }
        saveButton.onClicked { [weak self] in self?.save() }
        return bar
    }

    /// The fields on the left, the cover on the right: Tab goes through the fields, then to
    /// Choose Image (GTK orders Tab by place on screen).
    private func makeContent() -> Widget {
        let content = Box(.horizontal, spacing: 18)
        content.setMargins(18)
        content.addCSSClass("album-editor")
        let grid = Grid(columnSpacing: 12, rowSpacing: 6)
        content.append(grid)
        content.append(makeCoverColumn())
        let rows: [(String, Entry, Label?)] = [
            (localized("_Title"), titleField, titleMessage),
            (localized("A_rtist"), artistField, nil),
            (localized("_Genre"), genreField, nil),
            (localized("_Year"), yearField, yearMessage),
            (localized("Cover a_ddress"), coverField, coverMessage),
        ]
        var row = 0
        for (name, field, message) in rows {
            let label = Label(mnemonic: name, for: field)
            label.xAlign = 1
            label.addCSSClass("dim-label")
            field.expandsHorizontally = true
            field.activatesDefault = true
            field.setSizeRequest(width: 280, height: -1)
            grid.attach(label, column: 0, row: row)
            grid.attach(field, column: 1, row: row)
            row += 1
            if let message {
                grid.attach(message, column: 1, row: row)
                row += 1
            }
        }
        titleField.setRequired(true)
        yearField.placeholder = localized("e.g. 1992")
        return content
    }

    private func makeCoverColumn() -> Widget {
        let column = Box(.vertical, spacing: 6)
        coverFrame.addCSSClass("album-cover")
        coverFrame.addCSSClass("editor-cover")
        coverFrame.setSizeRequest(width: AlbumView.coverSize, height: AlbumView.coverSize)
        coverFrame.setAlignment(horizontal: .center, vertical: .start)
        coverPicture.setAlignment(horizontal: .fill, vertical: .fill)
        coverFrame.addOverlay(coverPicture)
        coverHint.addCSSClass("editor-cover-hint")
        coverHint.wrap(minWidthChars: 8, maxWidthChars: 14)
        coverHint.setAlignment(horizontal: .center, vertical: .center)
        coverFrame.addOverlay(coverHint)
        column.append(coverFrame)
        column.append(chooseCoverButton)
        return column
    }

    private static func messageLabel() -> Label {
        let label = Label()
        label.addCSSClass("error")
        label.addCSSClass("editor-message")
        label.xAlign = 0
        label.wrap(minWidthChars: 20, maxWidthChars: 40)
        label.isVisible = false
        return label
    }

    // MARK: Fields

    private func fillFields() {
        titleField.text = form.title
        artistField.text = form.artist
        genreField.text = form.genre
        yearField.text = form.year
        setCoverField(form.cover)
    }

    private func connectFields() {
        titleField.onChanged { [weak self] in
            guard let self else { return }
            form.title = titleField.text
            hasTouchedTitle = true
            refresh()
        }
        bind(artistField, to: \.artist)
        bind(genreField, to: \.genre)
        bind(yearField, to: \.year)
        coverField.onChanged { [weak self] in
            guard let self, !isFillingCoverField else { return }
            coverProblem = nil
            form.cover = coverField.text
            refresh()
            showCoverPreviewSoon()
        }
    }

    /// Keeps `property` of the form in step with what is typed in `field`.
    private func bind(_ field: Entry, to property: WritableKeyPath<AlbumForm, String>) {
        field.onChanged { [weak self, weak field] in
            guard let self, let field else { return }
            form[keyPath: property] = field.text
            refresh()
        }
    }

    /// Shows what is wrong now, and lets the user save only when nothing is.
    func refresh() {
        let problems = form.problems
        show(hasTouchedTitle && problems.contains(.titleMissing) ? AlbumForm.message(for: .titleMissing) : nil,
             in: titleMessage, for: titleField)
        show(problems.contains(.yearInvalid) ? AlbumForm.message(for: .yearInvalid) : nil, in: yearMessage, for: yearField)
        show(coverProblem ?? (problems.contains(.coverAddressInvalid) ? AlbumForm.message(for: .coverAddressInvalid) : nil),
             in: coverMessage, for: coverField)
        saveButton.isSensitive = problems.isEmpty && !isTakingCover
    }

    private func show(_ message: String?, in label: Label, for field: Entry) {
        label.text = message ?? ""
        label.isVisible = message != nil
        field.setProblem(message)
    }

    /// The address field shows an address; a stored cover shows as an empty field.
    func setCoverField(_ cover: String) {
        isFillingCoverField = true
        let isStored = OwnCovers.isReference(cover)
        coverField.text = isStored ? "" : cover
        coverField.placeholder = isStored ? localized("An image file (type an address to replace it)") : localized("https://…")
        isFillingCoverField = false
    }

    // MARK: Saving

    /// Hands the album to the window and closes, when the fields make one (Add, Save, Enter).
    package func save() {
        guard !isTakingCover, let album = form.album else { return }
        onSave(album)
        window.close()
    }

    // MARK: What tests and the window report read

    /// The messages on show, in the dialog's order.
    package var shownMessages: [String] {
        [titleMessage, yearMessage, coverMessage].filter(\.isVisible).map(\.text)
    }

    /// Whether the cover preview shows an image (else the hint).
    package var showsCover: Bool { coverPicture.hasPaintable }
}
