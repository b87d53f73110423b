import Foundation

// MARK: - MusicFolderFollower

/// Keeps the library in step with its music folders while the app runs: at start it looks at
/// every reachable folder once (what changed while the app was closed), then a `FolderWatcher`
/// tells it which folders changed, and each change is imported as it settles — no command,
/// only albums with new or changed files (`MusicImportOrigin.folderChange`), so an album the
/// user deleted stays deleted while its files are unchanged.
///
/// Folders it cannot watch whole (the system's limit of inotify watches) are looked at again
/// every `rescanInterval`; the owner is told once, through `onLimitReached`. A folder that is
/// not there (a drive not mounted, a folder renamed) has its albums marked missing, and is
/// looked for every `reachInterval` (and whenever the owner says a drive was mounted:
/// `lookForMissingFolders()`) until it is back: then it is watched and looked at again.
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
        /// How often a music folder that is not there is looked for (one `stat` each).
        public var reachInterval: Duration = .seconds(30)

        public init(settleDelay: DispatchTimeInterval = .milliseconds(500), rescanInterval: Duration = MusicFolderFollower.rescanInterval,
                    maxWatches: Int? = nil, reachInterval: Duration = .seconds(30)) {
            self.settleDelay = settleDelay
            self.rescanInterval = rescanInterval
            self.maxWatches = maxWatches
            self.reachInterval = reachInterval
        }
    }

    /// How often folders that cannot be watched whole are looked at again, by default.
    public nonisolated static let rescanInterval: Duration = .seconds(300)

    /// Called once when some folders cannot be watched whole, with those folders.
    public var onLimitReached: (@MainActor ([MusicFilePath]) -> Void)?

    private weak var library: LibraryAPI?
    private var watcher: FolderWatcher?
    /// The music folders followed.
    private var followed: [MusicFilePath] = []
    /// Changes that came while an import of changes ran: imported after it.
    private var waiting = MusicImportScope()
    private var isImporting = false
    /// A drive was mounted while an import of changes ran: missing folders are looked for after it.
    private var looksForMissingAfterImport = false
    private var rescans: Task<Void, Never>?
    private var unwatched: [MusicFilePath] = []
    /// Music folders that were not there when last looked at, with what was at their place
    /// then (an empty mount point, or nothing): one is back when that changed.
    private var unreachable: [MusicFilePath: FileIdentity?] = [:]
    private var reachChecks: Task<Void, Never>?
    private let options: Options

    init(library: LibraryAPI, options: Options) {
        self.library = library
        self.options = options
        watcher = FolderWatcher(settleDelay: options.settleDelay, maxWatches: options.maxWatches) { [weak self] report in
            Task { @MainActor in self?.receive(report) }
        }
    }

    /// How many directories are watched now (`FolderWatcher.watchCount`: not for the GTK thread).
    public var watchCount: Int { watcher?.watchCount ?? 0 }

    isolated deinit {
        rescans?.cancel()
        reachChecks?.cancel()
    }

    /// Watches the reachable music folders and looks at each once (the albums of those that
    /// are not there are marked missing); returns when both are done.
    func start() async {
        guard let library else { return }
        let folders = await library.musicFolders()
        guard !folders.isEmpty else { return }
        followed += folders.map(\.path).filter { !followed.contains($0) }
        await watch(folders.filter(\.isReachable).map(\.path))
        await importChanges(in: MusicImportScope(folders: folders.map(\.path)))
    }

    /// Follows folders the user just imported.
    func follow(_ folders: [MusicFilePath]) {
        followed += folders.filter { !followed.contains($0) }
        watcher?.watch(folders)
    }

    /// Stops following a folder the user removed.
    func unfollow(_ folder: MusicFilePath) {
        followed.removeAll { $0 == folder }
        watcher?.unwatch(folder)
        unwatched.removeAll { $0 == folder }
        unreachable[folder] = nil
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
        case .changed(let scope):
            Task { await importChanges(in: scope) }
        case .limitReached(let folders):
            Log.core.warning("\(folders.count) music folders cannot be watched whole: the system's limit of inotify watches was reached")
            unwatched += folders.filter { !unwatched.contains($0) }
            onLimitReached?(folders)
            startRescans()
        }
    }

    /// Imports what changed in `scope`; changes arriving meanwhile are imported after it.
    private func importChanges(in scope: MusicImportScope) async {
        waiting = waiting.merged(with: scope)
        guard !isImporting, let library else { return }
        isImporting = true
        while !waiting.isEmpty {
            let changes = waiting
            waiting = MusicImportScope()
            // What is at each music folder's place as the import looks: one not there, or there
            // but no longer watched (unmounted: an empty mount point is left), is back once that changed.
            let roots = musicFolders(of: changes)
            let before = await Self.identities(of: roots)
            let summary = await library.importChanges(in: await Self.resolved(changes, roots: roots))
            if summary.added + summary.updated > 0 {
                Log.core.info("followed music folders: \(summary.added) albums added, \(summary.updated) updated")
            }
            var isAnyGone = false
            for (folder, identity) in zip(roots, before) {
                let isWatched = await watcher?.isWatching(folder) ?? true
                guard identity == nil || !isWatched else { continue }
                if unreachable[folder] == nil { unreachable[folder] = .some(identity) }
                isAnyGone = true
            }
            if isAnyGone { startReachChecks() }
        }
        isImporting = false
        if looksForMissingAfterImport {
            looksForMissingAfterImport = false
            lookForMissingFolders()
        }
    }

    /// Looks for the music folders that were not there, now rather than at the next
    /// `reachInterval` (the owner calls it when a drive was mounted): one that is back is
    /// watched and looked at again.
    public func lookForMissingFolders() {
        // A look under way may be finding folders gone: the look for them waits for it.
        guard !isImporting else {
            looksForMissingAfterImport = true
            return
        }
        guard !unreachable.isEmpty else { return }
        Task { await lookForUnreachable() }
    }

    /// Looks for the folders that are not there every `reachInterval` while there are any.
    private func startReachChecks() {
        guard reachChecks == nil else { return }
        reachChecks = repeating(every: options.reachInterval) { follower in
            await follower.lookForUnreachable()
            guard follower.unreachable.isEmpty else { return true }
            follower.reachChecks = nil
            return false
        }
    }

    /// Looks for the folders that are not there (a `stat` each); those back are watched and
    /// looked at again.
    private func lookForUnreachable() async {
        let folders = unreachable.keys.sorted()
        let now = await Self.identities(of: folders)
        // A folder another look found back meanwhile is no longer among them.
        let back = zip(folders, now).filter { folder, identity in
            guard let before = unreachable[folder] else { return false }
            return identity != nil && identity != before
        }.map(\.0)
        guard !back.isEmpty else { return }
        for folder in back { unreachable[folder] = nil }
        Log.core.info("\(back.count) music folders are back")
        await watch(back)
        await importChanges(in: MusicImportScope(folders: back))
    }

    /// Looks at the folders that cannot be watched whole every `rescanInterval`.
    private func startRescans() {
        guard rescans == nil else { return }
        rescans = repeating(every: options.rescanInterval) { follower in
            await follower.importChanges(in: MusicImportScope(folders: follower.unwatched))
            return true
        }
    }

    /// Runs `step` every `interval` while the follower lives and `step` says to go on.
    private func repeating(every interval: Duration, _ step: @escaping @MainActor (MusicFolderFollower) async -> Bool) -> Task<Void, Never> {
        Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, !Task.isCancelled, await step(self) else { return }
            }
        }
    }

    /// The music folders the changes are in.
    private func musicFolders(of changes: MusicImportScope) -> [MusicFilePath] {
        let paths = changes.folders + changes.shallowFolders + changes.goneFolders
        return Array(Set(paths.map { path in followed.first { path.isInside($0) } ?? path })).sorted()
    }

    /// The changes as the file system is now (asked on a thread of its own): a folder that
    /// came in and went away again is gone, one that went away and came back is walked, and
    /// a folder whose files changed that is gone since is told by its parent's change. A music
    /// folder itself is always walked: not there, it is out of reach (an unmounted drive),
    /// which is not the same as gone.
    private nonisolated static func resolved(_ changes: MusicImportScope, roots: [MusicFilePath]) async -> MusicImportScope {
        await Task.detached {
            var scope = MusicImportScope()
            for folder in changes.folders + changes.goneFolders {
                if folder.isExistingFolder || roots.contains(folder) { scope.folders.append(folder) } else { scope.goneFolders.append(folder) }
            }
            for folder in changes.shallowFolders {
                if folder.isExistingFolder {
                    scope.shallowFolders.append(folder)
                } else if roots.contains(folder) {
                    scope.folders.append(folder)
                }
            }
            return scope.simplified
        }.value
    }

    /// What is at each folder's place now, asked of the file system on a thread of its own: a
    /// network share that is down can keep a `stat` waiting, which the GTK thread must not do.
    private nonisolated static func identities(of folders: [MusicFilePath]) async -> [FileIdentity?] {
        await Task.detached { folders.map(\.identity) }.value
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
