import Foundation

// MARK: - SearchWords

/// How text is turned into the words a search matches and a sort compares: folded (case,
/// accents, widths and compatibility forms ignored: "Beyoncé" and "BEYONCE" are the same
/// word) and cut at spaces and punctuation. Letters, digits, marks and symbols (emoji) make
/// words, in any script.
///
/// The database stores these words, one space between each (`albumWords`), and the
/// search matches them in memory (`SearchCatalog`): a search word matches an album's word
/// when it is a prefix of it, byte for byte. `matches` says the same of one album: whether an
/// album a command brings back is shown, so the search and the window always agree.
enum SearchWords {
    /// `text` folded: compatibility forms, case, accents and widths removed, then composed.
    static func fold(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// The folded words of `text`, in order.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in fold(text).unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    /// The words an album is found by: those of its title, artist, genre and year, and the
    /// year's last two digits ("92" finds 1992).
    static func words(of album: Album) -> [String] {
        var words = words(in: album.title) + words(in: album.artist) + words(in: album.genre) + words(in: album.year)
        if let year = AlbumSortKey.yearValue(of: album.year), (1000...9999).contains(year) {
            words.append(String(format: "%02d", year % 100))
        }
        return words
    }

    /// Whether every one of `searched` is the beginning of one of `words`.
    static func matches(_ searched: [String], in words: [String]) -> Bool {
        searched.allSatisfy { prefix in words.contains { $0.utf8.starts(with: prefix.utf8) } }
    }

    /// Letters, digits, marks (accents of other scripts) and symbols, emoji among them.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber,
             .otherSymbol, .modifierSymbol, .privateUse:
            true
        default:
            false
        }
    }
}
