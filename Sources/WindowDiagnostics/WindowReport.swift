import BlueLibrary
import Foundation
import GtkKit
import LibraryCore

// MARK: - WindowReport

/// What the window shows, as a user would describe it: the tests' view of the window, and
/// what the app writes to `$BLUELIBRARY_STATE_REPORT` (`StateReporter`) so a test driving the
/// real binary from outside can read it.
package struct WindowReport: Codable, Equatable, Sendable {
    package var title: String
    package var width: Int
    package var height: Int
    package var albumCount: Int
    package var selectedIndex: Int?
    /// The properties list's text: "Artist: David Bowie"… or the empty state's message.
    package var properties: [String]
    package var canUndo: Bool
    package var canDelete: Bool
    package var stripHasFocus: Bool
    /// Whether the focus ring is on the selected cover.
    package var selectedCoverHasFocus: Bool
    /// Album views that exist now (materialised near the visible range).
    package var materializedViews: Int
    package var coversShown: Int
    /// The indexes of the albums at least partly on screen in the strip.
    package var visibleIndexes: [Int]
    /// How many of the albums on screen show their cover.
    package var coversShownOnScreen: Int
    package var placeholdersShown: Int
    package var spinnersRunning: Int
    /// The window's title and the count under it ("BlueLibrary", "3 of 15 albums").
    package var subtitle: String
    /// The problem dialog's message while it shows.
    package var problem: String?
    /// The problem dialog's heading while it shows.
    package var problemHeading: String?
    /// The dialog asking whether to quit without unsaved changes, while it shows (its body).
    package var quitConfirmation: String?
    package var toast: String?
    /// Whether the window is drawn in the dark style.
    package var isDark: Bool
    /// The Add Album or Edit Album dialog, while it is open.
    package var editor: EditorReport?
    /// The import progress bar's text while it is shown.
    package var importProgress: String?
    /// The search bar: `nil` while hidden.
    package var search: SearchReport?
    /// The sort chosen in the main menu (`AlbumSort`'s raw value: "title").
    package var sort: String
    /// Whether the main menu is open.
    package var mainMenuOpen: Bool
    /// The selected album's tracks as the track list shows them ("1 Part 1 0:02", "▶ …").
    package var tracks: [String]
    /// Whether Play (the details' button) is sensitive, and its tooltip.
    package var canPlay: Bool
    package var playTooltip: String?
    /// The play bar: `nil` while hidden.
    package var playback: PlaybackReport?
}

/// What the play bar shows, and what the player does.
package struct PlaybackReport: Codable, Equatable, Sendable {
    /// "playing", "paused" or "stopped".
    package var status: String
    /// The track's title, the artist and album line, the elapsed and the remaining time.
    package var bar: [String]
    /// The album playing.
    package var album: String
    /// The track's index in the album.
    package var trackIndex: Int
    /// Seconds into the track.
    package var position: Double
    /// The titles of the album views marked as playing in the strip.
    package var markedInStrip: [String]
    /// How many tracks the queue holds, and which of them plays (its play position).
    package var queueLength: Int
    package var queuePosition: Int
    /// The queue's tracks from the one playing on (at most 50), each "Title — Album".
    package var upcoming: [String]
    /// Shuffle, repeat ("off", "all", "one") and the volume, as the play bar shows them.
    package var shuffle: Bool
    package var repeatMode: String
    package var volume: Double
}

/// What the search bar shows.
package struct SearchReport: Codable, Equatable, Sendable {
    /// The text in the search field.
    package var text: String
    /// Whether the search field has the keyboard focus.
    package var hasFocus: Bool
    /// The genre and decade drop-downs' chosen items ("All Genres", "1990s").
    package var filters: [String]
}

/// What the Add Album or Edit Album dialog shows.
package struct EditorReport: Codable, Equatable, Sendable {
    package var title: String
    /// "Title: Best of Bowie", "Artist: …", "Genre: …", "Year: …", "Cover address: …".
    package var fields: [String]
    /// Whether Add (or Save) is sensitive.
    package var canSave: Bool
    /// The messages under the fields.
    package var messages: [String]
    /// Whether the cover shows an image.
    package var showsCover: Bool
}

extension AlbumEditor {
    /// A snapshot of what the dialog shows now.
    package func report() -> EditorReport {
        let fields = [("Title", titleField), ("Artist", artistField), ("Genre", genreField), ("Year", yearField), ("Cover address", coverField)]
        return EditorReport(
            title: window.title,
            fields: fields.map { "\($0.0): \($0.1.text)" },
            canSave: saveButton.isSensitive,
            messages: shownMessages,
            showsCover: showsCover
        )
    }
}

extension MainWindowController {
    /// A snapshot of what the window shows now.
    package func report() -> WindowReport {
        let shown = scroller.boundReusableViews.compactMap { $0 as? AlbumView }
        let visible = Array(scroller.visibleIndexes)
        let onScreen = visible.compactMap { scroller.view(at: $0) as? AlbumView }
        return WindowReport(
            title: window.title,
            width: window.defaultSize.width,
            height: window.defaultSize.height,
            albumCount: scroller.count,
            selectedIndex: scroller.selectedIndex,
            properties: properties.shownText,
            canUndo: actions.isEnabled(.undo),
            canDelete: actions.isEnabled(.delete),
            stripHasFocus: scroller.hasFocus,
            selectedCoverHasFocus: scroller.selectedViewHasFocus && scroller.hasFocus,
            materializedViews: scroller.materializedViewCount,
            coversShown: shown.filter(\.showsCover).count,
            visibleIndexes: visible,
            coversShownOnScreen: onScreen.filter(\.showsCover).count,
            placeholdersShown: shown.filter(\.showsPlaceholder).count,
            spinnersRunning: shown.filter(\.isLoading).count,
            subtitle: headerBar.title.subtitle,
            problem: problems.isShown ? problems.message : nil,
            problemHeading: problems.isShown ? problems.heading : nil,
            quitConfirmation: quitConfirmation?.body,
            toast: toast.isShown ? toast.message : nil,
            isDark: StyleManager.isDark,
            editor: editing.editor?.report(),
            importProgress: musicImport.progress.isShown ? musicImport.progress.text : nil,
            search: browsingBar.searchBar.isSearching ? SearchReport(
                text: browsingBar.entry.text,
                hasFocus: browsingBar.entry.containsFocus,
                filters: [browsingBar.genreFilter.selectedText, browsingBar.decadeFilter.selectedText]
                    + (browsingBar.isNeverPlayedOnly ? ["Never Played"] : [])
            ) : nil,
            sort: actions.sortAction.state,
            mainMenuOpen: headerBar.menuButton.isMenuOpen,
            tracks: trackList.isVisible ? trackList.shownText : [],
            canPlay: actions.isEnabled(.playAlbum),
            playTooltip: properties.playButton.tooltip,
            playback: playBar.isVisible ? PlaybackReport(
                status: player.status.rawValue,
                bar: playBar.shownText,
                album: player.album?.title ?? "",
                trackIndex: player.currentTrackIndexInAlbum ?? -1,
                position: player.currentPosition,
                markedInStrip: shown.filter(\.isMarkedPlaying).compactMap(\.albumTitle),
                queueLength: player.queue?.count ?? 0,
                queuePosition: player.queue?.current ?? -1,
                upcoming: upcomingTracks,
                shuffle: playBar.shuffleButton.isActive,
                repeatMode: player.settings.repeatMode.rawValue,
                volume: playBar.volumeButton.value
            ) : nil
        )
    }
}

extension MainWindowController {
    /// The queue from the track playing on, at most 50 tracks, each "Title — Album".
    fileprivate var upcomingTracks: [String] {
        guard let queue = player.queue else { return [] }
        return (queue.current..<min(queue.current + 50, queue.count)).compactMap { position in
            guard let entry = queue.entry(at: position) else { return nil }
            let title = player.tracks.track(for: entry)?.displayTitle ?? "?"
            return "\(title) — \(library.album(withID: entry.albumID)?.title ?? "?")"
        }
    }
}
