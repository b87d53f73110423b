import Foundation

// MARK: - MusicImporter

/// Reads music folders into albums, off the GTK thread: walks the folders, reads the tags of
/// the files that are new or changed since the last import (two at a time), groups tracks
/// into albums, finds their covers, and hands the albums over in parts as it goes, so they
/// appear while the rest is read. Files that did not change are not opened again.
struct MusicImporter: Sendable {
    /// What one part of an import adds or updates.
    struct Part: Sendable {
        var albums: [FoundAlbum] = []
        var progress: MusicImportProgress
        /// In the first part of an import with `changedFilesOnly`: which albums lost files.
        var presence: AlbumPresence?
    }

    /// An album the import made (or made anew, when its files changed).
    struct FoundAlbum: Sendable {
        var key: AlbumGroupKey
        var album: Album
        /// The library's album an earlier import made of these files, if still there.
        var existingID: AlbumID?
        /// Its tracks not handed over before (all of them, the first time).
        var newTracks: [ImportedTrack]
        /// Only `album.coverUrl` is news: a cover found for an unchanged album that has none
        /// (its cover could not be saved last time: a full disk). The rest of the album, and
        /// what the user made of it, stays as it is.
        var givesCoverOnly = false
        /// With `changedFilesOnly`, for an album of the library: the album its files' tags
        /// made before this change. What differs from it in the library is the user's edit.
        var taggedBefore: Album?
    }

    /// Which files the import looks at.
    let scope: MusicImportScope
    /// What earlier imports left in the database.
    let importedFiles: ImportedFiles
    let ownCovers: OwnCovers
    /// The helpers that read the files (TagLib runs in them, never here).
    var tagReader: any MusicFileReader = TagReaderPool.shared
    /// Files an earlier import read whose rows are not in the database yet (their commit
    /// waits, or fails: a full disk), remembered all the same: importing again must not make
    /// their albums a second time.
    var pendingTracks: [MusicFilePath: StoredTrack] = [:]
    /// The albums in the library now, committed or not (`nil`: those in the database).
    var albumsInLibrary: Set<AlbumID>?
    /// How often parts are handed over while reading.
    var partInterval: Duration = .milliseconds(250)
    /// How many files are read between two looks at the clock and the cancel button.
    var chunkSize = 32
    /// Whether only albums with a new or changed file are handed over (a change seen in a
    /// followed folder): an album the user deleted stays deleted while its files are as they
    /// were. An import the user asks for brings such an album back.
    var changedFilesOnly = false

    /// Runs the import; `deliver` gets each part (on this thread), the last one included.
    func run(isCancelled: @Sendable () -> Bool, deliver: (Part) -> Void) -> MusicImportSummary {
        var summary = MusicImportSummary()
        var walker = MusicFolderWalker()
        walker.walk(scope.folders + scope.shallowFolders, shallow: Set(scope.shallowFolders), isCancelled: isCancelled)
        summary.skipped = walker.skipped
        var progress = MusicImportProgress(totalFiles: walker.listings.reduce(0) { $0 + $1.audioFiles.count })
        var (stored, existing) = rememberedFiles()
        var presence: AlbumPresence?
        var movedPaths: Set<MusicFilePath> = []
        var elsewhere: [MusicFilePath: StoredTrack] = [:]
        if changedFilesOnly {
            let present = walker.listings.flatMap(\.audioFiles)
            let unreachable = walker.skipped.compactMap { skipped -> MusicFilePath? in
                if case .unreadable = skipped.reason { skipped.path } else { nil }
            }
            let moved = MovedFiles(stored: stored, present: present, unreachable: unreachable)
            stored = moved.stored
            movedPaths = moved.newPaths
            // The scope may be only the folders that changed: the other files of their albums
            // count, as they are, in what each album is (they would have been walked otherwise).
            elsewhere = filesElsewhere(ofAlbums: Set(existing.keys))
            presence = AlbumPresence(stored: stored.merging(elsewhere) { here, _ in here }, present: Set(present.map(\.path) + elsewhere.keys),
                                     unreachable: unreachable, albumsInLibrary: Set(existing.keys))
            presence?.movedFrom = moved.oldPaths
            presence?.movedTo = moved.newPaths.compactMap { stored[$0] }
        }
        deliver(Part(progress: progress, presence: presence))

        var grouping = AlbumGroups(existing: Set(existing.keys), coverMissing: missingCovers(of: existing),
                                   coverless: Set(existing.filter { $0.value.isEmpty }.keys), changedFilesOnly: changedFilesOnly,
                                   shrunk: presence?.shrunk ?? [], moved: movedPaths,
                                   storedByAlbum: changedFilesOnly ? Self.byAlbum(stored.merging(elsewhere) { here, _ in here }) : [:])
        for track in elsewhere.values {
            grouping.add(ImportedTrack(stamp: track.stamp, tags: track.tags, storedAlbumID: track.albumID, isChanged: false))
        }
        var covers = FolderCovers(ownCovers: ownCovers, tagReader: tagReader, listings: walker.listings)
        var lastDelivery = ContinuousClock.now
        for listing in walker.listings {
            for chunk in listing.audioFiles.chunked(by: chunkSize) {
                if isCancelled() {
                    summary.wasCancelled = true
                    summary.filesRead = progress.filesRead
                    return summary
                }
                for result in tracks(of: chunk, stored: stored) {
                    switch result {
                    case .success(let track): grouping.add(track)
                    case .failure(let skipped): summary.skipped.append(skipped)
                    }
                }
                progress.filesRead += chunk.count
                if ContinuousClock.now - lastDelivery >= partInterval {
                    deliver(grouping.takeChanged(covers: &covers, progress: &progress, skipped: &summary.skipped))
                    lastDelivery = .now
                }
            }
        }
        deliver(grouping.takeChanged(covers: &covers, progress: &progress, skipped: &summary.skipped))
        summary.filesRead = progress.filesRead
        return summary
    }

    // MARK: Reading files

    /// The files earlier imports read in the scope, and which of their albums are still there
    /// (with their covers).
    private func rememberedFiles() -> ([MusicFilePath: StoredTrack], [AlbumID: String]) {
        do {
            // A pending row is newer than the database's.
            let stored = try importedFiles.tracks(under: scope.foldersLookedIn).filter { scope.contains($0.key) }
                .merging(pendingTracks.filter { scope.contains($0.key) }) { _, pending in pending }
            let ids = Set(stored.values.map(\.albumID))
            var covers = try importedFiles.albumCovers(among: ids)
            if let albumsInLibrary {
                covers = covers.filter { albumsInLibrary.contains($0.key) }
                for id in ids.intersection(albumsInLibrary) where covers[id] == nil { covers[id] = "" }  // not committed yet
            }
            return (stored, covers)
        } catch {
            Log.core.warning("the files of earlier imports could not be read: \(error)")
            return ([:], [:])
        }
    }

    /// The files earlier imports read of the albums `ids` outside the scope, as they were.
    private func filesElsewhere(ofAlbums ids: Set<AlbumID>) -> [MusicFilePath: StoredTrack] {
        do {
            let pending = pendingTracks.filter { ids.contains($0.value.albumID) }
            return try importedFiles.tracks(ofAlbums: ids, outside: scope).merging(pending.filter { !scope.contains($0.key) }) { _, pending in pending }
        } catch {
            Log.core.warning("the other files of the albums changed could not be read: \(error)")
            return [:]
        }
    }

    /// The albums whose stored cover's file is gone (a cleaner tool emptied the covers folder)
    /// or no longer starts as an image does (emptied, overwritten): the import stores their
    /// folder's cover again, which puts the same file back. Only the file's first bytes are
    /// read, so that importing an unchanged folder stays cheap.
    private func missingCovers(of albums: [AlbumID: String]) -> Set<AlbumID> {
        Set(albums.compactMap { id, cover in
            guard OwnCovers.isReference(cover) else { return nil }
            guard let file = ownCovers.file(for: cover), let handle = try? FileHandle(forReadingFrom: file) else { return id }
            defer { try? handle.close() }
            let start = (try? handle.read(upToCount: 4096)) ?? Data()
            return ImageFormat(signatureOf: start) == nil ? id : nil
        })
    }

    /// The files of each album as earlier imports read them, in play order.
    private static func byAlbum(_ stored: [MusicFilePath: StoredTrack]) -> [AlbumID: [ImportedTrack]] {
        Dictionary(grouping: stored.values, by: \.albumID).mapValues { tracks in
            tracks.map { ImportedTrack(stamp: $0.stamp, tags: $0.tags, storedAlbumID: $0.albumID, isChanged: false) }
                .sorted(by: ImportedTrack.playOrder)
        }
    }

    /// The chunk's tracks: remembered if unchanged, else read (by the readers in parallel).
    private func tracks(of chunk: ArraySlice<FileStamp>, stored: [MusicFilePath: StoredTrack]) -> [Result<ImportedTrack, SkippedFile>] {
        let stamps = Array(chunk)
        var results = [Result<ImportedTrack, SkippedFile>?](repeating: nil, count: stamps.count)
        var toRead: [Int] = []
        for (index, stamp) in stamps.enumerated() {
            if let known = stored[stamp.path], known.stamp == stamp {
                results[index] = .success(ImportedTrack(stamp: stamp, tags: known.tags, storedAlbumID: known.albumID, isChanged: false))
            } else {
                toRead.append(index)
            }
        }
        let read = Protected([Int: Result<ImportedTrack, SkippedFile>]())
        let tagReader = tagReader
        // One share of the files per reader, each share asked at once.
        let shares = toRead.chunked(by: max(1, (toRead.count + tagReader.readers - 1) / tagReader.readers))
        DispatchQueue.concurrentPerform(iterations: shares.count) { share in
            let indexes = Array(shares[share])
            let tags = tagReader.tags(of: indexes.map { stamps[$0].path })
            let tracks = zip(indexes, tags).map { index, tags in
                let stamp = stamps[index]
                return (index, tags.map { ImportedTrack(stamp: stamp, tags: $0, storedAlbumID: stored[stamp.path]?.albumID, isChanged: true) }
                    .mapError { SkippedFile(path: stamp.path, reason: SkippedFile.Reason($0)) })
            }
            read.withLock { read in
                for (index, result) in tracks { read[index] = result }
            }
        }
        let readResults = read.withLock { $0 }
        return results.indices.compactMap { results[$0] ?? readResults[$0] }
    }
}

// MARK: - Chunks

extension Array {
    /// The array in consecutive slices of at most `size` elements.
    func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
