import Foundation
import GtkKit
import LibraryCore

// MARK: - AlbumView

/// One album in the cover strip: its cover, a spinner while the cover loads, and a
/// placeholder (initials on a colour) when it cannot be had. Reused for other albums as the
/// strip scrolls.
///
/// It posts its cover request to `LibraryAPI`, and watches its picture's `paintable`
/// property (GObject's key-value observing) to stop the spinner once the cover is shown.
@MainActor
final class AlbumView: HorizontalScrollerReusableView {
    /// The cover's edge, in application pixels (twice that in device pixels at 2× scale).
    static let coverSize = 144

    // Looked up once: a few hundred rows are configured after every deletion.
    private static let accessibleLabelFormat = LocalizedFormat(localized("%1$@ by %2$@"))
    private static let tooltip = LocalizedFormat(localized("%1$@ — %2$@"))

    let widget: Widget

    private let picture = Picture(accessibleRole: .presentation)  // the slot's name says it
    private let spinner = Spinner()
    private let placeholder = Label(accessibleRole: .presentation)
    private let caption = Label()
    private let library: LibraryAPI

    /// The cover address being shown, to drop answers that arrive after a reuse.
    private(set) var coverAddress: String?
    /// The album shown, until the view is prepared for reuse.
    private var album: Album?
    private var coverRequest: Task<Void, Never>?
    private var placeholderColourClass: String?

    init(library: LibraryAPI) {
        self.library = library
        let frame = Overlay(child: picture, accessibleRole: .presentation)  // the slot's name says it
        frame.addCSSClass("album-cover")
        frame.setSizeRequest(width: Self.coverSize, height: Self.coverSize)
        frame.setAlignment(horizontal: .center, vertical: .start)
        placeholder.addCSSClass("cover-placeholder")
        placeholder.setAlignment(horizontal: .fill, vertical: .fill)
        frame.addOverlay(placeholder)
        spinner.setAlignment(horizontal: .center, vertical: .center)
        spinner.setSizeRequest(width: 32, height: 32)
        frame.addOverlay(spinner)

        caption.addCSSClass("album-caption")
        caption.ellipsize()
        caption.setSizeRequest(width: Self.coverSize, height: -1)

        let column = Box(.vertical, spacing: 6)
        column.addCSSClass("album-view")
        column.append(frame)
        column.append(caption)
        widget = column

        picture.observe(property: "paintable") { [weak self] in self?.pictureChanged() }
        widget.provideTooltip { [weak self] in
            self?.album.map { Self.tooltip.filled(with: $0.title.isolatedForDisplay, $0.artist.isolatedForDisplay).asSentence }
        }
        prepareForReuse()
    }

    // MARK: State, for the window and tests

    /// Whether the spinner is turning (the cover is on its way).
    var isLoading: Bool { spinner.isSpinning }
    /// Whether a downloaded cover is shown.
    var showsCover: Bool { picture.hasPaintable }
    /// Whether the placeholder is shown instead of a cover.
    var showsPlaceholder: Bool { placeholder.isVisible }
    /// The caption under the cover.
    var captionText: String { caption.text }
    /// "<Album> by <Artist>", for the slot holding the view.
    private(set) var accessibleLabel: String?

    // MARK: Configuring

    /// Shows `album`: its caption and accessible name at once, its cover when it arrives.
    /// Showing the album already shown costs nothing: GTK rebinds every row after an insertion
    /// or a deletion, and most of them keep their album.
    func configure(with album: Album) {
        guard album != self.album else { return }
        prepareForReuse()
        self.album = album
        caption.text = album.title.forDisplay
        accessibleLabel = Self.accessibleLabelFormat.filled(with: album.title.forDisplay, album.artist.forDisplay)  // spoken: no layout marks
        loadCover(at: album.coverUrl)
    }

    func prepareForReuse() {
        coverRequest?.cancel()
        coverRequest = nil
        coverAddress = nil
        album = nil
        accessibleLabel = nil
        picture.setTexture(nil)
        placeholder.isVisible = false
        spinner.isSpinning = false
        spinner.isVisible = false
    }

    // MARK: Cover

    private func loadCover(at address: String) {
        coverAddress = address
        if let texture = CoverTextures.shared.texture(for: address) {
            picture.setTexture(texture)
            return
        }
        if let data = library.coverInMemory(for: address) {
            show(.success(data), for: address)
            return
        }
        spinner.isVisible = true
        spinner.isSpinning = true
        coverRequest = Task { [weak self, library] in
            let result = await library.cover(for: address)
            self?.show(result, for: address)
        }
    }

    private func show(_ result: Result<Data, CoverError>, for address: String) {
        guard address == coverAddress else { return }  // the view was reused meanwhile
        switch result {
        case .success(let data):
            do {
                picture.setTexture(try CoverTextures.shared.decode(data, for: address))  // the spinner stops on `paintable`
            } catch {
                Log.ui.info("cover \(address) could not be decoded: \(error)")
                showPlaceholder()
            }
        case .failure:
            showPlaceholder()
        }
    }

    private func pictureChanged() {
        guard picture.hasPaintable else { return }
        spinner.isSpinning = false
        spinner.isVisible = false
        placeholder.isVisible = false
    }

    /// Made only when needed: most rows show their cover, and a placeholder's initials and
    /// colour are not free to compute for the 200 rows GTK rebinds after a deletion.
    private func showPlaceholder() {
        if let album { setPlaceholder(CoverPlaceholder(album: album)) }
        spinner.isSpinning = false
        spinner.isVisible = false
        placeholder.isVisible = true
    }

    private func setPlaceholder(_ content: CoverPlaceholder) {
        placeholder.text = content.initials
        if let previous = placeholderColourClass { placeholder.removeCSSClass(previous) }
        placeholder.addCSSClass(content.colourClass)
        placeholderColourClass = content.colourClass
    }
}
