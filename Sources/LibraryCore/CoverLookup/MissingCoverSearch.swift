import Foundation

// MARK: - MissingCoverSearch

/// Find Missing Covers, as a series: each album without a cover looked up in turn, the cover
/// of a certain match given as it is found, albums with several possible releases counted
/// for Find Cover Online, and the series stopped at the first failure later albums would
/// share (the network, a busy service) or when its task is cancelled. It holds the series'
/// rules; the library gives it the albums, the lookup and the way a cover is given.
@MainActor
struct MissingCoverSearch {
    /// The albums without a cover when the search began, in the user's order.
    let albums: [CoverlessAlbum]
    /// The album as it is now, or nil when it left the library or got a cover meanwhile.
    let stillCoverless: @MainActor (AlbumID) -> Album?
    let lookUp: @MainActor (CoverLookupRequest) async throws(CoverLookupError) -> CoverLookupResult
    /// Gives the album the cover's bytes; false when it took none (it got one meanwhile).
    let giveCover: @MainActor (Data, AlbumID) async throws(CoverLookupError) -> Bool

    /// Runs the series, telling `progress` before each album and at the end.
    func run(progress: @MainActor (MissingCoversProgress) -> Void) async -> MissingCoversSummary {
        var summary = MissingCoversSummary(total: albums.count)
        for coverless in albums {
            guard !Task.isCancelled else {
                summary.stoppedBy = .cancelled
                break
            }
            progress(MissingCoversProgress(looked: summary.looked, total: summary.total, found: summary.found))
            guard let album = stillCoverless(coverless.id) else {
                summary.looked += 1
                continue
            }
            do throws(CoverLookupError) {
                switch try await lookUp(CoverLookupRequest(album: album, releaseID: coverless.releaseID)) {
                case .found(let data, _):
                    if try await giveCover(data, coverless.id) { summary.found += 1 }
                case .choose: summary.needChoice += 1
                case .noCover, .noMatch: break
                }
            } catch {
                if error.stopsASeries {
                    summary.stoppedBy = error
                    break
                }
                Log.core.info("no cover for album \(coverless.id): \(error)")
            }
            summary.looked += 1
        }
        progress(MissingCoversProgress(looked: summary.looked, total: summary.total, found: summary.found))
        return summary
    }
}
