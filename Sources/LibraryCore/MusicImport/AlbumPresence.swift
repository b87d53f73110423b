// MARK: - AlbumPresence

/// What a look at followed music folders found of the albums made of their files: which are
/// whole, which lost some files (made again from those left), and which lost them all (marked
/// missing, never deleted: the files may be on a drive that is not mounted, or come back).
struct AlbumPresence: Sendable {
    /// The albums of the library made of files under the folders looked at.
    var albums: Set<AlbumID> = []
    /// Those none of whose files is there now: deleted, moved away, or out of reach (a folder
    /// that could not be read, a drive that is not mounted).
    var missing: Set<AlbumID> = []
    /// Those that lost some of their files, all within reach: made again from the others.
    var shrunk: Set<AlbumID> = []
    /// The files gone from the albums made again: forgotten with them.
    var goneFiles: [MusicFilePath] = []
    /// Files moved or renamed within the folders (`MovedFiles`): their old paths, forgotten,
    /// and the same tracks at their new paths, remembered instead.
    var movedFrom: [MusicFilePath] = []
    var movedTo: [StoredTrack] = []

    init() {}

    /// Sorts the albums in `albumsInLibrary` that `stored` (the files read before under the
    /// folders) names, by which of their files are `present` now. A file inside one of
    /// `unreachable` (a folder that could not be read) is not gone, only out of reach: its
    /// album is never made again without it.
    init(stored: [MusicFilePath: StoredTrack], present: Set<MusicFilePath>, unreachable: [MusicFilePath], albumsInLibrary: Set<AlbumID>) {
        var files: [AlbumID: [MusicFilePath]] = [:]
        for (path, track) in stored where albumsInLibrary.contains(track.albumID) {
            files[track.albumID, default: []].append(path)
        }
        albums = Set(files.keys)
        for (album, paths) in files {
            let gone = paths.filter { !present.contains($0) }
            guard !gone.isEmpty else { continue }
            if gone.count == paths.count {
                missing.insert(album)
            } else if !gone.contains(where: { path in unreachable.contains { path.isInside($0) } }) {
                shrunk.insert(album)
                goneFiles += gone
            }
        }
    }
}
