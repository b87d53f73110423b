import GtkKit
import LibraryCore

// MARK: - QueueController

/// The window's play queue: Play Next and Add to Queue of the selected album or of a track,
/// with an Undo of their own in the notice (the queue is not the library: its changes stay
/// out of the library's undo history), Play All, and the queue view in the play bar, which
/// it feeds as its data source and keeps following the player.
@MainActor
package final class QueueController {
    private let library: LibraryAPI
    private let player: Player
    private let toast: ToastNotice
    private let view: QueueView
    /// The covers decoded for the window, which the queue's rows share.
    private let textures: CoverTextures
    /// What the last Play Next or Add to Queue added, while its notice offers Undo.
    private var undoableAddition: QueueBatch?
    /// Keeps the queue view following the player.
    private var playerObservation: PlayerObservation?

    init(library: LibraryAPI, player: Player, toast: ToastNotice, view: QueueView, textures: CoverTextures) {
        self.library = library
        self.player = player
        self.toast = toast
        self.view = view
        self.textures = textures
        connectView()
        playerObservation = player.observe { [weak self] change in
            // A new track moves the current row; a new queue comes with its track.
            if change == .track || change == .queue { self?.view.reload() }
        }
    }

    /// Stops following the player, before the window goes.
    func close() {
        playerObservation?.cancel()
    }

    // MARK: Adding

    /// Play Next and Add to Queue (the details' buttons, the strip's menu, their shortcuts):
    /// the selected album goes after the track playing or at the end, and a notice says so.
    func addSelectedAlbum(at place: Player.QueuePlace) {
        guard let id = player.playableSelectedAlbumID, let album = library.album(withID: id),
              let batch = player.enqueue(albumID: id, at: place) else { return }
        tellAdded(batch, named: album.title, at: place)
    }

    /// The track list's menu: Play Next or Add to Queue of the selected album's track `index`
    /// (the one the menu was opened for).
    func addTrack(at index: Int?, at place: Player.QueuePlace) {
        guard let id = player.playableSelectedAlbumID, let index,
              let batch = player.enqueue(albumID: id, tracks: index..<(index + 1), at: place) else { return }
        let title = player.tracks.tracks(ofAlbum: id).dropFirst(index).first?.displayTitle ?? ""
        tellAdded(batch, named: title, at: place)
    }

    private func tellAdded(_ batch: QueueBatch, named name: String, at place: Player.QueuePlace) {
        undoableAddition = batch
        let title = name.isolatedForDisplay
        let message = place == .next ? localized("“%@” will play next", title) : localized("“%@” was added to the queue", title)
        toast.show(message, undo: .undoQueueChange)
    }

    /// The notice's Undo after Play Next or Add to Queue: what it added leaves the queue.
    func undoAddition() {
        guard let batch = undoableAddition else { return }
        undoableAddition = nil
        player.undo(batch)
        toast.dismiss()
    }

    /// Play All: every album the strip shows now (all of the library, or a search, a genre, a
    /// decade), in the strip's order, shuffled if shuffle is on. Albums without files are
    /// passed over; a notice says how many play. Which albums have files is read, and the
    /// queue made (and shuffled) with its memento, off the GTK thread: a million tracks take
    /// milliseconds.
    func playAllShown() {
        Task { [weak self] in
            guard let albums = await self?.library.playableAlbumsShown(), let shuffled = self?.player.settings.isShuffled else { return }
            let prepared = await Task.detached(priority: .userInitiated) {
                PreparedQueue(albums: albums, shuffled: shuffled)
            }.value
            guard let self else { return }
            guard player.playAll(prepared) else {
                toast.show(localized("None of the albums shown has music files to play"), offersUndo: false)
                return
            }
            toast.show(localizedPlural("Playing %@ album", "Playing %@ albums", albums.count), offersUndo: false)
        }
    }

    /// Says once, after a launch, that queued tracks of albums deleted meanwhile left the queue.
    func tellTracksDroppedAtRestore() {
        let dropped = player.tracksDroppedAtRestore
        guard dropped > 0 else { return }
        player.tracksDroppedAtRestore = 0
        toast.show(localizedPlural("%@ queued track of a deleted album left the queue", "%@ queued tracks of deleted albums left the queue",
                                   dropped), offersUndo: false)
    }

    // MARK: The queue view

    private func connectView() {
        view.dataSource = self
        view.onActivate = { [weak self] position in self?.player.playFromQueue(at: position) }
        view.onMove = { [weak self] from, to in self?.player.moveInQueue(from: from, to: to) }
        view.onRemove = { [weak self] position in self?.player.removeFromQueue(at: position) }
        view.onClear = { [weak self] in self?.player.clearQueue() }
        view.loadCover = { [weak self] address, row in
            let key = CoverTextures.Key(address: address, pixelSize: QueueRow.coverSize * max(1, row.scaleFactor))
            Task { [weak self, weak row] in
                let texture = await self?.textures.texture(for: key, from: self?.library)
                row?.showCover(texture, address: address)
            }
        }
    }
}

// MARK: - QueueViewDataSource

extension QueueController: QueueViewDataSource {
    var queueCount: Int { player.queue?.count ?? 0 }

    var queueCurrent: Int? { player.queue?.current }

    func queueRow(at position: Int) -> QueueRowContent? {
        guard let queue = player.queue, let entry = queue.entry(at: position) else { return nil }
        let album = library.album(withID: entry.albumID)
        let track = player.tracks.track(for: entry)
        let artist = track.flatMap { $0.artist.isEmpty ? nil : $0.artist } ?? album?.artist ?? ""
        return QueueRowContent(
            title: track?.displayTitle ?? localized("Track not found"),
            detail: [artist, album?.title ?? ""].filter { !$0.isEmpty }.joined(separator: " — "),
            coverAddress: album.flatMap { $0.coverUrl.isEmpty ? nil : $0.coverUrl },
            isCurrent: position == queue.current
        )
    }
}
