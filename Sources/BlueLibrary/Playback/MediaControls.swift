import Foundation
import GtkKit
import LibraryCore

// MARK: - MediaControls

/// GNOME's media controls, the media keys and tools such as `playerctl` reach the player over
/// MPRIS 2: the app owns `org.mpris.MediaPlayer2.BlueLibrary` on the session bus and exports
/// the `org.mpris.MediaPlayer2` and `.Player` interfaces at `/org/mpris/MediaPlayer2`
/// (`Resources/org.mpris.MediaPlayer2.xml`). An adapter and one of the player's observers: it
/// turns the app's player's state into MPRIS properties and signals, and MPRIS calls the
/// player. It knows no window: Raise and Quit go to the application, which answers them
/// with a window or without one.
@MainActor
final class MediaControls: SessionBusObject {
    static let busName = "org.mpris.MediaPlayer2.BlueLibrary"
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    private let player: Player
    private var library: LibraryAPI { player.library }
    /// MPRIS `Raise`: the application shows its window, opening one if none is open.
    private let onRaise: @MainActor () -> Void
    /// MPRIS `Quit`: the application quits, window and music.
    private let onQuit: @MainActor () -> Void
    private var service: SessionBusService?
    private var observation: PlayerObservation?
    /// The library's changes of selection: `CanPlay` follows the selected album.
    private var libraryObservation: LibraryObservation?
    /// The Player properties last announced, to announce only what changed.
    private var announced: [String: DBusValue] = [:]

    /// Publishes the controls for `player`; nil when the interfaces cannot be read or the name
    /// cannot be owned (no session bus).
    init?(player: Player, onRaise: @escaping @MainActor () -> Void, onQuit: @escaping @MainActor () -> Void) {
        self.player = player
        self.onRaise = onRaise
        self.onQuit = onQuit
        guard let xml = ResourceBundle.text(at: AppResources.basePath + "/org.mpris.MediaPlayer2.xml") else { return nil }
        do {
            service = try SessionBusService(name: Self.busName, path: Self.objectPath, introspectionXML: xml, object: self)
        } catch {
            Log.ui.warning("The media controls could not be published: \(error.message)")
            return nil
        }
        announced = playerProperties
        observation = player.observe { [weak self] change in self?.playerChanged(change) }
        libraryObservation = library.observe { [weak self] event in self?.libraryChanged(event) }
    }

    /// Withdraws the name from the bus (at quit).
    func unpublish() {
        observation?.cancel()
        libraryObservation?.cancel()
        service?.unpublish()
    }

    // MARK: Following the player

    /// Announces what changed: `PropertiesChanged` for the Player properties, `Seeked` after a seek.
    private func playerChanged(_ change: PlayerChange) {
        if change == .position { return }  // clients poll the position
        let now = playerProperties
        let changed = now.filter { announced[$0.key] != $0.value && $0.key != "Position" }
        announced = now
        if !changed.isEmpty {
            service?.emitPropertiesChanged(interface: Self.playerInterface, changed: changed)
        }
        if change == .seeked {
            service?.emitSignal(interface: Self.playerInterface, name: "Seeked", arguments: [.int64(Self.microseconds(player.currentPosition))])
        }
    }

    /// With nothing loaded, `CanPlay` is whether the selected album can be played: announced
    /// when another album is selected, or the selected one's files go or come back.
    private func libraryChanged(_ event: LibraryEvent) {
        switch event {
        case .changed(let update) where update.selectionChanged || !update.albumChanges.isEmpty: break
        case .missingChanged: break
        default: return
        }
        let canPlay = DBusValue.bool(self.canPlay)
        guard announced["CanPlay"] != canPlay else { return }
        announced["CanPlay"] = canPlay
        service?.emitPropertiesChanged(interface: Self.playerInterface, changed: ["CanPlay": canPlay])
    }

    // MARK: SessionBusObject

    func call(interface: String, method: String, arguments: [DBusValue]) throws(DBusError) -> [DBusValue] {
        switch (interface, method) {
        case (Self.rootInterface, "Raise"): onRaise()
        case (Self.rootInterface, "Quit"): onQuit()
        case (Self.playerInterface, "Play"): player.playOrPlaySelected()
        case (Self.playerInterface, "Pause"): player.pause()
        case (Self.playerInterface, "PlayPause"): player.playPauseOrPlaySelected()
        case (Self.playerInterface, "Stop"): player.stop()
        case (Self.playerInterface, "Next"): player.next()
        case (Self.playerInterface, "Previous"): player.previous()
        case (Self.playerInterface, "Seek"):
            guard case .int64(let offset)? = arguments.first else { throw .invalidArgs("Seek takes an offset (x)") }
            player.seek(to: player.currentPosition + Double(offset) / 1e6)
        case (Self.playerInterface, "SetPosition"):
            guard arguments.count == 2, case .objectPath(let track) = arguments[0], case .int64(let position) = arguments[1] else {
                throw .invalidArgs("SetPosition takes a track id (o) and a position (x)")
            }
            // The specification: ignore a stale track id, and a position outside the track.
            guard track == trackID, position >= 0, Double(position) / 1e6 <= player.duration else { return [] }
            player.seek(to: Double(position) / 1e6)
        case (Self.playerInterface, "OpenUri"):
            throw .notSupported("BlueLibrary plays the albums of its library")
        default:
            throw .unknownMethod(method)
        }
        return []
    }

    func property(interface: String, name: String) -> DBusValue? {
        switch interface {
        case Self.rootInterface: rootProperties[name]
        case Self.playerInterface: playerProperties[name]
        default: nil
        }
    }

    /// `Shuffle`, `LoopStatus` and `Volume` are the player's, and written through to it;
    /// the rate is fixed at 1.
    func setProperty(interface: String, name: String, value: DBusValue) -> Bool {
        guard interface == Self.playerInterface else { return false }
        switch (name, value) {
        case ("Shuffle", .bool(let shuffled)):
            player.setShuffled(shuffled)
        case ("LoopStatus", .string(let status)):
            guard let mode = Self.repeatModes[status] else { return false }
            player.setRepeatMode(mode)
        case ("Volume", .double(let volume)):
            // The specification: a negative volume is 0.
            player.setVolume(volume.isFinite ? min(max(volume, 0), 1) : 1)
        case ("Rate", .double(1)):
            break
        default:
            return false
        }
        return true
    }

    /// MPRIS's `LoopStatus` values for the player's repeat modes.
    private static let repeatModes: [String: RepeatMode] = ["None": .off, "Playlist": .all, "Track": .one]

    // MARK: Properties

    private var rootProperties: [String: DBusValue] {
        [
            "CanQuit": .bool(true), "CanRaise": .bool(true), "HasTrackList": .bool(false),
            "Identity": .string(AppInfo.name), "DesktopEntry": .string(AppInfo.applicationID),
            "SupportedUriSchemes": .strings([]), "SupportedMimeTypes": .strings([]),
        ]
    }

    private var playerProperties: [String: DBusValue] {
        let loaded = player.queue != nil
        return [
            "PlaybackStatus": .string(playbackStatus),
            "LoopStatus": .string(Self.repeatModes.first { $0.value == player.settings.repeatMode }?.key ?? "None"),
            "Rate": .double(1), "Shuffle": .bool(player.settings.isShuffled), "Volume": .double(player.settings.volume),
            "MinimumRate": .double(1), "MaximumRate": .double(1),
            "Metadata": .dictionary(metadata),
            "Position": .int64(Self.microseconds(player.currentPosition)),
            "CanGoNext": .bool(player.hasNext), "CanGoPrevious": .bool(loaded),
            "CanPlay": .bool(canPlay), "CanPause": .bool(loaded), "CanSeek": .bool(loaded),
            "CanControl": .bool(true),
        ]
    }

    /// Play does something: what is loaded plays, or else the selected album, if it can.
    private var canPlay: Bool {
        player.queue != nil || player.selectedAlbumIsPlayable
    }

    private var playbackStatus: String {
        switch player.status {
        case .playing: "Playing"
        case .paused: "Paused"
        case .stopped: "Stopped"
        }
    }

    /// The track's id: stable for one entry of the queue, the same track queued twice told
    /// apart ("/io/github/bluelibrary/BlueLibrary/Track/12_3_40": album, track, entry).
    private var trackID: String? {
        guard let entry = player.queue?.currentEntry else { return nil }
        return "\(AppResources.basePath)/Track/\(entry.albumID)_\(entry.trackIndex)_\(entry.serial)"
    }

    private var metadata: [String: DBusValue] {
        guard let track = player.currentTrack, let trackID else {
            return ["mpris:trackid": .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")]
        }
        let album = player.album
        var values: [String: DBusValue] = [
            "mpris:trackid": .objectPath(trackID),
            "mpris:length": .int64(Self.microseconds(player.duration)),
            "xesam:title": .string(track.displayTitle),
            "xesam:artist": .strings([track.artist.isEmpty ? album?.artist ?? "" : track.artist]),
            "xesam:album": .string(album?.title ?? ""),
            "xesam:url": .string(track.uri),
        ]
        if let album {
            values["xesam:albumArtist"] = .strings([album.artist])
            if let cover = library.coverFile(for: album) { values["mpris:artUrl"] = .string(cover.absoluteString) }
        }
        if let number = track.trackNumber { values["xesam:trackNumber"] = .int32(Int32(clamping: number)) }
        if let disc = track.discNumber { values["xesam:discNumber"] = .int32(Int32(clamping: disc)) }
        return values
    }

    private static func microseconds(_ seconds: Double) -> Int64 {
        seconds.isFinite ? Int64((max(seconds, 0) * 1e6).rounded()) : 0
    }
}
