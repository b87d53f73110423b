import Foundation
import GtkKit
import LibraryCore

// MARK: - AlbumView

/// One album in the cover strip: its cover, a spinner while a cover is slow to come, and a
/// placeholder (initials on a colour) when it cannot be had. Reused for other albums as the
/// strip scrolls.
///
/// It asks `LibraryAPI` for its cover only while it is on or near the screen (the strip's grid
/// keeps about 30 items around the selection, some of them off screen), has it decoded at the size shown, and lets go of the
/// texture when it scrolls far away. It watches its picture's `paintable` property (GObject's
/// key-value observing) to stop the spinner once the cover is shown.
///
/// The spinner turns only when the cover has not come within `spinnerDelayMilliseconds`: a
/// cover from the disk cache arrives a few milliseconds after its row is shown, and a spinner
/// for one frame is a flicker. (Drawing the spinner at launch also cost the app librsvg, a
/// library of 6 MiB, loaded to draw `process-working-symbolic` at 32 pixels.)
@MainActor
package final class AlbumView: Widget, HorizontalScrollerReusableView {
    /// The cover's edge, in application pixels (twice that in device pixels at 2× scale).
    package static let coverSize = 144

    // Looked up once: a few hundred rows are configured after every deletion.
    private static let accessibleLabelFormat = LocalizedFormat(localized("%1$@ by %2$@"))
    private static let playingLabelFormat = LocalizedFormat(localized("%1$@ by %2$@, playing"))
    private static let missingLabelFormat = LocalizedFormat(localized("%1$@ by %2$@, files not found"))
    private static let tooltip = LocalizedFormat(localized("%1$@ — %2$@"))

    /// The square the cover fills; its size is its size request, whatever the cover's shape.
    /// Out of the accessible tree, with the cover, spinner and initials in it: the slot's
    /// name ("<Album> by <Artist>") says what it shows.
    let frame = Overlay(accessibleRole: .presentation)
    /// The title under the cover; a far view's may still show the album it had (`updateCaption`).
    let caption = Label()
    private let picture = Picture()
    private let spinner = Spinner()
    private let placeholder = Label()
    /// The mark of the album playing, over the cover's corner.
    private let playingMark = Image(iconName: "media-playback-start-symbolic", pixelSize: 16)
    private var isPlaying = false
    /// Whether the album's files are gone (shown dimmed).
    package private(set) var isMissing = false
    /// Whether the view marks its album as the one playing.
    package var isMarkedPlaying: Bool { isPlaying }
    /// The title of the album shown.
    package var albumTitle: String? { album?.title }
    private let library: LibraryAPI
    private let textures: CoverTextures
    /// How long a cover may take before the spinner shows that it is on its way.
    static let spinnerDelayMilliseconds = 300
    /// Shows the spinner when the cover is late.
    private var spinnerDelay: Timeout?

    /// The cover address being shown or loaded, to know what is already under way.
    private(set) var coverAddress: String?
    /// The address of the cover on screen, if one is.
    private(set) var shownCoverAddress: String?
    /// The album shown, until the view is prepared for reuse.
    private var album: Album?
    /// Whether the strip has the view on or near the screen: only then does it hold a cover.
    private(set) var isNearVisibleRange = false
    private var coverRequest: Task<Void, Never>?
    private var placeholderColourClass: String?
    /// Whether the caption shows the album's title (a far view's waits: `updateCaption`).
    private var captionIsCurrent = false

    /// - Parameters:
    ///   - library: where covers come from.
    ///   - textures: the decoded covers every album view of the window shares.
    init(library: LibraryAPI, textures: CoverTextures) {
        self.library = library
        self.textures = textures
        let column = Box(.vertical, spacing: 6)
        super.init(adopting: column)
        // The picture is an overlay, not the overlay's main child: only the main child is
        // measured, and a picture asks for its cover's shape (a 200 × 1000 cover, 720 points
        // high at 144 wide), which made portrait tiles taller than the strip.
        frame.addCSSClass("album-cover")
        frame.setSizeRequest(width: Self.coverSize, height: Self.coverSize)
        frame.setAlignment(horizontal: .center, vertical: .start)
        picture.setAlignment(horizontal: .fill, vertical: .fill)
        frame.addOverlay(picture)
        placeholder.addCSSClass("cover-placeholder")
        placeholder.setAlignment(horizontal: .fill, vertical: .fill)
        frame.addOverlay(placeholder)
        spinner.setAlignment(horizontal: .center, vertical: .center)
        spinner.setSizeRequest(width: 32, height: 32)
        frame.addOverlay(spinner)
        playingMark.addCSSClass("playing-mark")
        playingMark.setAlignment(horizontal: .end, vertical: .end)
        playingMark.isVisible = false
        frame.addOverlay(playingMark)

        caption.addCSSClass("album-caption")
        caption.ellipsize()
        caption.setSizeRequest(width: Self.coverSize, height: -1)

        column.addCSSClass("album-view")
        column.append(frame)
        column.append(caption)

        picture.observe(property: "paintable") { [weak self] in self?.pictureChanged() }
        observe(property: "scale-factor") { [weak self] in self?.reloadCover() }
        provideTooltip { [weak self] in
            self?.album.map { Self.tooltip.filled(with: $0.title.isolatedForDisplay, $0.artist.isolatedForDisplay).asSentence }
        }
        clearCover()
    }

    // MARK: State, for the window and tests

    /// Whether the cover is on its way (the spinner turns once it is late).
    package var isLoading: Bool { coverRequest != nil }
    /// Whether the spinner is shown and turning.
    package var showsSpinner: Bool { spinner.isSpinning }
    /// Whether a downloaded cover is shown.
    package var showsCover: Bool { picture.hasPaintable }
    /// Whether the placeholder is shown instead of a cover.
    package var showsPlaceholder: Bool { placeholder.isVisible }
    /// The caption under the cover.
    var captionText: String { caption.text }
    /// "<Album> by <Artist>", for the slot holding the view.
    package private(set) var accessibleLabel: String?

    // MARK: Configuring

    /// Shows `album`: its accessible name at once, its caption and its cover while the view
    /// is near the screen (the cover when it arrives). Another album replaces what was shown,
    /// its cover request included. Showing the album already shown costs nothing: GTK
    /// rebinds every row after an insertion or a deletion, and most of them keep their album.
    /// `isPlaying` marks the album as the one playing.
    func configure(with album: Album, isPlaying: Bool = false, isMissing: Bool = false) {
        guard album != self.album || isPlaying != self.isPlaying || isMissing != self.isMissing else { return }
        self.isPlaying = isPlaying
        playingMark.isVisible = isPlaying
        if isMissing != self.isMissing {
            self.isMissing = isMissing
            if isMissing { addCSSClass("missing") } else { removeCSSClass("missing") }
        }
        let format = isMissing ? Self.missingLabelFormat : isPlaying ? Self.playingLabelFormat : Self.accessibleLabelFormat
        accessibleLabel = format.filled(with: album.title.forDisplay, album.artist.forDisplay)  // spoken: no layout marks
        guard album != self.album else { return }
        clearCover()
        self.album = album
        captionIsCurrent = false
        updateCaption()
        updateCover()
    }

    package func setNearVisibleRange(_ isNear: Bool) {
        guard isNear != isNearVisibleRange else { return }
        isNearVisibleRange = isNear
        updateCaption()
        updateCover()
    }

    // MARK: Caption

    /// Shows the album's title under the cover once the view is near the screen. GTK keeps
    /// about 30 views bound, some of them off screen, and gives a few of them other albums at
    /// every arrow key, deletion or search; each title set is a caption shaped and measured in
    /// the next frame, for a view nobody sees. A far view keeps the caption it had until it
    /// comes near (a page before it can be seen); its accessible name and tooltip come from the
    /// album itself, never from the caption.
    private func updateCaption() {
        guard isNearVisibleRange, !captionIsCurrent, let album else { return }
        caption.text = album.title.forDisplay
        captionIsCurrent = true
    }

    // MARK: Cover

    /// Loads the album's cover when the view is near the screen and has none under way;
    /// lets it go when the view is far.
    private func updateCover() {
        guard let album, isNearVisibleRange else { return clearCover() }
        guard coverAddress != album.coverUrl else { return }  // shown, placed or on its way
        clearCover()
        loadCover(at: album.coverUrl)
    }

    /// Loads the cover again at the new size when the view moves to a screen of another scale.
    private func reloadCover() {
        guard coverAddress != nil else { return }
        clearCover()
        updateCover()
    }

    /// Drops the texture, the placeholder, the spinner and any request (its answer is never
    /// shown: the task checks its cancellation on the GTK thread before showing anything).
    private func clearCover() {
        coverRequest?.cancel()
        coverRequest = nil
        coverAddress = nil
        shownCoverAddress = nil
        picture.setTexture(nil)
        placeholder.isVisible = false
        hideSpinner()
    }

    private func loadCover(at address: String) {
        coverAddress = address
        let key = CoverTextures.Key(address: address, pixelSize: Self.coverSize * max(1, scaleFactor))
        if let texture = textures.texture(for: key) {
            shownCoverAddress = address
            picture.setTexture(texture)  // the spinner stops on `paintable`
            return
        }
        spinnerDelay = Timeout(milliseconds: Self.spinnerDelayMilliseconds) { [weak self] in self?.showSpinner() }
        coverRequest = Task { [weak self, library, textures] in
            guard !Task.isCancelled else { return }  // scrolled away or reused before it began
            let cover = await library.cover(for: address)
            guard !Task.isCancelled else { return }
            let shown: Result<Texture, ImageDecodingError>?
            switch cover {
            case .success(let data): shown = await Self.texture(decoding: data, for: key, in: textures)
            case .failure: shown = nil
            }
            guard !Task.isCancelled else { return }
            self?.show(shown, for: address)
        }
    }

    private static func texture(decoding data: Data, for key: CoverTextures.Key, in textures: CoverTextures) async -> Result<Texture, ImageDecodingError> {
        do {
            return .success(try await textures.decode(data, for: key))
        } catch {
            return .failure(error)
        }
    }

    /// Shows the decoded cover, or the placeholder when there is none (`nil`: no download).
    private func show(_ result: Result<Texture, ImageDecodingError>?, for address: String) {
        guard address == coverAddress else { return }  // the view was reused meanwhile
        coverRequest = nil
        switch result {
        case .success(let texture):
            shownCoverAddress = address
            picture.setTexture(texture)  // the spinner stops on `paintable`
        case .failure(let error):
            Log.ui.info("cover \(address) could not be decoded: \(error)")
            showPlaceholder()
        case nil:
            showPlaceholder()
        }
    }

    private func pictureChanged() {
        guard picture.hasPaintable else { return }
        hideSpinner()
        placeholder.isVisible = false
    }

    private func showSpinner() {
        spinnerDelay = nil
        guard isLoading else { return }
        spinner.isVisible = true
        spinner.isSpinning = true
    }

    private func hideSpinner() {
        spinnerDelay?.cancel()
        spinnerDelay = nil
        spinner.isSpinning = false
        spinner.isVisible = false
    }

    /// Made only when needed: most rows show their cover, and a placeholder's initials and
    /// colour are not free to compute for the views GTK rebinds after a deletion.
    private func showPlaceholder() {
        if let album { setPlaceholder(CoverPlaceholder(album: album)) }
        hideSpinner()
        placeholder.isVisible = true
    }

    private func setPlaceholder(_ content: CoverPlaceholder) {
        placeholder.text = content.initials
        if let previous = placeholderColourClass { placeholder.removeCSSClass(previous) }
        placeholder.addCSSClass(content.colourClass)
        placeholderColourClass = content.colourClass
    }
}
