import LibraryCore

/// What stands in for a cover that cannot be shown: the album's initials on a colour
/// derived from the album, so the same album always looks the same.
struct CoverPlaceholder: Equatable {
    /// How many placeholder colours the style sheet defines (`.placeholder-colour-0` …).
    static let colourCount = 8

    /// One or two capital letters, or "?" for an album without a title or artist.
    let initials: String
    /// The CSS class giving the background colour.
    let colourClass: String

    init(album: Album) {
        let source = album.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? album.artist : album.title
        let words = source.split(whereSeparator: \.isWhitespace)
        let firstLetters = words.compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
        // "Best of Bowie" → "BB": capitalised words first, small words only if needed.
        let capitals = firstLetters.filter { $0.isUppercase || $0.isNumber }
        let letters = (capitals.count >= 2 || capitals.count == firstLetters.count ? capitals : firstLetters).prefix(2)
        initials = letters.isEmpty ? "?" : String(letters).uppercased()
        colourClass = "placeholder-colour-\(Self.stableHash(album.artist + "\u{1F}" + album.title) % UInt64(Self.colourCount))"
    }

    /// FNV-1a: the same on every run (Swift's `Hasher` is seeded per process).
    private static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
}
