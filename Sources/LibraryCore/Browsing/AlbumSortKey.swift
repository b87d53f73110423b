import Foundation

// MARK: - AlbumSortKey

/// What the sorts and filters compare of one album, computed from its fields: the folded
/// title, artist and genre (as UTF-8 bytes, compared as SQLite compares blobs), and the year
/// as a number. The database keeps these in the album's row, indexed, so sorting 100,000
/// albums is a walk along an index; in memory they place an album a command brings back.
struct AlbumSortKey: Hashable, Sendable {
    var title: [UInt8]
    var artist: [UInt8]
    var genre: [UInt8]
    /// The year as a number; `nil` when the year does not start with one.
    var year: Int?

    init(_ album: Album) {
        title = Self.bytes(album.title)
        artist = Self.bytes(album.artist)
        genre = Self.bytes(album.genre)
        year = Self.yearValue(of: album.year)
    }

    /// The decade of `year` (1990 for 1992), if it is known.
    static func decade(of year: Int?) -> Int? {
        year.map { $0 / 10 * 10 }
    }

    /// The folded words of `text` joined by single spaces, as bytes: punctuation and case do
    /// not change where an album sorts.
    static func bytes(_ text: String) -> [UInt8] {
        Array(SearchWords.words(in: text).joined(separator: " ").utf8)
    }

    /// The number `year` starts with ("1992", "1992-05-01", " 1967 "), `nil` if none.
    static func yearValue(of year: String) -> Int? {
        let digits = year.drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        return Int(digits)
    }
}

// MARK: - Comparing

extension AlbumSortKey {
    /// Whether an album with this key comes before one with `other` in `sort` (ties are
    /// broken by the caller, by id). Mirrors the database's `ORDER BY` for the same sort.
    func precedes(_ other: AlbumSortKey, in sort: AlbumSort) -> Bool? {
        func order<T: Comparable>(_ a: T, _ b: T) -> Bool? { a == b ? nil : a < b }
        func bytes(_ a: [UInt8], _ b: [UInt8]) -> Bool? { a == b ? nil : a.lexicographicallyPrecedes(b) }
        func year(_ a: Int?, _ b: Int?) -> Bool? {
            switch (a, b) {
            case (nil, nil): nil
            case (nil, _): false  // unknown years last
            case (_, nil): true
            case let (a?, b?): order(a, b)
            }
        }
        return switch sort {
        case .libraryOrder, .recentlyAdded, .recentlyPlayed, .mostPlayed: nil
        case .title: bytes(title, other.title) ?? bytes(artist, other.artist)
        case .artist: bytes(artist, other.artist) ?? year(self.year, other.year) ?? bytes(title, other.title)
        case .year: year(self.year, other.year) ?? bytes(artist, other.artist) ?? bytes(title, other.title)
        }
    }
}
