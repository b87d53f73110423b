import Foundation

// MARK: - ReleaseCandidate

/// A MusicBrainz release that may be the album: what the candidates window shows, and what
/// the ranking weighs.
public struct ReleaseCandidate: Hashable, Sendable, Identifiable {
    /// The MusicBrainz release id (a UUID).
    public var id: String
    public var title: String
    /// The release's artist credit as MusicBrainz writes it ("Simon & Garfunkel").
    public var artist: String
    /// The release year ("1992"), "" when MusicBrainz has no date.
    public var year: String
    /// Where the release came out ("GB", "XW" for worldwide), "" when unknown.
    public var country: String
    /// How many tracks the release has, over all its media; `nil` when not said.
    public var trackCount: Int?
    /// MusicBrainz's search score, 0–100 (100 for an album known by its release id).
    public var score: Int

    public init(id: String, title: String, artist: String, year: String = "", country: String = "", trackCount: Int? = nil, score: Int = 100) {
        self.id = id
        self.title = title
        self.artist = artist
        self.year = year
        self.country = country
        self.trackCount = trackCount
        self.score = score
    }
}

// MARK: - Decoding MusicBrainz's answer

/// MusicBrainz's answer to a release search (`/ws/2/release?query=…&fmt=json`), the fields
/// the ranking needs; other fields are ignored.
struct ReleaseSearchAnswer: Decodable {
    struct Release: Decodable {
        struct Credit: Decodable {
            var name: String
            var joinphrase: String?
        }

        var id: String
        var score: Int?
        var title: String?
        var date: String?
        var country: String?
        var trackCount: Int?
        var artistCredit: [Credit]?

        enum CodingKeys: String, CodingKey {
            case id, score, title, date, country
            case trackCount = "track-count"
            case artistCredit = "artist-credit"
        }
    }

    var releases: [Release]

    /// The releases as candidates; releases whose id could not go in an address are left out.
    var candidates: [ReleaseCandidate] {
        releases.compactMap { release in
            guard CoverLookupServices.isReleaseID(release.id) else { return nil }
            let artist = (release.artistCredit ?? []).map { $0.name + ($0.joinphrase ?? "") }.joined()
            return ReleaseCandidate(
                id: release.id.lowercased(), title: release.title ?? "", artist: artist,
                year: String((release.date ?? "").prefix(4)), country: release.country ?? "",
                trackCount: release.trackCount, score: min(max(release.score ?? 0, 0), 100)
            )
        }
    }

    /// Decodes an answer; anything that is not one is a bad answer.
    static func decode(_ data: Data) throws(CoverLookupError) -> ReleaseSearchAnswer {
        do {
            return try JSONDecoder().decode(ReleaseSearchAnswer.self, from: data)
        } catch {
            throw .badAnswer
        }
    }
}
