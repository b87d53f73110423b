// MARK: - AlbumFilterTable

/// Every album's genre, year and whether it was played, in memory, by id: what the genre,
/// decade and Never Played filters pick from, with `AlbumQuery.acceptsGenre` and
/// `acceptsYear` (the rules that also place an album a command brings back), so a change of
/// filter is one pass over the sort's order.
///
/// A genre is kept as a number into the table of the genres seen (100,000 albums share a few
/// hundred genres), so that each album costs eight bytes.
struct AlbumFilterTable: Sendable {
    /// The number of the genre of each album id, by id (`-1`: no such album).
    private var genreOfAlbum: [Int32] = []
    /// The year of each album id, by id (`noYear` when it has none).
    private var yearOfAlbum: [Int32] = []
    /// Whether each album id was listened to, by id.
    private var wasPlayed: [Bool] = []
    /// The folded genres seen, by number.
    private var genres: [[UInt8]] = []
    /// The number of each genre seen.
    private var numberOfGenre: [[UInt8]: Int32] = [:]

    private static let noAlbum: Int32 = -1
    private static let noYear = Int32.min

    init() {}

    // MARK: Keeping the table

    /// Gives album `id` the folded genre `genre` and the year `year` (`AlbumSortKey`'s).
    mutating func set(genre: [UInt8], year: Int?, of id: AlbumID) {
        guard id >= 0, id < Int32.max else { return }
        let index = Int(id)
        if index >= genreOfAlbum.count {
            genreOfAlbum.append(contentsOf: repeatElement(Self.noAlbum, count: index + 1 - genreOfAlbum.count))
            yearOfAlbum.append(contentsOf: repeatElement(Self.noYear, count: index + 1 - yearOfAlbum.count))
            wasPlayed.append(contentsOf: repeatElement(false, count: index + 1 - wasPlayed.count))
        }
        genreOfAlbum[index] = number(of: genre)
        yearOfAlbum[index] = year.flatMap { Int32(exactly: $0) } ?? Self.noYear
    }

    /// Says whether album `id` (given its genre and year already) was listened to.
    mutating func set(played: Bool, of id: AlbumID) {
        guard id >= 0, id < wasPlayed.count else { return }
        wasPlayed[Int(id)] = played
    }

    /// Takes album `id` out.
    mutating func remove(_ id: AlbumID) {
        guard id >= 0, id < genreOfAlbum.count else { return }
        genreOfAlbum[Int(id)] = Self.noAlbum
    }

    private mutating func number(of genre: [UInt8]) -> Int32 {
        if let number = numberOfGenre[genre] { return number }
        let number = Int32(genres.count)
        genres.append(genre)
        numberOfGenre[genre] = number
        return number
    }

    // MARK: Filtering

    /// The albums of `candidates`, in their order, that `query`'s genre and decade accept.
    func albums(among candidates: [AlbumID], filteredBy query: AlbumQuery) -> [AlbumID] {
        let acceptedGenres = genres.map(query.acceptsGenre)  // each genre judged once
        return candidates.filter { id in
            guard id >= 0, Int(id) < genreOfAlbum.count else { return false }
            let genre = genreOfAlbum[Int(id)], year = yearOfAlbum[Int(id)]
            return genre != Self.noAlbum && acceptedGenres[Int(genre)] && query.acceptsYear(year == Self.noYear ? nil : Int(year))
                && !(query.isNeverPlayedOnly && wasPlayed[Int(id)])
        }
    }
}
