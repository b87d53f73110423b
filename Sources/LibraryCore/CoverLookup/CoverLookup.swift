import Foundation

// MARK: - CoverLookupResult

/// What a lookup found for one album.
public enum CoverLookupResult: Sendable {
    /// The cover of a release certain to be the album (its id, or a confident match).
    case found(Data, release: ReleaseCandidate)
    /// Releases that may be the album, the likeliest first: the user chooses.
    case choose([ReleaseCandidate])
    /// The release is known, but the Cover Art Archive has no front cover for it.
    case noCover
    /// MusicBrainz knows no release of that title.
    case noMatch
}

// MARK: - CoverLookup

/// Finds an album's cover online: the Cover Art Archive's front cover of the album's
/// MusicBrainz release, the release found by its id or by a search.
///
/// MusicBrainz is asked at most once a second across the app (`PacedRequests`), with the
/// HTTP client's User-Agent naming BlueLibrary, its version and its site; its refusals are
/// waited out as it asks, up to `attemptsWhenBusy` times. Answers are cached (`LookupCache`):
/// those that found something for a week, those that found nothing for a day. Never runs on the caller's thread.
final class CoverLookup: Sendable {
    /// How many times a search is sent while MusicBrainz answers "busy".
    static let attemptsWhenBusy = 4
    /// The size of the front cover taken (the archive's 500-pixel thumbnail: sharper than
    /// the strip shows, a fraction of the original's megabytes).
    static let coverSize = 500
    /// The size of the candidates window's pictures.
    static let thumbnailSize = 250

    let services: CoverLookupServices
    private let musicBrainz: PacedRequests
    private let archive: HTTPClient
    private let cache: LookupCache

    /// - Parameters:
    ///   - archive: The client covers are downloaded with (its limits apply to covers).
    ///   - searchConfiguration: The limits of MusicBrainz's answers (JSON, so far smaller).
    init(services: CoverLookupServices, archive: HTTPClient, searchConfiguration: HTTPClient.Configuration, cacheDirectory: URL) {
        self.services = services
        self.archive = archive
        musicBrainz = PacedRequests(client: HTTPClient(configuration: searchConfiguration))
        cache = LookupCache(directory: cacheDirectory)
    }

    /// The limits of a search's answer: a page of ten releases is some tens of kilobytes.
    static func searchConfiguration(from covers: HTTPClient.Configuration) -> HTTPClient.Configuration {
        var configuration = covers
        configuration.maximumBodySize = 2 * 1_048_576
        configuration.maximumConcurrentTransfers = 1
        return configuration
    }

    // MARK: Looking up

    /// Looks up the album's cover. With `takesConfidentMatch` false (the album has a cover
    /// already), nothing is taken without the user: the release or the candidates are returned.
    func lookUp(_ request: CoverLookupRequest, takesConfidentMatch: Bool) async throws(CoverLookupError) -> CoverLookupResult {
        if let id = request.releaseID?.lowercased(), CoverLookupServices.isReleaseID(id) {
            let release = ReleaseCandidate(id: id, title: request.title, artist: request.artist, year: request.year, trackCount: request.trackCount)
            guard takesConfidentMatch else { return .choose([release]) }
            guard let data = try await frontCover(of: id) else { return .noCover }
            return .found(data, release: release)
        }
        let ranking = CandidateRanking(request: request)
        let candidates = ranking.ranked(try await search(request))
        guard !candidates.isEmpty else { return .noMatch }
        guard takesConfidentMatch, let match = ranking.confidentMatch(in: candidates) else { return .choose(candidates) }
        if let data = try await frontCover(of: match.id) { return .found(data, release: match) }
        // The match has no cover; another release of the album may: the user looks.
        return candidates.count > 1 ? .choose(candidates) : .noCover
    }

    /// The front cover of `releaseID`, checked as an image; `nil` when the archive has none.
    func frontCover(of releaseID: String, size: Int = coverSize) async throws(CoverLookupError) -> Data? {
        let address = services.frontCover(of: releaseID, size: size)
        if cache.answer(.nothingFound, for: address) != nil { return nil }
        let data: Data
        do {
            data = try await archive.get(address)
        } catch .status(404, _) {
            cache.store(Data(), as: .nothingFound, for: address)
            return nil
        } catch {
            throw Self.failure(error, service: Self.archiveName)
        }
        guard case .success = ImageSignature.check(data) else { throw .notAnImage }
        return data
    }

    /// The address of a release's small front cover, for the candidates window.
    func thumbnailAddress(of releaseID: String) -> String {
        services.frontCover(of: releaseID, size: Self.thumbnailSize)
    }

    // MARK: Searching

    /// The releases MusicBrainz finds for the album's artist and title.
    private func search(_ request: CoverLookupRequest) async throws(CoverLookupError) -> [ReleaseCandidate] {
        let address = services.releaseSearch(artist: request.artist, title: request.title)
        if let cached = cache.answer(.answer, for: address) ?? cache.answer(.nothingFound, for: address),
           let answer = try? ReleaseSearchAnswer.decode(cached) {
            return answer.candidates
        }
        for _ in 0..<Self.attemptsWhenBusy {
            let data: Data
            do {
                data = try await musicBrainz.get(address)
            } catch .status(503, _), .status(429, _) {
                continue  // `PacedRequests` holds the next attempt off as asked
            } catch {
                throw Self.failure(error, service: Self.musicBrainzName)
            }
            let answer = try ReleaseSearchAnswer.decode(data)
            cache.store(data, as: answer.candidates.isEmpty ? .nothingFound : .answer, for: address)
            return answer.candidates
        }
        throw .busy(service: Self.musicBrainzName)
    }

    // MARK: Errors

    static let musicBrainzName = "MusicBrainz"
    static let archiveName = "The Cover Art Archive"

    private static func failure(_ error: HTTPError, service: String) -> CoverLookupError {
        switch error {
        case .timeout, .transport: .unreachable(service: service, error)
        case .status(503, _), .status(429, _): .busy(service: service)
        case .tooLarge: service == archiveName ? .tooLarge : .badAnswer
        case .cancelled: .cancelled
        case .refusedScheme, .tooManyRedirects: service == archiveName ? .notAnImage : .badAnswer
        case .invalidURL, .status: .badAnswer
        }
    }
}
