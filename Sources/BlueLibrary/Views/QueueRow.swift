import GtkKit
import LibraryCore

// MARK: - QueueRowContent

/// What a row of the queue view shows.
struct QueueRowContent: Equatable {
    var title: String
    /// "Artist — Album".
    var detail: String
    var coverAddress: String?
    var isCurrent: Bool
}

// MARK: - QueueRow

/// One track of the queue view: its album's cover, its title, the artist and album, and a
/// mark on the track playing. Named for screen readers as one line.
@MainActor
package final class QueueRow: Widget {
    static let coverSize = 36

    private let cover = Picture()
    private let titleLabel = Label()
    private let detailLabel = Label()
    private let playingMark = Image(iconName: "media-playback-start-symbolic", pixelSize: 16)
    private var content: QueueRowContent?
    private(set) var spokenName = ""

    // Looked up once.
    private static let rowName = LocalizedFormat(localized("%1$@, %2$@"))
    private static let playingName = LocalizedFormat(localized("%@, playing"))

    init() {
        let row = Box(.horizontal, spacing: 10)
        super.init(adopting: row)
        row.addCSSClass("queue-row")
        let coverFrame = Overlay(child: Image(iconName: "media-optical-cd-audio-symbolic", pixelSize: 16), accessibleRole: .presentation)
        coverFrame.addCSSClass("play-bar-cover")
        coverFrame.setSizeRequest(width: Self.coverSize, height: Self.coverSize)
        coverFrame.setAlignment(horizontal: .center, vertical: .center)
        cover.setAlignment(horizontal: .fill, vertical: .fill)
        coverFrame.addOverlay(cover)
        let titles = Box(.vertical, spacing: 0)
        titles.expandsHorizontally = true
        titles.setAlignment(horizontal: .fill, vertical: .center)
        detailLabel.addCSSClass("dim-label")
        detailLabel.addCSSClass("caption")
        for label in [titleLabel, detailLabel] {
            label.xAlign = 0
            label.ellipsize()
            titles.append(label)
        }
        playingMark.isVisible = false
        row.append(coverFrame)
        row.append(titles)
        row.append(playingMark)
    }

    /// Shows `content`; returns whether the cover must be loaded (another album's).
    @discardableResult
    func show(_ content: QueueRowContent) -> Bool {
        guard content != self.content else { return false }
        let coverChanged = content.coverAddress != self.content?.coverAddress
        self.content = content
        titleLabel.text = content.title
        detailLabel.text = content.detail
        playingMark.isVisible = content.isCurrent
        if content.isCurrent { addCSSClass("playing") } else { removeCSSClass("playing") }
        let name = Self.rowName.filled(with: content.title, content.detail)
        spokenName = content.isCurrent ? Self.playingName.filled(with: name) : name
        setParentAccessibleLabel(spokenName)
        if coverChanged { cover.setTexture(nil) }
        return coverChanged
    }

    /// Shows `texture` as the cover at `address`, if the row still shows that album.
    func showCover(_ texture: Texture?, address: String) {
        guard content?.coverAddress == address else { return }
        cover.setTexture(texture)
    }
}
