import Foundation

// MARK: - MusicFolderFollower

/// Keeps the library in step with its music folders while the app runs: at start it looks at
/// every reachable folder once (what changed while the app was closed), then a `FolderWatcher`
/// tells it which folders changed, and each change is imported as it settles — no command,
/// only albums with new or changed files (`MusicImportOrigin.folderChange`), so an album the
/// user deleted stays deleted while its files are unchanged.
///
/// Folders it cannot watch whole (the system's limit of inotify watches) are looked at again
/// every `rescanInterval`; the owner is told once, through `onLimitReached`.
@MainActor
public final class MusicFolderFollower {
    /// How a follower waits, looks again, and how many directories it may watch.
    public struct Options: Sendable {
        /// How long a folder must be quiet before its change is imported.
        public var settleDelay: DispatchTimeInterval = .milliseconds(500)
        /// How often folders that cannot be watched whole are looked at again.
        public var rescanInterval: Duration = MusicFolderFollower.rescanInterval
        /// The most directories watched (`FolderWatcher.maxWatches`); nil: the system's limit.
        public var maxWatches: Int?

        public init(settleDelay: DispatchTimeInterval = .milliseconds(500), rescanInterval: Duration = MusicFolderFollower.rescanInterval,
                    maxWatches: Int? = nil) {
            self.settleDelay = settleDelay
            self.rescanInterval = rescanInterval
            self.maxWatches = maxWatches
        }
    }

    /// How often folders that cannot be watched whole are looked at again, by default.
    public nonisolated static let rescanInterval: Duration = .seconds(300)

    /// Called once when some folders cannot be watched whole, with those folders.
    public var onLimitReached: (@MainActor ([MusicFilePath]) -> Void)?

    private weak var library: LibraryAPI?
    private var watcher: FolderWatcher?
    /// Folders changed while an import of changes ran: imported after it.
    private var waiting: Set<MusicFilePath> = []
    private var isImporting = false
    private var rescans: Task<Void, Never>?
    private var unwatched: [MusicFilePath] = []
    private let options: Options

    init(library: LibraryAPI, options: Options) {
        self.library = library
        self.options = options
        watcher = FolderWatcher(settleDelay: options.settleDelay, maxWatches: options.maxWatches) { [weak self] report in
            Task { @MainActor in self?.receive(report) }
        }
    }

    /// How many directories are watched now.
    public var watchCount: Int { watcher?.watchCount ?? 0 }

    isolated deinit {
        rescans?.cancel()
    }

    /// Watches the reachable music folders and looks at each once; returns when both are done.
    func start() async {
        guard let library else { return }
        let folders = await library.musicFolders().filter(\.isReachable).map(\.path)
        guard !folders.isEmpty else { return }
        await watch(folders)
        await importChanges(in: folders)
    }

    /// Follows folders the user just imported.
    func follow(_ folders: [MusicFilePath]) {
        watcher?.watch(folders)
    }

    /// Stops following a folder the user removed.
    func unfollow(_ folder: MusicFilePath) {
        watcher?.unwatch(folder)
        unwatched.removeAll { $0 == folder }
    }

    private func watch(_ folders: [MusicFilePath]) async {
        guard let watcher else {
            receive(.limitReached(folders))  // no inotify at all: looked at from time to time
            return
        }
        await withCheckedContinuation { continuation in
            watcher.watch(folders) { continuation.resume() }
        }
    }

    // MARK: Changes

    private func receive(_ report: FolderWatcher.Report) {
        switch report {
        case .changed(let folders):
            Task { await importChanges(in: folders) }
        case .limitReached(let folders):
            Log.core.warning("\(folders.count) music folders cannot be watched whole: the system's limit of inotify watches was reached")
            unwatched += folders.filter { !unwatched.contains($0) }
            onLimitReached?(folders)
            startRescans()
        }
    }

    /// Imports what changed in `folders`; changes arriving meanwhile are imported after it.
    private func importChanges(in folders: [MusicFilePath]) async {
        waiting.formUnion(folders)
        guard !isImporting, let library else { return }
        isImporting = true
        while !waiting.isEmpty {
            let batch = waiting.sorted()
            waiting = []
            let summary = await library.importMusic(batch.compactMap { URL(string: $0.uri) }, origin: .folderChange)
            if summary.added + summary.updated > 0 {
                Log.core.info("followed music folders: \(summary.added) albums added, \(summary.updated) updated")
            }
        }
        isImporting = false
    }

    private func startRescans() {
        guard rescans == nil else { return }
        rescans = Task { [weak self] in
            while !Task.isCancelled {
                guard let interval = self?.options.rescanInterval else { return }
                try? await Task.sleep(for: interval)
                guard let self, !Task.isCancelled else { return }
                await importChanges(in: unwatched)
            }
        }
    }
}

// MARK: - Following from the facade

extension LibraryAPI {
    /// Starts following the music folders (once): new albums, changed tags and new files
    /// reach the library by themselves while the app runs. Returns once the folders are
    /// watched and looked at a first time. `onLimitReached` is told of folders that cannot be
    /// watched whole (`MusicFolderFollower.onLimitReached`).
    @discardableResult
    public func followMusicFolders(
        _ options: MusicFolderFollower.Options = MusicFolderFollower.Options(),
        onLimitReached: (@MainActor ([MusicFilePath]) -> Void)? = nil
    ) async -> MusicFolderFollower {
        if let follower { return follower }
        let follower = MusicFolderFollower(library: self, options: options)
        follower.onLimitReached = onLimitReached
        self.follower = follower
        await follower.start()
        return follower
    }
}
