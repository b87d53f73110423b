import Foundation

// MARK: - Finding covers online

extension LibraryAPI {
    /// Looks up the cover of album `id` online. An album without a cover gets a certain
    /// match right away; an album with one (from its folder, its files or the user) is never
    /// changed without the user: the candidates come back to choose from.
    public func findCoverOnline(forAlbumWithID id: AlbumID) async -> CoverSearchOutcome {
        // A newer version's library takes no cover: refused before anything is asked online.
        guard let album = album(withID: id), !refusesChange() else { return .unchanged }
        let releaseID = try? await persistency.releaseID(ofAlbum: id)
        let request = CoverLookupRequest(album: album, releaseID: releaseID ?? nil)
        do throws(CoverLookupError) {
            switch try await coverLookup.lookUp(request, takesConfidentMatch: album.coverUrl.isEmpty) {
            case .found(let data, _): return try await giveCover(data, toAlbumWithID: id) ? .applied : .unchanged
            case .choose(let candidates): return .choose(candidates)
            case .noCover: return .noCover
            case .noMatch: return .noMatch
            }
        } catch {
            return .failed(error)
        }
    }

    /// Gives album `id` the front cover of the release the user chose.
    public func useCover(of release: ReleaseCandidate, forAlbumWithID id: AlbumID) async -> CoverSearchOutcome {
        do throws(CoverLookupError) {
            guard let data = try await coverLookup.frontCover(of: release.id) else { return .noCover }
            return try await giveCover(data, toAlbumWithID: id) ? .applied : .unchanged
        } catch {
            return .failed(error)
        }
    }

    /// The address of a release's small front cover, for the candidates window
    /// (`cover(for:)` loads it as any cover).
    public func thumbnailAddress(of release: ReleaseCandidate) -> String {
        coverLookup.thumbnailAddress(of: release.id)
    }

    /// Looks up every album without a cover, one after the other, and gives each the cover of
    /// a certain match as it is found (each one undoable; the selection stays). Albums with
    /// several possible releases are counted, not asked about. Stops early when the network
    /// or the service fails (later albums would fail alike), or when the task is cancelled.
    public func findMissingCovers(progress: @MainActor (MissingCoversProgress) -> Void) async -> MissingCoversSummary {
        var summary = MissingCoversSummary()
        guard !refusesChange() else { return summary }
        let albums: [CoverlessAlbum]
        do {
            albums = try await persistency.coverlessAlbums()
        } catch {
            Log.core.warning("the albums without a cover could not be read: \(error)")
            summary.stoppedBy = .badAnswer
            return summary
        }
        let search = MissingCoverSearch(
            albums: albums,
            // The user may have deleted the album or given it a cover since.
            stillCoverless: { [weak self] id in
                guard let self, contains(albumID: id), let album = album(withID: id), album.coverUrl.isEmpty else { return nil }
                return album
            },
            lookUp: { [coverLookup] request throws(CoverLookupError) in try await coverLookup.lookUp(request, takesConfidentMatch: true) },
            giveCover: { [weak self] data, id throws(CoverLookupError) in
                try await self?.giveCover(data, toAlbumWithID: id, onlyIfCoverless: true) ?? false
            }
        )
        return await search.run(progress: progress)
    }

    /// Stores a found cover as a cover the user gave (content-addressed) and gives it to the
    /// album, as one undoable command, unless the album left (or, `onlyIfCoverless`, got a
    /// cover) meanwhile.
    private func giveCover(_ data: Data, toAlbumWithID id: AlbumID, onlyIfCoverless: Bool = false) async throws(CoverLookupError) -> Bool {
        let reference: String
        do {
            reference = try await storeCover(data)
        } catch {
            throw .notSaved(error)
        }
        if onlyIfCoverless, album(withID: id)?.coverUrl.isEmpty != true { return false }
        return setCover(reference, ofAlbumWithID: id)
    }
}
