import Testing
@testable import BlueLibrary
@testable import LibraryCore

/// The placeholder drawn for a cover that cannot be had: the album's initials on its own colour.
struct CoverPlaceholderTests {
    private func album(_ title: String, by artist: String = "Someone") -> Album {
        Album(title: title, artist: artist, genre: "", coverUrl: "", year: "")
    }

    @Test(arguments: [
        ("Best of Bowie", "BB"),  // capitalised words first
        ("It's My Life", "IM"),
        ("Nothing Like The Sun", "NL"),
        ("the wall", "TW"),  // no capitals: the first two words
        ("1999", "1"),
        ("Ænima", "Æ"),
        ("«Blue»", "B"),
    ])
    func initialsComeFromTheTitle(title: String, initials: String) {
        #expect(CoverPlaceholder(album: album(title)).initials == initials)
    }

    @Test func anUntitledAlbumUsesTheArtistAndNothingAtAllAQuestionMark() {
        #expect(CoverPlaceholder(album: album("  ", by: "Joni Mitchell")).initials == "JM")
        #expect(CoverPlaceholder(album: album("", by: "")).initials == "?")
        #expect(CoverPlaceholder(album: album("🎸🎸", by: "")).initials == "?")
    }

    @Test func theColourIsTheSameOnEveryRunAndDiffersBetweenAlbums() {
        // FNV-1a of "David Bowie\u{1F}Best of Bowie", fixed: a per-process hash would change.
        #expect(CoverPlaceholder(album: album("Best of Bowie", by: "David Bowie")).colourClass == "placeholder-colour-1")
        let colours = Set((0..<40).map { CoverPlaceholder(album: album("Album \($0)")).colourClass })
        #expect(colours.count > 4)
        #expect(colours.allSatisfy { $0.hasPrefix("placeholder-colour-") })
    }
}
