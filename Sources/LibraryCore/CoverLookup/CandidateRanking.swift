import Foundation

// MARK: - CoverLookupRequest

/// What is known of an album when its cover is looked up.
public struct CoverLookupRequest: Hashable, Sendable {
    public var title: String
    public var artist: String
    /// "1992", or "" when unknown.
    public var year: String
    /// How many tracks the album's files hold; `nil` for an album added by hand.
    public var trackCount: Int?
    /// The MusicBrainz release id its files carry (`MUSICBRAINZ_ALBUMID`), if any.
    public var releaseID: String?

    public init(title: String, artist: String, year: String = "", trackCount: Int? = nil, releaseID: String? = nil) {
        self.title = title
        self.artist = artist
        self.year = year
        self.trackCount = trackCount
        self.releaseID = releaseID
    }

    init(album: Album, releaseID: String?) {
        self.init(title: album.title, artist: album.artist, year: album.year, trackCount: album.trackCount, releaseID: releaseID)
    }
}

// MARK: - CandidateRanking

/// Orders the releases a search found for an album, and says which one, if any, is certain
/// enough to take without asking.
///
/// A wrong cover chosen silently is worse than a question, so the bar is high:
/// - `minimumScore`: MusicBrainz scores a release whose title and artist match the query's
///   phrases exactly at 100, and drops quickly for partial matches (one word more or less in
///   the title, another artist); 90 keeps the exact ones and their punctuation variants.
/// - the title must be the album's, letter for letter once case, accents, punctuation and
///   spacing are set aside (a score alone also rewards "Greatest Hits Vol. 2" for "Greatest Hits");
/// - the track count must be the album's: it tells a deluxe edition (another cover, often)
///   from the album, and an album whose track count is unknown is never taken on its own.
/// Among the releases that pass, one of the album's year is taken first (reissues often
/// have other covers), then the best scored.
struct CandidateRanking {
    static let minimumScore = 90

    let request: CoverLookupRequest

    /// The candidates, the likeliest first.
    func ranked(_ candidates: [ReleaseCandidate]) -> [ReleaseCandidate] {
        candidates.enumerated().sorted { lhs, rhs in
            let left = weight(lhs.element), right = weight(rhs.element)
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The candidate to take without asking, or `nil` when the user should choose.
    func confidentMatch(in candidates: [ReleaseCandidate]) -> ReleaseCandidate? {
        ranked(candidates).first(where: isConfident)
    }

    /// Whether a candidate clears every bar above.
    func isConfident(_ candidate: ReleaseCandidate) -> Bool {
        guard let trackCount = request.trackCount else { return false }
        return candidate.score >= Self.minimumScore
            && candidate.trackCount == trackCount
            && Self.folded(candidate.title) == Self.folded(request.title)
    }

    // MARK: Helpers

    /// Confident first, then the album's year, then the track count, then MusicBrainz's score.
    private func weight(_ candidate: ReleaseCandidate) -> (Int, Int, Int, Int) {
        (
            isConfident(candidate) ? 1 : 0,
            !request.year.isEmpty && candidate.year == request.year.prefix(4) ? 1 : 0,
            request.trackCount != nil && candidate.trackCount == request.trackCount ? 1 : 0,
            candidate.score
        )
    }

    /// A title as compared: lower case, without accents, punctuation or repeated spaces.
    static func folded(_ text: String) -> String {
        let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        let words = plain.split { !$0.isLetter && !$0.isNumber }
        return words.joined(separator: " ")
    }
}
