import Foundation

// MARK: - ListenHistory

/// What was listened to, for the app above the facade: each album's plays (read once off the
/// GTK thread as the library opens, then kept up to date with each listen), a track's plays,
/// recording a listen and clearing the history. The rows themselves are the library
/// database's (`listen`, `albumPlays`), written on its commit queue like every change.
@MainActor
public final class ListenHistory {
    private var albumPlays: [AlbumID: AlbumPlays] = [:]
    /// Whether `albumPlays` was read (until then, no album's plays are known).
    public private(set) var isRead = false
    /// Listens recorded while the plays were being read (after the question), counted in once
    /// the answer comes.
    private var recordedDuringRead: [Listen] = []
    /// Whether the history was cleared while the plays were being read (the answer is then
    /// of a history no longer there).
    private var clearedDuringRead = false
    private let persistency: PersistencyManager
    private let observers: ObserverRegistry
    private let isReadOnly: Bool
    /// Hands a change to the library's commit queue, numbered among the others.
    private let submit: @MainActor (DatabaseChange) -> Void
    /// ListenBrainz's outbox: where listens go once the user connected.
    public let outbox: ListenOutbox

    init(persistency: PersistencyManager, observers: ObserverRegistry, isReadOnly: Bool, submit: @escaping @MainActor (DatabaseChange) -> Void) {
        self.persistency = persistency
        self.observers = observers
        self.isReadOnly = isReadOnly
        self.submit = submit
        outbox = ListenOutbox(store: LibraryOutboxStore(persistency: persistency))
    }

    // MARK: Reading

    /// How often the album `id` was listened to, and when last; nil when never, or while the
    /// plays are being read after launch (`LibraryEvent.playsChanged(nil)` follows).
    public func plays(ofAlbum id: AlbumID) -> AlbumPlays? {
        albumPlays[id]
    }

    /// Each album's plays as they are now, for placing albums in the played sorts.
    var playsReader: AlbumSort.PlaysReader {
        { [albumPlays] id in albumPlays[id] }
    }

    /// How often each of the files `paths` was listened to, and when last (a file never
    /// listened to has no entry), read off the GTK thread after the listens recorded so far.
    public func plays(ofTracksAt paths: [MusicFilePath]) async -> [MusicFilePath: AlbumPlays] {
        (try? await persistency.readAfterCommits { database in try database.plays(ofTracksAt: paths) }) ?? [:]
    }

    /// Every listen of the history, oldest first, read after the changes made so far.
    public func listens() async throws -> [Listen] {
        try await persistency.readAfterCommits { database in try database.listens() }
    }

    // MARK: Changing

    /// Adds `listen` to the history: counted at once in its album's plays, committed off the
    /// GTK thread (the row is in the database before anything is sent anywhere), and put in
    /// ListenBrainz's outbox when the user is connected and it can be sent (it has an artist
    /// and a title). Nothing in a read-only library.
    public func record(_ listen: Listen) {
        guard !isReadOnly else { return }
        let waits = outbox.takesListens && listen.canBeSent
        submit(.recordListen(listen, waiting: waits))
        if waits { outbox.listenRecorded() }
        if isRead {
            count(listen)
        } else {
            recordedDuringRead.append(listen)
        }
        observers.post(.playsChanged([listen.albumID]))
    }

    /// Empties the history and the play counts, and the outbox with them (what ListenBrainz
    /// already has stays there).
    public func clear() {
        guard !isReadOnly else { return }
        submit(.clearHistory)
        albumPlays = [:]
        recordedDuringRead = []
        if !isRead { clearedDuringRead = true }
        observers.post(.playsChanged(nil))
    }

    /// Reads every album's plays off the GTK thread, once, as the library opens: on the commit
    /// queue, so the read holds every listen recorded before it and none after. A library
    /// closed before the read came has nothing to count.
    func read() {
        Task { [weak self, persistency] in
            let plays: [AlbumID: AlbumPlays]
            do {
                plays = try await persistency.readAfterCommits { database in try database.albumPlays() }
            } catch is CancellationError {
                return
            } catch {
                Log.core.warning("the play counts could not be read: \(error)")
                plays = [:]
            }
            self?.take(plays)
        }
    }

    private func take(_ plays: [AlbumID: AlbumPlays]) {
        albumPlays = clearedDuringRead ? [:] : plays
        isRead = true
        recordedDuringRead.forEach(count)
        recordedDuringRead = []
        observers.post(.playsChanged(nil))
    }

    private func count(_ listen: Listen) {
        albumPlays[listen.albumID] = albumPlays[listen.albumID]?.adding(listenedAt: listen.listenedAt)
            ?? AlbumPlays(count: 1, lastPlayed: listen.listenedAt)
    }
}
