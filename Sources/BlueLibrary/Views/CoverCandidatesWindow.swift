import GtkKit
import LibraryCore

// MARK: - CoverCandidatesWindow

/// The releases that may be an album, when none is certain enough to take without asking
/// (or the album has a cover already): each with its cover as the Cover Art Archive has it,
/// title, artist, year, country and track count, and Use This Cover. Escape or Cancel
/// declines; nothing changes then.
@MainActor
package final class CoverCandidatesWindow {
    package let window: DialogWindow
    package let candidates: [ReleaseCandidate]
    /// One Use This Cover button per candidate, in the list's order.
    package private(set) var useButtons: [Button] = []
    private let list = ListBox()
    private let library: LibraryAPI
    private let textures: CoverTextures
    private var thumbnails: [Task<Void, Never>] = []
    private let onChoose: @MainActor (ReleaseCandidate) -> Void

    /// The pictures' side, in points.
    static let thumbnailSize = 96

    package init(for album: Album, candidates: [ReleaseCandidate], over parent: ApplicationWindow, library: LibraryAPI,
                 textures: CoverTextures, onChoose: @escaping @MainActor (ReleaseCandidate) -> Void) {
        self.candidates = candidates
        self.library = library
        self.textures = textures
        self.onChoose = onChoose
        window = DialogWindow(title: localized("Choose a Cover"), over: parent)
        window.setDefaultSize(width: 560, height: 560)
        window.setTitlebar(makeHeaderBar(for: album))
        window.setChild(makeContent(for: album))
        window.attach(self, forKey: Self.attachmentKey)
        window.onCloseRequest { [weak self] in
            self?.closing()
            return false
        }
    }

    package func present() {
        window.present()
        _ = list.row(at: 0)?.grabFocus()
    }

    /// Closes the window without choosing, as Cancel and Escape do.
    package func cancel() {
        window.close()
    }

    private static let attachmentKey = "bluelibrary-cover-candidates"

    private func closing() {
        thumbnails.forEach { $0.cancel() }
        window.attach(nil, forKey: Self.attachmentKey)
    }

    private func choose(_ candidate: ReleaseCandidate) {
        onChoose(candidate)
        window.close()
    }

    // MARK: Layout

    private func makeHeaderBar(for album: Album) -> Widget {
        let bar = HeaderBar()
        bar.showsWindowButtons = false
        let cancelButton = Button(mnemonic: localized("_Cancel"))
        cancelButton.onClicked { [weak self] in self?.cancel() }
        bar.packStart(cancelButton)
        bar.setTitleWidget(WindowTitle(title: localized("Choose a Cover"), subtitle: album.title.isolatedForDisplay))
        return bar
    }

    private func makeContent(for album: Album) -> Widget {
        let content = Box(.vertical, spacing: 12)
        content.setMargins(18)
        let intro = Label(localized("Which of these releases is “%1$@” by %2$@? Its cover becomes the album’s; you can undo it.",
                                    album.title.isolatedForDisplay, album.artist.isolatedForDisplay))
        intro.wrap(maxWidthChars: 50)
        intro.xAlign = 0
        content.append(intro)
        list.addCSSClass("boxed-list")
        list.setAccessibleLabel(localized("Releases"))
        for candidate in candidates {
            list.append(makeRow(for: candidate), accessibleLabel: Self.describe(candidate))
        }
        list.onActivate { [weak self] index in
            guard let self, candidates.indices.contains(index) else { return }
            choose(candidates[index])
        }
        let scrolled = ScrolledWindow(child: list)
        scrolled.scrollsVerticallyOnly()
        scrolled.expandsVertically = true
        content.append(scrolled)
        return content
    }

    private func makeRow(for candidate: ReleaseCandidate) -> Widget {
        let row = Box(.horizontal, spacing: 12)
        row.setMargins(8)
        let picture = Picture()
        picture.setSizeRequest(width: Self.thumbnailSize, height: Self.thumbnailSize)
        picture.addCSSClass("cover-candidate")
        picture.setAccessibleLabel(localized("Cover of %@", candidate.title.isolatedForDisplay))
        row.append(picture)
        loadThumbnail(of: candidate, into: picture)

        let texts = Box(.vertical, spacing: 4)
        texts.expandsHorizontally = true
        texts.setAlignment(horizontal: .fill, vertical: .center)
        let title = Label(candidate.title.isolatedForDisplay)
        title.addCSSClass("heading")
        let artist = Label(candidate.artist.isolatedForDisplay)
        let details = Label(Self.details(of: candidate))
        details.addCSSClass("dim-label")
        for label in [title, artist, details] {
            label.xAlign = 0
            label.ellipsize()
            texts.append(label)
        }
        row.append(texts)

        let use = Button(mnemonic: localized("_Use This Cover"))
        use.setAlignment(horizontal: .end, vertical: .center)
        use.setSoleAccessibleLabel(localized("Use the cover of %@", Self.describe(candidate)))
        use.onClicked { [weak self] in self?.choose(candidate) }
        useButtons.append(use)
        row.append(use)
        return row
    }

    private func loadThumbnail(of candidate: ReleaseCandidate, into picture: Picture) {
        let key = CoverTextures.Key(address: library.thumbnailAddress(of: candidate), pixelSize: Self.thumbnailSize * picture.scaleFactor)
        thumbnails.append(Task { [textures, library] in
            let texture = await textures.texture(for: key, from: library)
            guard !Task.isCancelled else { return }
            if let texture {
                picture.setTexture(texture)
            } else {
                picture.addCSSClass("no-cover")
            }
        })
    }

    // MARK: Words

    /// "1994 · GB · 16 tracks", leaving out what is unknown.
    static func details(of candidate: ReleaseCandidate) -> String {
        var parts = [candidate.year, candidate.country].filter { !$0.isEmpty }
        if let tracks = candidate.trackCount { parts.append(localizedPlural("%@ track", "%@ tracks", tracks)) }
        return parts.joined(separator: " · ")
    }

    /// What a screen reader says of a row: "Parklife, Blur, 1994 · GB · 16 tracks".
    static func describe(_ candidate: ReleaseCandidate) -> String {
        [candidate.title, candidate.artist, details(of: candidate)].filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
