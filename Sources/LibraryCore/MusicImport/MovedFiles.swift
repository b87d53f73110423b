// MARK: - MovedFiles

/// Files moved or renamed within the music folders looked at (a followed folder's change): a
/// file an earlier import read that is gone from its path, and a file new at another path
/// with the same size and modification time — a move or a rename keeps both. Such a file is
/// the same track at a new place: it keeps its album and its tags without being read again,
/// and its album is not made missing and new again.
struct MovedFiles {
    /// The files earlier imports read, with each moved one under its new path.
    private(set) var stored: [MusicFilePath: StoredTrack]
    /// The moved files' new paths.
    private(set) var newPaths: Set<MusicFilePath> = []
    /// Their old paths: forgotten, the new ones remembered in their place.
    private(set) var oldPaths: [MusicFilePath] = []

    /// Pairs the gone files of `stored` with the files of `present` it does not know; a file
    /// inside `unreachable` (a folder that could not be read) is out of reach, not gone.
    init(stored: [MusicFilePath: StoredTrack], present: [FileStamp], unreachable: [MusicFilePath]) {
        self.stored = stored
        let presentPaths = Set(present.map(\.path))
        var gone: [StampKey: [StoredTrack]] = [:]
        for (path, track) in stored where !presentPaths.contains(path) && !unreachable.contains(where: { path.isInside($0) }) {
            gone[StampKey(track.stamp), default: []].append(track)
        }
        guard !gone.isEmpty else { return }
        for stamp in present where stored[stamp.path] == nil {
            let key = StampKey(stamp)
            guard var candidates = gone[key], !candidates.isEmpty else { continue }
            // Among files alike, the one of the same name (a folder moved or renamed).
            let index = candidates.firstIndex { $0.stamp.path.displayName == stamp.path.displayName } ?? candidates.startIndex
            let old = candidates.remove(at: index)
            gone[key] = candidates
            self.stored[old.stamp.path] = nil
            self.stored[stamp.path] = StoredTrack(stamp: stamp, albumID: old.albumID, tags: old.tags)
            newPaths.insert(stamp.path)
            oldPaths.append(old.stamp.path)
        }
    }

    /// What a move keeps of a file: its size and modification time.
    private struct StampKey: Hashable {
        var size: Int64
        var modified: Int64

        init(_ stamp: FileStamp) {
            size = stamp.size
            modified = stamp.modified
        }
    }
}
