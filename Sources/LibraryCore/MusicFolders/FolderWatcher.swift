// Why this file exists: following music folders means knowing when a file under them is
// written, added, moved or removed, without reading the folders again and again. Linux's
// inotify tells that, one directory at a time, through one file descriptor: this type owns it,
// watches every directory under the music folders, and turns its events into "these
// directories changed", once the writing has settled.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - FolderWatcher

/// Watches every directory under some folders with inotify, off the GTK thread, and reports
/// which directories under them changed once nothing more happened for `settleDelay` (a copy
/// of 500 files is one report), so that only those are looked at again. New directories are watched as they appear. Nothing wakes up
/// while nothing changes: the descriptor is read only when the kernel has events.
///
/// When the system's limit of watches (`/proc/sys/fs/inotify/max_user_watches`) is reached,
/// the folders that could not be watched whole are reported once through `onLimitReached`;
/// their owner looks at them from time to time instead.
public final class FolderWatcher: @unchecked Sendable {
    /// What the watcher reports, on its own queue.
    public enum Report: Sendable {
        /// Files changed where the scope says (folders inside the watched ones, each as the
        /// change touched it: its own files, a folder that came in, one that went away; one
        /// may have changed again since), and the writing has settled.
        case changed(MusicImportScope)
        /// The system's limit of watches was reached: these folders are not watched whole.
        case limitReached([MusicFilePath])
    }

    /// How long nothing must happen before a change is reported.
    public let settleDelay: DispatchTimeInterval
    /// The most directories this watcher watches, below the system's own limit; nil: the
    /// system's limit alone.
    public let maxWatches: Int?
    private let queue = DispatchQueue(label: "io.github.bluelibrary.folder-watcher", qos: .utility)
    private let descriptor: Int32
    private var source: DispatchSourceRead?
    private let report: @Sendable (Report) -> Void

    // Touched on `queue` only.
    private var roots: [MusicFilePath] = []
    private var directories: [Int32: MusicFilePath] = [:]
    private var changes = MusicImportScope()
    private var settle: DispatchWorkItem?
    private var overLimit: Set<MusicFilePath> = []
    private var hasToldLimit = false

    /// Starts an inotify instance; nil when the system gives none (its limit of instances).
    public init?(settleDelay: DispatchTimeInterval = .milliseconds(500), maxWatches: Int? = nil,
                 report: @escaping @Sendable (Report) -> Void) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            Log.core.warning("inotify could not be started: \(String(cString: strerror(errno)))")
            return nil
        }
        self.settleDelay = settleDelay
        self.maxWatches = maxWatches
        self.report = report
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.readEvents() }
        source.setCancelHandler { [descriptor] in close(descriptor) }
        self.source = source
        source.resume()
    }

    deinit {
        source?.cancel()
    }

    /// Watches `folders` and every directory under them (set up on the watcher's queue; a
    /// folder watched before, gone and back, is watched again); `then` is called there once
    /// they are watched.
    public func watch(_ folders: [MusicFilePath], then: @escaping @Sendable () -> Void = {}) {
        queue.async { [self] in
            for folder in folders {
                if !roots.contains(folder) { roots.append(folder) }
                addWatches(under: folder, root: folder)
            }
            tellLimitIfReached()
            then()
        }
    }

    /// Stops watching `folder` and the directories under it.
    public func unwatch(_ folder: MusicFilePath) {
        queue.async { [self] in
            roots.removeAll { $0 == folder }
            overLimit.remove(folder)
            for (watch, path) in directories where path.isInside(folder) {
                inotify_rm_watch(descriptor, watch)
                directories[watch] = nil
            }
        }
    }

    /// How many directories are watched now. It waits for the watcher's queue (which may be
    /// setting thousands of watches up): for tests and benchmarks, not for the GTK thread.
    public var watchCount: Int {
        queue.sync { directories.count }
    }

    /// Whether `folder` itself is watched now: not after it was deleted, moved away or
    /// unmounted (the kernel drops the watch then). Asked on the watcher's queue.
    public func isWatching(_ folder: MusicFilePath) async -> Bool {
        await withCheckedContinuation { continuation in
            queue.async { [self] in continuation.resume(returning: directories.values.contains(folder)) }
        }
    }

    // MARK: Setting watches up

    private static let events = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                                       | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)

    /// Watches `folder` and the directories under it (not following links); stops at the limit.
    private func addWatches(under folder: MusicFilePath, root: MusicFilePath) {
        var pending = [folder]
        while let directory = pending.popLast() {
            if let maxWatches, directories.count >= maxWatches {
                overLimit.insert(root)
                return
            }
            let watch = directory.withCString { inotify_add_watch(descriptor, $0, Self.events) }
            if watch < 0 {
                if errno == ENOSPC { overLimit.insert(root) }
                if errno == ENOSPC || errno == ENOMEM { return }
                continue  // gone meanwhile, or not readable: nothing to watch there
            }
            directories[watch] = directory
            pending += Self.subdirectories(of: directory)
        }
    }

    private static func subdirectories(of directory: MusicFilePath) -> [MusicFilePath] {
        guard let stream = directory.withCString({ opendir($0) }) else { return [] }
        defer { closedir(stream) }
        var found: [MusicFilePath] = []
        while let entry = readdir(stream) {
            let type = entry.pointee.d_type
            guard type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) else { continue }
            let name = MusicFolderWalker.name(of: entry)
            guard name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] else { continue }
            let path = directory.appending(name)
            if type == UInt8(DT_UNKNOWN) {  // a file system that does not say: asked, links not followed
                var info = stat()
                guard path.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            }
            found.append(path)
        }
        return found
    }

    private func tellLimitIfReached() {
        guard !overLimit.isEmpty, !hasToldLimit else { return }
        hasToldLimit = true
        report(.limitReached(roots.filter(overLimit.contains)))
    }

    // MARK: Reading events

    private func readEvents() {
        let size = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, size) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (event, name) = buffer.withUnsafeBytes { raw -> (inotify_event, [UInt8]) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(start + Int(event.len), count)]
                    return (event, Array(bytes.prefix { $0 != 0 }))
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                handle(event, name: name)
            }
        }
        scheduleReport()
    }

    private func handle(_ event: inotify_event, name: [UInt8]) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            changes.folders += roots  // events were lost: every folder is looked at again whole
            return
        }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            directories[event.wd] = nil
            return
        }
        guard let directory = directories[event.wd] else { return }
        let path = name.isEmpty ? directory : directory.appending(name)
        guard let root = roots.first(where: { directory.isInside($0) }) else { return }
        let mask = event.mask
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // The folder's own going: its parent's event tells it, unless it is a watched folder.
            if directory == root { changes.folders.append(root) }
        } else if mask & UInt32(IN_UNMOUNT) != 0 {
            changes.folders.append(directory)  // a drive unmounted here: its files are out of reach
        } else if mask & UInt32(IN_ISDIR) == 0 {
            // A file written, added or removed here (a copy's many events in a row, once).
            if changes.shallowFolders.last != directory { changes.shallowFolders.append(directory) }
        } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            changes.goneFolders.append(path)
        } else {
            changes.folders.append(path)  // a folder that came in (or whose rights changed)
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                addWatches(under: path, root: root)
                tellLimitIfReached()
            }
        }
    }

    /// Reports the changed directories once `settleDelay` passed without another event.
    private func scheduleReport() {
        settle?.cancel()
        guard !changes.isEmpty else { return }
        let item = DispatchWorkItem { [weak self] in
            guard let self, !changes.isEmpty else { return }
            let changed = changes.simplified
            changes = MusicImportScope()
            report(.changed(changed))
        }
        settle = item
        queue.asyncAfter(deadline: .now() + settleDelay, execute: item)
    }
}
