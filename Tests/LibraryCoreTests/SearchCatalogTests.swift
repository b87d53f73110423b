import Foundation
import Testing
@testable import LibraryCore

/// The search words kept in memory: what they find is what `SearchWords.matches` says of each
/// album, through words replaced and taken out many times over (the buffer compacted).
struct SearchCatalogTests {
    private static func words(_ text: String) -> Data {
        Data(SearchWords.words(in: text).joined(separator: " ").utf8)
    }

    @Test("every searched word must begin a word of the same album; a word inside another, or across two albums, finds nothing")
    func wordsMatchWithinOneAlbumFromTheirBeginning() {
        var catalog = SearchCatalog()
        catalog.setWords(Self.words("Abbey Road The Beatles Rock 1969 69"), of: 1)
        catalog.setWords(Self.words("Road to Nowhere Talking Heads"), of: 2)
        catalog.setWords(Self.words("Beyoncé"), of: 3)
        #expect(Set(catalog.albums(matching: ["road"])) == [1, 2])
        #expect(catalog.albums(matching: ["road", "beat"]) == [1])
        #expect(catalog.albums(matching: ["oad"]).isEmpty, "not the beginning of a word")
        #expect(catalog.albums(matching: ["heads", "abbey"]).isEmpty, "words of two albums")
        #expect(catalog.albums(matching: ["beyon"]) == [3])
        #expect(catalog.albums(matching: []).isEmpty)
    }

    @Test("words changed and albums taken out, 20,000 times over 500 albums: the catalog finds what each album's words say")
    func changesKeepTheMatchesRight() {
        var catalog = SearchCatalog()
        var reference: [AlbumID: [String]] = [:]
        var generator = SystemRandomNumberGenerator()
        let vocabulary = ["rock", "road", "roadie", "jazz", "blue", "blues", "bowie", "92", "1992", "été", "ab", "abba"]
        for step in 0..<20_000 {
            let id = AlbumID.random(in: 1...500, using: &generator)
            if step % 7 == 0 {
                catalog.setWords(nil as Data?, of: id)
                reference[id] = nil
            } else {
                let text = (0..<Int.random(in: 1...4, using: &generator)).map { _ in vocabulary.randomElement(using: &generator) ?? "" }
                    .joined(separator: " ")
                catalog.setWords(Self.words(text), of: id)
                reference[id] = SearchWords.words(in: text)
            }
        }
        #expect(catalog.count == reference.count)
        for searched in [["ro"], ["road"], ["blue", "bo"], ["9"], ["ete"], ["abba", "ab"], ["zz"]] {
            let expected = Set(reference.filter { SearchWords.matches(searched, in: $0.value) }.keys)
            let found = catalog.albums(matching: searched)
            #expect(Set(found) == expected && found.count == expected.count, "\(searched)")
            // Narrowed from an earlier answer in a shuffled order (a played sort), of many
            // candidates (read in the buffer's order) and of few (read in theirs).
            for candidates in [Array(1...520).shuffled(using: &generator), Array(Array(1...520).shuffled(using: &generator).prefix(20))] {
                let narrowed = catalog.albums(among: candidates.map(AlbumID.init), matching: searched)
                #expect(narrowed == candidates.map(AlbumID.init).filter(expected.contains), "\(searched), \(candidates.count) candidates")
            }
        }
    }
}
