import GtkKit
import LibraryCore

// MARK: - PlayBar

/// The bar at the bottom of the window while an album is loaded: the album's cover, the
/// track's title and artist, Previous, Play/Pause and Next (the window's actions), Shuffle,
/// Repeat, the volume and the queue, and a position slider between the elapsed and the remaining time.
/// Moving the slider seeks.
@MainActor
package final class PlayBar: Widget {
    package static let coverSize = 48

    private let cover = Picture()
    private let titleLabel = Label()
    private let artistLabel = Label()
    let previousButton = Button(iconName: "media-skip-backward-symbolic")
    let playPauseButton = Button(iconName: "media-playback-start-symbolic")
    let nextButton = Button(iconName: "media-skip-forward-symbolic")
    /// Shuffle on or off (`win.shuffle`: pressed while its state is on).
    package let shuffleButton = ToggleButton(iconName: "media-playlist-shuffle-symbolic")
    /// Repeat: off, the whole queue, one track, in turn (`win.repeat`).
    package let repeatButton = Button(iconName: "media-playlist-consecutive-symbolic")
    package let volumeButton = VolumeButton()
    /// The play queue, in the popover of the Queue button.
    package let queueView = QueueView()
    package let queuePopover: Popover
    package let queueButton: MenuButton
    /// Called with the volume the user chose.
    var onVolume: ((Double) -> Void)?
    let slider = Scale(lower: 0, upper: 1, step: 1)
    private let elapsedLabel = Label("0:00")
    private let remainingLabel = Label("0:00")
    /// Called with the seconds the user moved the slider to.
    var onSeek: ((Double) -> Void)?
    private var shownCoverAddress: String?
    private var shownRepeatMode: RepeatMode?

    init() {
        queuePopover = Popover(child: queueView)
        queueButton = MenuButton(iconName: "view-list-ordered-symbolic", popover: queuePopover)
        let column = Box(.vertical, spacing: 2, accessibleRole: .group)
        super.init(adopting: column)
        column.addCSSClass("play-bar")
        column.setAccessibleLabel(localized("Now Playing"))

        let top = Box(.horizontal, spacing: 10)
        // A disc stands in for an album without a cover (and while the cover loads).
        let coverFrame = Overlay(child: Image(iconName: "media-optical-cd-audio-symbolic", pixelSize: 24), accessibleRole: .presentation)
        coverFrame.addCSSClass("play-bar-cover")
        coverFrame.setSizeRequest(width: Self.coverSize, height: Self.coverSize)
        coverFrame.setAlignment(horizontal: .center, vertical: .center)
        cover.setAlignment(horizontal: .fill, vertical: .fill)
        coverFrame.addOverlay(cover)
        let titles = Box(.vertical, spacing: 0)
        titles.setAlignment(horizontal: .fill, vertical: .center)
        titles.expandsHorizontally = true
        titleLabel.addCSSClass("play-bar-title")
        artistLabel.addCSSClass("play-bar-artist")
        for label in [titleLabel, artistLabel] {
            label.xAlign = 0
            label.ellipsize()
            titles.append(label)
        }
        let buttons = Box(.horizontal, spacing: 6)
        buttons.setAlignment(horizontal: .end, vertical: .center)
        for (button, action) in [(previousButton, AppAction.previousTrack), (playPauseButton, .playPause), (nextButton, .nextTrack)] {
            button.actionName = action.detailedName
            button.tooltip = action.tooltip()
            button.setSoleAccessibleLabel(action.plainTitle)
            button.addCSSClass("flat")
            button.addCSSClass("circular")
            buttons.append(button)
        }
        playPauseButton.addCSSClass("play-pause")
        let modes = Box(.horizontal, spacing: 2)
        modes.setAlignment(horizontal: .end, vertical: .center)
        shuffleButton.setSoleAccessibleLabel(AppAction.shuffle.plainTitle)
        shuffleButton.tooltip = AppAction.shuffle.tooltip()
        shuffleButton.actionName = AppAction.shuffle.detailedName  // pressed while its state is on
        repeatButton.actionName = AppAction.repeatMode.detailedName
        volumeButton.setAccessibleLabel(localized("Volume"))
        volumeButton.setInnerButtonAccessibleLabel(localized("Volume"))
        volumeButton.onUserChange { [weak self] volume in self?.onVolume?(volume) }
        queueButton.setSoleAccessibleLabel(localized("Queue"))
        queueButton.setInnerButtonAccessibleLabel(localized("Queue"))
        queueButton.tooltip = AppAction.showQueue.tooltip(localized("Queue"))
        queuePopover.onShow { [weak self] in
            self?.queueView.reload()
            // Once the popover is on screen, the track playing takes the focus.
            MainLoop.perform { [weak self] in self?.queueView.showCurrent() }
        }
        for button in [shuffleButton, repeatButton, volumeButton, queueButton] as [Widget] {
            button.addCSSClass("flat")
            modes.append(button)
        }
        top.append(coverFrame)
        top.append(titles)
        top.append(buttons)

        let bottom = Box(.horizontal, spacing: 8)
        elapsedLabel.addCSSClass("numeric")
        remainingLabel.addCSSClass("numeric")
        elapsedLabel.addCSSClass("play-bar-time")
        remainingLabel.addCSSClass("play-bar-time")
        slider.expandsHorizontally = true
        slider.setAccessibleLabel(localized("Position"))
        slider.onUserChange { [weak self] seconds in self?.onSeek?(seconds) }
        bottom.append(elapsedLabel)
        bottom.append(slider)
        bottom.append(remainingLabel)
        // Under the slider's end, not beside the transport: a phone's width holds both rows.
        bottom.append(modes)

        column.append(top)
        column.append(bottom)
    }

    // MARK: Content

    /// Shows the track playing and its album.
    func show(track: Track, of album: Album?) {
        titleLabel.text = track.displayTitle
        let artist = track.artist.isEmpty ? (album?.artist ?? "") : track.artist
        artistLabel.text = [artist, album?.title ?? ""].filter { !$0.isEmpty }.joined(separator: " — ")
        titleLabel.tooltip = titleLabel.text
        artistLabel.tooltip = artistLabel.text
    }

    /// Shows playing (the button pauses) or not (the button plays).
    func showPlaying(_ isPlaying: Bool) {
        playPauseButton.iconName = isPlaying ? "media-playback-pause-symbolic" : "media-playback-start-symbolic"
        let title = isPlaying ? localized("Pause") : localized("Play")
        playPauseButton.setSoleAccessibleLabel(title)
        playPauseButton.tooltip = localized("%1$@ (%2$@)", title, AppAction.playPause.shortcutLabel ?? "")
    }

    /// Shows repeat and the volume as they are (shuffle shows its action's state).
    func showSettings(_ settings: ListeningSettings) {
        let (icon, title) = switch settings.repeatMode {
        case .off: ("media-playlist-consecutive-symbolic", localized("Repeat: Off"))
        case .all: ("media-playlist-repeat-symbolic", localized("Repeat: All"))
        case .one: ("media-playlist-repeat-song-symbolic", localized("Repeat: One Track"))
        }
        if shownRepeatMode != settings.repeatMode {
            shownRepeatMode = settings.repeatMode
            repeatButton.iconName = icon
            repeatButton.setSoleAccessibleLabel(title)
            repeatButton.tooltip = AppAction.repeatMode.tooltip(title)
        }
        volumeButton.value = settings.volume
    }

    /// Shows `position` of `duration` seconds on the slider and in the times.
    func showPosition(_ position: Double, of duration: Double) {
        let length = max(duration, 0)
        let clamped = min(max(position, 0), length)
        if slider.upper != max(length, 1) { slider.upper = max(length, 1) }
        slider.value = clamped
        let elapsed = clamped.clockText, remaining = "−" + (length - clamped).rounded(.up).clockText
        if elapsedLabel.text != elapsed { elapsedLabel.text = elapsed }
        if remainingLabel.text != remaining { remainingLabel.text = remaining }
    }

    /// Shows `texture` as the album's cover (nil: none), for the cover at `address`.
    func showCover(_ texture: Texture?, address: String?) {
        shownCoverAddress = address
        cover.setTexture(texture)
    }

    /// The cover address shown, to know whether the album's cover is already there.
    var coverAddress: String? { shownCoverAddress }

    /// What the bar shows, as a user reads it: title, artist line, elapsed and remaining.
    package var shownText: [String] {
        [titleLabel.text, artistLabel.text, elapsedLabel.text, remainingLabel.text]
    }
}
