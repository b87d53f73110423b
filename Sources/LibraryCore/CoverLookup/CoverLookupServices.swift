import Foundation

// MARK: - CoverLookupServices

/// Where covers are looked up: MusicBrainz (which release an album is) and the Cover Art
/// Archive (that release's front cover). Both can be pointed at a mirror, or at a local server
/// in tests, with `BLUELIBRARY_MUSICBRAINZ_URL` and `BLUELIBRARY_COVER_ART_ARCHIVE_URL`.
public struct CoverLookupServices: Sendable, Hashable {
    /// MusicBrainz's base address, without a trailing slash ("https://musicbrainz.org").
    public var musicBrainz: String
    /// The Cover Art Archive's base address ("https://coverartarchive.org").
    public var coverArtArchive: String

    public static let musicBrainzVariable = "BLUELIBRARY_MUSICBRAINZ_URL"
    public static let coverArtArchiveVariable = "BLUELIBRARY_COVER_ART_ARCHIVE_URL"

    public init(musicBrainz: String = "https://musicbrainz.org", coverArtArchive: String = "https://coverartarchive.org") {
        self.musicBrainz = Self.trimmed(musicBrainz)
        self.coverArtArchive = Self.trimmed(coverArtArchive)
    }

    /// The public services, or the mirrors the environment names.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        let defaults = CoverLookupServices()
        return CoverLookupServices(
            musicBrainz: environment[musicBrainzVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaults.musicBrainz,
            coverArtArchive: environment[coverArtArchiveVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaults.coverArtArchive
        )
    }

    // MARK: Addresses

    /// How many candidates a search asks for: enough to hold the reissues of one album.
    static let candidateLimit = 10

    /// MusicBrainz's release search for an album by artist and title (its Lucene syntax,
    /// both as quoted phrases), answered in JSON.
    func releaseSearch(artist: String, title: String) -> String {
        var query = "release:" + Self.phrase(title)
        if !artist.isEmpty { query += " AND artist:" + Self.phrase(artist) }
        var components = URLComponents()
        components.queryItems = [
            URLQueryItem(name: "query", value: query),
            URLQueryItem(name: "fmt", value: "json"),
            URLQueryItem(name: "limit", value: String(Self.candidateLimit)),
        ]
        // URLComponents leaves "+" alone, which a server reads as a space.
        let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return musicBrainz + "/ws/2/release?" + encoded
    }

    /// The front cover of the release `releaseID` at about `size` pixels (250, 500 or 1200);
    /// the archive answers with a redirect to the image's host.
    func frontCover(of releaseID: String, size: Int) -> String {
        coverArtArchive + "/release/" + releaseID + "/front-\(size)"
    }

    /// Whether `address` is a MusicBrainz request (those are paced; the archive's are not).
    func isMusicBrainz(_ address: String) -> Bool {
        address.hasPrefix(musicBrainz + "/")
    }

    // MARK: Helpers

    /// A Lucene phrase: the text in double quotes, its quotes and backslashes escaped.
    static func phrase(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func trimmed(_ address: String) -> String {
        var address = address
        while address.hasSuffix("/") { address.removeLast() }
        return address
    }

    /// Whether a release id looks like a MusicBrainz id (a UUID), so that it can go in a path.
    static func isReleaseID(_ text: String) -> Bool {
        text.count == 36 && text.allSatisfy { $0.isHexDigit || $0 == "-" } && text.filter { $0 == "-" }.count == 4
    }
}
