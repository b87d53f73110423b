import Foundation

// MARK: - UnreadableFiles

/// The files a tag reader helper crashed or gave no answer on, each as it was then (its size
/// and modification time): not asked about again until it changes. Kept in a file once told
/// where (`keep(in:)`), so that a file that crashes the reader costs one helper once, not
/// once per launch.
final class UnreadableFiles: Sendable {
    private let state = Protected(State())

    private struct State {
        var files: [MusicFilePath: FailedFile] = [:]
        var file: URL?
        /// Whether `file`'s entries were taken up (at the first question, on a reading thread:
        /// each is looked at, which a drive that stopped answering could hold up).
        var isFileRead = true
    }

    /// The files and how each failed, as remembered now.
    var remembered: [MusicFilePath: FailedFile] {
        takeUpFile()
        return state.withLock { $0.files }
    }

    /// Remembers that `path`, as it is now, made the reader fail with `error`.
    func remember(_ path: MusicFilePath, _ error: TagReadError) {
        takeUpFile()
        guard let version = FileVersion(of: path) else { return }
        let (files, file) = state.withLock { state in
            state.files[path] = FailedFile(version: version, error: error)
            return (state.files, state.file)
        }
        if let file { Self.write(files, to: file) }
    }

    /// Files kept in `file` (`keep(in:)`).
    convenience init(keptIn file: URL) {
        self.init()
        keep(in: file)
    }

    /// From now on, keeps the files in `file` (`$XDG_CACHE_HOME/bluelibrary/unreadable-files.json`),
    /// and, at the first question, adds those it holds that did not change since (the others
    /// are read again).
    func keep(in file: URL) {
        state.withLock { state in
            state.file = file
            state.isFileRead = false
        }
    }

    private func takeUpFile() {
        guard let file = state.withLock({ state -> URL? in
            defer { state.isFileRead = true }
            return state.isFileRead ? nil : state.file
        }) else { return }
        let kept = Self.read(file).filter { path, failed in FileVersion(of: path) == failed.version }
        state.withLock { $0.files.merge(kept) { current, _ in current } }
    }

    // MARK: The file

    /// One file as written: its path's bytes in Base64 (a path need not be UTF-8).
    private struct Entry: Codable {
        var path: String
        var size: Int64
        var modified: Int64
        var crashed: Bool
    }

    private static func read(_ file: URL) -> [MusicFilePath: FailedFile] {
        guard let data = try? Data(contentsOf: file), let entries = try? JSONDecoder().decode([Entry].self, from: data) else { return [:] }
        var files: [MusicFilePath: FailedFile] = [:]
        for entry in entries {
            guard let bytes = Data(base64Encoded: entry.path), !bytes.isEmpty else { continue }
            files[MusicFilePath(bytes: Array(bytes))] = FailedFile(version: FileVersion(size: entry.size, modified: entry.modified),
                                                                   error: entry.crashed ? .readerCrashed : .readerTimedOut)
        }
        return files
    }

    private static func write(_ files: [MusicFilePath: FailedFile], to file: URL) {
        let entries = files.map { path, failed in
            Entry(path: Data(path.bytes).base64EncodedString(), size: failed.version.size, modified: failed.version.modified,
                  crashed: failed.error == .readerCrashed)
        }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(entries).write(to: file, options: .atomic)
        } catch {
            Log.core.warning("the files the tag reader failed on could not be kept in “\(file.path)”: \(error.localizedDescription)")
        }
    }
}

// MARK: - A file as it was

/// What makes a file "changed": its size and modification time.
struct FileVersion: Hashable, Sendable {
    var size: Int64
    var modified: Int64

    init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// The file's version now; `nil` when it cannot be looked at.
    init?(of path: MusicFilePath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

/// A file a helper crashed or hung on, and how it was then.
struct FailedFile: Sendable {
    var version: FileVersion
    var error: TagReadError
}
