import Foundation

// MARK: - AlbumSort

/// The orders the albums can be shown in.
public enum AlbumSort: String, Codable, CaseIterable, Hashable, Sendable {
    /// The user's own order (the default).
    case libraryOrder
    case title
    /// By artist, then year, then title.
    case artist
    /// By year (albums without one last), then artist, then title.
    case year
    /// The albums added last first.
    case recentlyAdded
    /// The albums listened to last first (never played ones last, in the order they came).
    case recentlyPlayed
    /// The albums listened to most first (ties: the one played last first; never played
    /// ones last, in the order they came).
    case mostPlayed

    /// Whether the order follows the listening history (`AlbumPlays`) rather than the albums.
    public var followsPlays: Bool { self == .recentlyPlayed || self == .mostPlayed }
}

// MARK: - AlbumQuery

/// Which albums the window shows, and in which order: a search (every word typed must begin
/// a word of the title, artist, genre or year, ignoring case and accents), a genre, a decade,
/// only the albums never played, and a sort. Part of the memento.
public struct AlbumQuery: Codable, Hashable, Sendable {
    /// What the user typed, as typed.
    public var searchText: String
    public var sort: AlbumSort
    /// The genre shown, folded (`LibraryFacets.Genre.key`); `nil` for every genre.
    public var genre: String?
    /// The decade shown (1990 for the 1990s); `nil` for every decade.
    public var decade: Int?
    /// Whether only the albums never listened to are shown.
    public var isNeverPlayedOnly: Bool

    public init(searchText: String = "", sort: AlbumSort = .libraryOrder, genre: String? = nil, decade: Int? = nil, isNeverPlayedOnly: Bool = false) {
        self.searchText = searchText
        self.sort = sort
        self.genre = genre
        self.decade = decade
        self.isNeverPlayedOnly = isNeverPlayedOnly
    }

    /// The words searched for (folded); empty when nothing is searched.
    var searchedWords: [String] { SearchWords.words(in: searchText) }

    /// The search text without surrounding spaces; empty when nothing is searched.
    public var searchedText: String { searchedWords.isEmpty ? "" : searchText.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Whether the search or a filter leaves some albums out.
    public var isFiltering: Bool { !searchedWords.isEmpty || isFilteredByFacets }

    /// Whether which albums show, or their order, follows the plays (a listen changes them).
    public var followsPlays: Bool { sort.followsPlays || isNeverPlayedOnly }

    /// Whether the genre, decade or Never Played filter leaves some albums out.
    var isFilteredByFacets: Bool { genre != nil || decade != nil || isNeverPlayedOnly }

    /// Whether this shows every album in the user's order (no search, filter or sort).
    public var isWholeLibrary: Bool { !isFiltering && sort == .libraryOrder }

    /// This query without its search and filters (what Escape returns to).
    public var withoutFilters: AlbumQuery { AlbumQuery(sort: sort) }

    /// Whether every album this query picks is among those `broader` picks, in the same
    /// order: the same sort and filters, and each word `broader` searches begins a word this
    /// one searches (a key that extends the search, or a word added to it).
    func picksAmong(_ broader: AlbumQuery) -> Bool {
        guard sort == broader.sort, genre == broader.genre, decade == broader.decade, isNeverPlayedOnly == broader.isNeverPlayedOnly else { return false }
        let searched = searchedWords
        return broader.searchedWords.allSatisfy { word in searched.contains { $0.utf8.starts(with: word.utf8) } }
    }

    /// Whether `album` is one this query shows; `plays` are its plays (nil: never played).
    func matches(_ album: Album, plays: AlbumPlays?) -> Bool {
        if isNeverPlayedOnly, plays != nil { return false }
        if genre != nil || decade != nil {
            let key = AlbumSortKey(album)
            guard acceptsGenre(key.genre), acceptsYear(key.year) else { return false }
        }
        let searched = searchedWords
        return searched.isEmpty || SearchWords.matches(searched, in: SearchWords.words(of: album))
    }

    /// Whether the genre filter lets an album of the folded genre `genre` through.
    func acceptsGenre(_ genre: [UInt8]) -> Bool {
        self.genre.map { $0.utf8.elementsEqual(genre) } ?? true
    }

    /// Whether the decade filter lets an album of the year `year` through.
    func acceptsYear(_ year: Int?) -> Bool {
        decade.map { AlbumSortKey.decade(of: year) == $0 } ?? true
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case searchText, sort, genre, decade, isNeverPlayedOnly
    }

    /// Every key is optional, and a sort this version does not know is the user's order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        searchText = try container.decodeIfPresent(String.self, forKey: .searchText) ?? ""
        sort = (try? container.decodeIfPresent(AlbumSort.self, forKey: .sort)) ?? .libraryOrder
        genre = try container.decodeIfPresent(String.self, forKey: .genre)
        decade = try container.decodeIfPresent(Int.self, forKey: .decade)
        isNeverPlayedOnly = try container.decodeIfPresent(Bool.self, forKey: .isNeverPlayedOnly) ?? false
    }
}

// MARK: - LibraryFacets

/// The genres and decades the library's albums have: the filter's choices.
public struct LibraryFacets: Hashable, Sendable {
    /// One genre, however it is spelt ("Rock", "rock").
    public struct Genre: Hashable, Sendable {
        /// The folded genre, what `AlbumQuery.genre` holds.
        public var key: String
        /// The spelling most albums of the genre use.
        public var name: String
    }

    /// In alphabetical order of their keys.
    public var genres: [Genre] = []
    /// Oldest first (1990 for the 1990s).
    public var decades: [Int] = []

    public init(genres: [Genre] = [], decades: [Int] = []) {
        self.genres = genres
        self.decades = decades
    }
}
