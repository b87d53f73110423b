import Foundation

// MARK: - AlbumGroups

/// The albums of an import as its tracks arrive, and which changed since last handed over.
struct AlbumGroups {
    /// One album's tracks so far.
    struct Group {
        var tracks: [ImportedTrack] = []
        /// The albums earlier imports made of these tracks.
        var storedAlbumIDs: Set<AlbumID> = []
        /// How many of `tracks` were handed over already.
        var handedOver = 0
        var cover: String?
    }

    /// Albums of earlier imports that are still in the library.
    let existing: Set<AlbumID>
    /// Those of them whose stored cover file is gone or damaged, not repaired yet.
    private var coverMissing: Set<AlbumID>
    private var groups: [AlbumGroupKey: Group] = [:]
    private var changed: [AlbumGroupKey] = []
    private var changedKeys: Set<AlbumGroupKey> = []
    /// Unchanged albums whose cover file is to be stored again.
    private var coverRepairs: [AlbumGroupKey] = []
    /// Those of them without a cover, not looked at yet.
    private var coverless: Set<AlbumID>
    /// Unchanged albums without a cover, to be given one if their folder or files have it.
    private var coverSearches: [(key: AlbumGroupKey, id: AlbumID)] = []

    /// Whether only new or changed files change an album (`MusicImporter.changedFilesOnly`).
    private let changedFilesOnly: Bool
    /// Albums that lost files: made again from the files left, though these did not change.
    private let shrunk: Set<AlbumID>
    /// Files moved or renamed (`MovedFiles`): their albums are made again (their folder may
    /// have changed), though the files did not change.
    private let moved: Set<MusicFilePath>
    /// With `changedFilesOnly`, the files of each album as earlier imports read them.
    private let storedByAlbum: [AlbumID: [ImportedTrack]]

    init(existing: Set<AlbumID>, coverMissing: Set<AlbumID> = [], coverless: Set<AlbumID> = [], changedFilesOnly: Bool = false,
         shrunk: Set<AlbumID> = [], moved: Set<MusicFilePath> = [], storedByAlbum: [AlbumID: [ImportedTrack]] = [:]) {
        self.existing = existing
        self.coverMissing = coverMissing
        self.coverless = coverless
        self.changedFilesOnly = changedFilesOnly
        self.shrunk = shrunk
        self.moved = moved
        self.storedByAlbum = storedByAlbum
    }

    /// Adds a track to its album. The album has changed unless the track is unchanged and was
    /// part of it, still in the library, last time (or, with `changedFilesOnly`, unless the
    /// track is unchanged).
    mutating func add(_ track: ImportedTrack) {
        let key = AlbumGroupKey(track)
        var group = groups[key] ?? Group()
        // A moved file of an album the user deleted changes nothing: the album stays deleted.
        let isMovedInLibrary = moved.contains(track.stamp.path) && track.storedAlbumID.map(existing.contains) == true
        let isKnown = !track.isChanged && !isMovedInLibrary && !(track.storedAlbumID.map(shrunk.contains) ?? false) && (changedFilesOnly
            || track.storedAlbumID.map { existing.contains($0) && group.storedAlbumIDs.isSubset(of: [$0]) } == true)
        if let id = track.storedAlbumID { group.storedAlbumIDs.insert(id) }
        group.tracks.append(track)
        groups[key] = group
        if !isKnown, changedKeys.insert(key).inserted { changed.append(key) }
        if isKnown, let id = track.storedAlbumID, coverMissing.remove(id) != nil { coverRepairs.append(key) }
        if isKnown, let id = track.storedAlbumID, coverless.remove(id) != nil { coverSearches.append((key, id)) }
    }

    /// The albums changed since the last call, with their covers, and the progress.
    mutating func takeChanged(covers finder: inout FolderCovers, progress: inout MusicImportProgress, skipped: inout [SkippedFile]) -> MusicImporter.Part {
        var part = MusicImporter.Part(progress: progress)
        // The same image stored again is the same file: the album itself does not change.
        for key in coverRepairs where !changedKeys.contains(key) {
            guard let tracks = groups[key]?.tracks.sorted(by: ImportedTrack.playOrder) else { continue }
            _ = finder.cover(for: tracks, skipped: &skipped)
        }
        coverRepairs = []
        // Images that cannot be covers were listed when their album was read: not again.
        var alreadyTold: [SkippedFile] = []
        for (key, id) in coverSearches where !changedKeys.contains(key) {
            guard let tracks = groups[key]?.tracks.sorted(by: ImportedTrack.playOrder),
                  let cover = finder.cover(for: tracks, skipped: &alreadyTold) else { continue }
            var album = AlbumGrouping.album(of: tracks)
            album.coverUrl = cover
            part.albums.append(MusicImporter.FoundAlbum(key: key, album: album, existingID: id, newTracks: [], givesCoverOnly: true))
        }
        coverSearches = []
        // Groups with files read anew come first: when an album's files no longer agree (some
        // retagged, the others not yet), the album follows those that changed.
        let readAnew = Set(changed.filter { key in groups[key]?.tracks.contains { $0.isChanged || moved.contains($0.stamp.path) } == true })
        for key in changed.filter({ readAnew.contains($0) }) + changed.filter({ !readAnew.contains($0) }) {
            guard var group = groups[key] else { continue }
            let tracks = group.tracks.sorted(by: ImportedTrack.playOrder)
            var album = AlbumGrouping.album(of: tracks)
            if group.cover == nil { group.cover = finder.cover(for: tracks, skipped: &skipped) }
            album.coverUrl = group.cover ?? ""
            let existingID = Self.mostCommon(tracks.compactMap(\.storedAlbumID).filter(existing.contains))
            // Only the tracks not handed over yet are to be remembered.
            let fresh = Array(group.tracks[group.handedOver...])
            let taggedBefore = existingID.flatMap { storedByAlbum[$0] }.map(AlbumGrouping.album(of:))
            part.albums.append(MusicImporter.FoundAlbum(key: key, album: album, existingID: existingID, newTracks: fresh, taggedBefore: taggedBefore))
            group.handedOver = group.tracks.count
            groups[key] = group
        }
        changed = []
        changedKeys = []
        progress.albumsFound = groups.values.count { $0.handedOver > 0 }
        part.progress = progress
        return part
    }

    private static func mostCommon(_ ids: [AlbumID]) -> AlbumID? {
        let counts = Dictionary(ids.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }
}
