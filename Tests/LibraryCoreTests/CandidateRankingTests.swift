import Foundation
import Testing
@testable import LibraryCore

/// Which release is certain enough to take without asking, and how the question is put to
/// MusicBrainz.
@Suite("Cover candidates")
struct CandidateRankingTests {
    static func candidate(_ number: Int, _ title: String = "Parklife", score: Int = 100, tracks: Int? = 16, year: String = "") -> ReleaseCandidate {
        ReleaseCandidate(id: "00000000-0000-4000-8000-\(String(format: "%012d", number))", title: title, artist: "Blur",
                         year: year, trackCount: tracks, score: score)
    }

    let ranking = CandidateRanking(request: CoverLookupRequest(title: "Parklife", artist: "Blur", year: "1994", trackCount: 16))

    @Test("a score under 90, another title, another track count or an unknown one is never taken without asking")
    func barsOfConfidence() {
        #expect(ranking.isConfident(Self.candidate(1, score: 90)))
        #expect(!ranking.isConfident(Self.candidate(1, score: 89)))
        #expect(ranking.isConfident(Self.candidate(1, "PARKLIFE!")), "case and punctuation aside")
        #expect(ranking.isConfident(Self.candidate(1, "Parklífe")), "accents aside")
        #expect(!ranking.isConfident(Self.candidate(1, "Parklife Vol. 2")))
        #expect(!ranking.isConfident(Self.candidate(1, tracks: 17)))
        #expect(!ranking.isConfident(Self.candidate(1, tracks: nil)))
        let unknownCount = CandidateRanking(request: CoverLookupRequest(title: "Parklife", artist: "Blur"))
        #expect(!unknownCount.isConfident(Self.candidate(1)), "an album of unknown track count is always asked about")
    }

    @Test("among the releases that pass, the album's year comes first; then the track count; then the score")
    func order() {
        let candidates = [Self.candidate(1, score: 95, tracks: 20), Self.candidate(2, year: "2012"), Self.candidate(3, score: 92, year: "1994"),
                          Self.candidate(4, score: 99, tracks: 20, year: "1994")]
        #expect(ranking.ranked(candidates).map { String($0.id.suffix(1)) } == ["3", "2", "4", "1"])
        #expect(ranking.confidentMatch(in: candidates)?.id.hasSuffix("3") == true)
        #expect(ranking.confidentMatch(in: [Self.candidate(1, tracks: 20)]) == nil)
    }

    @Test("the search is MusicBrainz's Lucene syntax with quoted, escaped phrases, and its address is fully encoded")
    func searchAddress() throws {
        let services = CoverLookupServices(musicBrainz: "http://mirror.example/", coverArtArchive: "http://art.example")
        let address = services.releaseSearch(artist: "AC/DC & \"Friends\"", title: "1+1 \\ 2")
        #expect(address.hasPrefix("http://mirror.example/ws/2/release?query="))
        #expect(!address.contains("+"), "a plus would be read as a space")
        let query = try #require(URLComponents(string: address)?.queryItems?.first { $0.name == "query" }?.value)
        #expect(query == #"release:"1+1 \\ 2" AND artist:"AC/DC & \"Friends\"""#)
        #expect(services.frontCover(of: "abc", size: 500) == "http://art.example/release/abc/front-500")
    }

    @Test("the environment names mirrors; empty variables keep the public services")
    func environment() {
        let mirrors = CoverLookupServices.fromEnvironment([
            CoverLookupServices.musicBrainzVariable: "http://127.0.0.1:8080/", CoverLookupServices.coverArtArchiveVariable: "",
        ])
        #expect(mirrors.musicBrainz == "http://127.0.0.1:8080")
        #expect(mirrors.coverArtArchive == "https://coverartarchive.org")
        #expect(CoverLookupServices.fromEnvironment([:]) == CoverLookupServices())
    }

    @Test("only a UUID is taken as a release id (it goes in the archive's path)")
    func releaseIDs() {
        #expect(CoverLookupServices.isReleaseID("1d0f9b3c-7e59-4b0e-9f0c-3c6c3c1f4a2e"))
        #expect(!CoverLookupServices.isReleaseID("../../etc/passwd-0000-0000-0000-0000"))
        #expect(!CoverLookupServices.isReleaseID(""))
    }
}
