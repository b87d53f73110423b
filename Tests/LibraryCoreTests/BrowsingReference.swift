import Foundation
@testable import LibraryCore

// MARK: - BrowsingReference

/// What a user expects: an album is found when every word typed begins one of its
/// words (title, artist, genre, year, or the year's last two digits), whatever the case
/// and accents.
struct BrowsingReference {
    var albums: [(id: AlbumID, album: Album)]

    static func fold(_ text: String) -> String {
        text.lowercased().folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Words: runs of letters, digits and emoji; anything else (spaces, punctuation) separates.
    static func words(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber || $0.unicodeScalars.contains { $0.properties.isEmoji && $0.value > 0xFF }) }
            .map(String.init)
    }

    static func year(_ album: Album) -> Int? {
        Int(album.year.prefix { $0.isASCII && $0.isNumber })
    }

    static func matches(_ album: Album, _ query: AlbumQuery) -> Bool {
        if let genre = query.genre, words(album.genre).joined(separator: " ") != genre { return false }
        if let decade = query.decade, year(album).map({ $0 / 10 * 10 }) != decade { return false }
        var found = words(album.title) + words(album.artist) + words(album.genre) + words(album.year)
        if let year = year(album), year >= 1000 { found.append(String(format: "%02d", year % 100)) }
        return words(query.searchText).allSatisfy { typed in found.contains { Array($0.utf8).starts(with: Array(typed.utf8)) } }
    }

    /// The genres (each folded genre with the spelling most of its albums use, ties to the
    /// first in byte order), in byte order of the folded genres; the decades, oldest first.
    var facets: LibraryFacets {
        var spellings: [String: [String: Int]] = [:]
        for (_, album) in albums {
            let key = Self.words(album.genre).joined(separator: " ")
            if !key.isEmpty { spellings[key, default: [:]][album.genre, default: 0] += 1 }
        }
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        let genres = spellings.sorted { bytes($0.key).lexicographicallyPrecedes(bytes($1.key)) }.map { key, counts in
            let most = counts.max { a, b in a.value != b.value ? a.value < b.value : bytes(b.key).lexicographicallyPrecedes(bytes(a.key)) }
            return LibraryFacets.Genre(key: key, name: most?.key ?? "")
        }
        let decades = Set(albums.compactMap { Self.year($0.album).map { $0 / 10 * 10 } }).sorted()
        return LibraryFacets(genres: genres, decades: decades)
    }

    func shown(_ query: AlbumQuery) -> [AlbumID] {
        let picked = albums.enumerated().filter { Self.matches($0.element.album, query) }
        func key(_ text: String) -> [UInt8] { Array(Self.words(text).joined(separator: " ").utf8) }
        func before(_ a: [UInt8], _ b: [UInt8]) -> Bool? { a == b ? nil : a.lexicographicallyPrecedes(b) }
        func beforeYear(_ a: Album, _ b: Album) -> Bool? {
            switch (Self.year(a), Self.year(b)) {
            case (nil, nil): nil
            case (nil, _): false
            case (_, nil): true
            case let (x?, y?): x == y ? nil : x < y
            }
        }
        let sorted = picked.sorted { lhs, rhs in
            let (a, b) = (lhs.element.album, rhs.element.album)
            let tie = lhs.element.id < rhs.element.id
            switch query.sort {
            case .libraryOrder: return lhs.offset < rhs.offset
            case .recentlyAdded: return lhs.element.id > rhs.element.id
            case .recentlyPlayed, .mostPlayed: return tie  // nothing played here: in the order they came
            case .title: return before(key(a.title), key(b.title)) ?? before(key(a.artist), key(b.artist)) ?? tie
            case .artist:
                return before(key(a.artist), key(b.artist)) ?? beforeYear(a, b) ?? before(key(a.title), key(b.title)) ?? tie
            case .year:
                return beforeYear(a, b) ?? before(key(a.artist), key(b.artist)) ?? before(key(a.title), key(b.title)) ?? tie
            }
        }
        return sorted.map(\.element.id)
    }
}
