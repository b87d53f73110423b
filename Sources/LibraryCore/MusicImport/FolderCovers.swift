import Foundation

// MARK: - FolderCovers

/// Finds an imported album's cover and stores it with the covers the user gave: an image in
/// the album's folder named cover, folder, front or album (jpg, jpeg, png or webp, any letter
/// case), else the front cover embedded in the first track that has one, else none (the
/// placeholder). Every image is checked as a download is (size limit, signature, whole).
struct FolderCovers {
    let ownCovers: OwnCovers
    /// Reads the covers embedded in music files.
    let tagReader: any MusicFileReader
    /// The cover images the walk found, by folder.
    let candidates: [MusicFilePath: [MusicFilePath]]
    /// References already stored in this import, by image path (a folder image serves every
    /// album in its folder once).
    private var stored: [MusicFilePath: String?] = [:]

    init(ownCovers: OwnCovers, tagReader: any MusicFileReader, listings: [MusicFolderListing]) {
        self.ownCovers = ownCovers
        self.tagReader = tagReader
        var candidates: [MusicFilePath: [MusicFilePath]] = [:]
        for listing in listings where !listing.coverCandidates.isEmpty {
            candidates[listing.folder] = listing.coverCandidates
        }
        self.candidates = candidates
    }

    /// The stored cover's reference for the album of `tracks` (in play order), `nil` for none;
    /// images that could not be used are added to `skipped`.
    mutating func cover(for tracks: [ImportedTrack], skipped: inout [SkippedFile]) -> String? {
        for image in folderImages(for: tracks) {
            if let reference = storedImage(at: image, skipped: &skipped) { return reference }
        }
        for track in tracks where track.tags.hasFrontCover {
            if let reference = storedEmbeddedCover(of: track.stamp.path, skipped: &skipped) { return reference }
        }
        return nil
    }

    // MARK: Folder images

    /// The album folder's images first, then the disc folders', each in the names' order.
    private func folderImages(for tracks: [ImportedTrack]) -> [MusicFilePath] {
        var folders: [MusicFilePath] = []
        for folder in tracks.flatMap({ [AlbumGrouping.albumFolder(of: $0.stamp.path), $0.stamp.path.parent] })
        where !folders.contains(folder) {
            folders.append(folder)
        }
        return folders.flatMap { folder in
            (candidates[folder] ?? []).sorted {
                (MusicFolderWalker.coverRank(of: $0.nameBytes) ?? .max, $0.displayName) <
                    (MusicFolderWalker.coverRank(of: $1.nameBytes) ?? .max, $1.displayName)
            }
        }
    }

    private mutating func storedImage(at image: MusicFilePath, skipped: inout [SkippedFile]) -> String? {
        if let reference = stored[image] { return reference }
        var reference: String?
        do throws(CoverFileError) {
            let data = try RegularFile.read(image, limit: OwnCovers.maximumSize)
            try OwnCovers.check(data, name: image.displayName)
            reference = try ownCovers.store(data)
        } catch {
            skipped.append(SkippedFile(path: image, reason: .badCover(error.message)))
        }
        stored[image] = .some(reference)
        return reference
    }

    // MARK: Embedded covers

    private func storedEmbeddedCover(of file: MusicFilePath, skipped: inout [SkippedFile]) -> String? {
        switch tagReader.frontCover(of: file, maxBytes: OwnCovers.maximumSize) {
        case .none, .unreadable:
            return nil
        case .tooLarge:
            skipped.append(SkippedFile(path: file, reason: .coverTooLarge))
            return nil
        case .readerFailed(let error):
            skipped.append(SkippedFile(path: file, reason: SkippedFile.Reason(error)))
            return nil
        case .image(let data):
            do throws(CoverFileError) {
                try OwnCovers.check(data, name: file.displayName)
                return try ownCovers.store(data)
            } catch {
                skipped.append(SkippedFile(path: file, reason: .badCover(error.message)))
                return nil
            }
        }
    }
}
