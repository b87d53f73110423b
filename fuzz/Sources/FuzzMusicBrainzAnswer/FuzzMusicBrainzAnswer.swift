import Foundation
@testable import LibraryCore

/// libFuzzer's entry: any bytes as MusicBrainz's answer to a release search, then its
/// candidates ranked for an album, as a cover search does with a real answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMusicBrainzAnswer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    guard let answer = try? ReleaseSearchAnswer.decode(Data(bytes: start, count: count)) else { return 0 }
    let request = CoverLookupRequest(title: "Blue Train", artist: "John Coltrane", year: "1957", trackCount: 5)
    _ = CandidateRanking(request: request).ranked(answer.candidates)
    return 0
}
