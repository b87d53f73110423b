import Foundation
import GRDB
import Testing
@testable import LibraryCore
import TestSupport

/// Search, sort and filter, checked against a reference model (`BrowsingReference`: plain
/// arrays filtered and sorted in memory), on generated libraries whose titles mix accents, CJK, right-to-left
/// scripts and emoji.
@MainActor
@Suite("Search, sort and filter")
struct BrowsingTests {
    // MARK: Generated libraries

    static let titleWords = [
        "Beyoncé", "Café", "Tacvba", "Sigur", "Rós", "Björk", "Homogenic", "千与千寻", "東京事変", "교향곡",
        "فيروز", "שלום", "עולם", "🎸", "Rock", "❤️", "Love", "Blue", "BLUE", "Naïve", "Ångström", "Ça", "va",
        "Best", "of", "Bowie", "Ｆｕｌｌ", "Mötley", "Crüe", "Déjà", "vu", "AC/DC", "O'Brien", "Ελληνικά",
    ]
    static let artists = ["David Bowie", "Beyoncé", "Björk", "宇多田ヒカル", "فيروز", "Sigur Rós", "Mötley Crüe", "The Beatles", "🎹 Keys", "Zoë"]
    static let genres = ["Rock", "rock", "Pop", "Électronique", "Jazz", "ジャズ", "", "Hip-Hop"]
    static let years = ["1967", "1992", "1999", "2005", "2012", "", "unknown", "1992-05-01", "1975"]

    static func generatedAlbums(_ count: Int, seed: UInt64) -> [Album] {
        var random = SplitMix64(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        return (0..<count).map { _ in
            let words = (0..<(1 + Int(random.next() % 3))).map { _ in pick(titleWords) }
            return Album(title: words.joined(separator: pick([" ", " - ", ": ", "/"])), artist: pick(artists), genre: pick(genres),
                         coverUrl: "", year: pick(years))
        }
    }

    /// What a user might type: the beginning of a word, in another case, without its accents.
    static func typedQuery(_ random: inout SplitMix64) -> String {
        let sources = titleWords + artists.flatMap { $0.split(separator: " ").map(String.init) } + ["92", "1992", "19", "rock"]
        return (0..<(1 + Int(random.next() % 2))).map { _ in
            var word = sources[Int(random.next() % UInt64(sources.count))]
            let length = max(1, Int(random.next() % UInt64(max(word.count, 1))) + 1)
            word = String(word.prefix(length))
            switch random.next() % 3 {
            case 0: word = word.uppercased()
            case 1: word = word.folding(options: .diacriticInsensitive, locale: nil)
            default: break
            }
            return word
        }.joined(separator: " ")
    }

    static func makeLibrary(_ folders: TestFolders, albums: [Album]) throws -> LibraryAPI {
        try folders.writeLibrary(albums)
        return LibraryAPI(locations: folders.locations, saveDelay: .zero)
    }

    static func reference(of library: LibraryAPI) -> BrowsingReference {
        let ids = library.shownAlbumIDs
        return BrowsingReference(albums: zip(ids, library.albums).map { ($0, $1) })
    }

    static func randomQuery(_ random: inout SplitMix64, facets: LibraryFacets) -> AlbumQuery {
        var query = AlbumQuery(sort: AlbumSort.allCases[Int(random.next() % 5)])
        if random.next() % 3 != 0 { query.searchText = typedQuery(&random) }
        if random.next() % 3 == 0, !facets.genres.isEmpty { query.genre = facets.genres[Int(random.next() % UInt64(facets.genres.count))].key }
        if random.next() % 3 == 0, !facets.decades.isEmpty { query.decade = facets.decades[Int(random.next() % UInt64(facets.decades.count))] }
        return query
    }

    static func untilFacets(_ library: LibraryAPI) async {
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        while library.facets.genres.isEmpty, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
    }

    // MARK: Tests

    @Test("the examples of the issue: beyon finds Beyoncé, bowie 92 finds Best of Bowie (1992)")
    func examples() async throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: [
            Album(title: "Lemonade", artist: "Beyoncé", genre: "R&B", coverUrl: "", year: "2016"),
            Album(title: "Best of Bowie", artist: "David Bowie", genre: "Rock", coverUrl: "", year: "1992"),
            Album(title: "Low", artist: "David Bowie", genre: "Rock", coverUrl: "", year: "1977"),
            Album(title: "千与千寻", artist: "久石譲", genre: "Soundtrack", coverUrl: "", year: "2001"),
        ])
        await library.showAndWait(AlbumQuery(searchText: "beyon"))
        #expect(library.albums(shown: library) == ["Lemonade"])
        await library.showAndWait(AlbumQuery(searchText: "BOWIE 92"))
        #expect(library.albums(shown: library) == ["Best of Bowie"])
        await library.showAndWait(AlbumQuery(searchText: "千与"))
        #expect(library.albums(shown: library) == ["千与千寻"])
        await library.showAndWait(AlbumQuery(searchText: "owie"))  // a word's middle is not its beginning
        #expect(library.count == 0 && library.selectedIndex == nil)
        await library.showAndWait(AlbumQuery(searchText: "\"low\" OR NOT *"))  // FTS5 syntax is only text here
        #expect(library.count == 0)
        await library.showAndWait(AlbumQuery())
        #expect(library.count == 4)
    }

    @Test("a search in an empty library finds nothing, and finds the first album added")
    func searchFromAnEmptyLibrary() async throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: [])
        await library.showAndWait(AlbumQuery(searchText: "abbey"))  // the words are read: none
        #expect(library.count == 0)
        library.addAlbum(Album(title: "Abbey Road", artist: "The Beatles", genre: "Rock", coverUrl: "", year: "1969"))
        await library.showAndWait(AlbumQuery(searchText: "abbey r"))
        #expect(library.albums(shown: library) == ["Abbey Road"])
        library.close()
    }

    @Test("search, sort and filter match the reference", arguments: [7, 8])
    func matchesReference(seed: UInt64) async throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: Self.generatedAlbums(400, seed: seed))
        let reference = Self.reference(of: library)
        await Self.untilFacets(library)
        #expect(library.facets.genres.map(\.key).contains("rock") && !library.facets.genres.map(\.key).contains("Rock"))
        #expect(library.facets.decades == [1960, 1970, 1990, 2000, 2010])
        #expect(library.facets == reference.facets, "the genres, each with its most common spelling, and the decades")
        var random = SplitMix64(seed: seed)
        var nonEmpty = 0
        for _ in 0..<120 {
            let query = Self.randomQuery(&random, facets: library.facets)
            await library.showAndWait(query)
            let expected = reference.shown(query)
            #expect(library.shownAlbumIDs == expected, "\(query)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 30)
    }

    @Test("deleting, adding, editing, undoing and redoing inside a filtered view keep the whole library right")
    func changesInsideAView() async throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: Self.generatedAlbums(150, seed: 3))
        var whole = Self.reference(of: library)
        var history: [[(id: AlbumID, album: Album)]] = []
        var future: [[(id: AlbumID, album: Album)]] = []
        await Self.untilFacets(library)
        var random = SplitMix64(seed: 11)
        var hiddenEvents = 0
        let observation = library.observe { event in if case .changed(let update) = event, !update.hidden.isEmpty { hiddenEvents += 1 } }
        defer { observation.cancel() }
        var query = AlbumQuery(searchText: "b", sort: .title)
        await library.showAndWait(query)
        for step in 0..<300 {
            if step % 25 == 0 {
                query = Self.randomQuery(&random, facets: library.facets)
                await library.showAndWait(query)
            }
            let roll = random.next() % 100
            switch roll {
            case 0..<30 where library.count > 0:
                let index = Int(random.next() % UInt64(library.count))
                library.selectAlbum(at: index)
                let id = try #require(library.albumID(at: index))
                library.deleteAlbum(at: index)
                history.append(whole.albums)
                future.removeAll()
                whole.albums.removeAll { $0.id == id }
            case 30..<45:
                let album = Self.generatedAlbums(1, seed: random.next())[0]
                let at = library.count == 0 ? 0 : Int(random.next() % UInt64(library.count + 1))
                let place = at == 0 ? 0 : (whole.albums.firstIndex { $0.id == library.albumID(at: at - 1) }.map { $0 + 1 } ?? 0)
                library.addAlbum(album, at: at)
                history.append(whole.albums)
                future.removeAll()
                let newID = try #require(library.allEntryIDs.first { id in !whole.albums.contains { $0.id == id } })
                whole.albums.insert((newID, album), at: place)
            case 45..<60 where library.count > 0:
                let index = Int(random.next() % UInt64(library.count))
                let id = try #require(library.albumID(at: index))
                var album = try #require(library.album(at: index))
                album.title = Self.generatedAlbums(1, seed: random.next())[0].title
                album.genre = Self.genres[Int(random.next() % UInt64(Self.genres.count))]
                guard library.editAlbum(at: index, to: album) != nil else { continue }
                history.append(whole.albums)
                future.removeAll()
                let place = try #require(whole.albums.firstIndex { $0.id == id })
                whole.albums[place].album = album
            case 60..<85 where !history.isEmpty:
                library.undo()
                future.append(whole.albums)
                whole.albums = history.removeLast()
            case 85..<100 where !future.isEmpty:
                library.redo()
                history.append(whole.albums)
                whole.albums = future.removeLast()
            default:
                continue
            }
            #expect(library.albums.map(\.title) == whole.albums.map(\.album.title), "step \(step)")
            #expect(library.albums == whole.albums.map(\.album), "step \(step)")
            #expect(library.shownAlbumIDs == whole.shown(query), "step \(step): \(query)")
            guard library.shownAlbumIDs == whole.shown(query), library.albums == whole.albums.map(\.album) else { break }
            #expect(library.selectedIndex == nil ? library.count == 0 : library.selectedIndex! < library.count)
        }
        #expect(hiddenEvents > 0)
        library.close()
        #expect(try folders.database().historyAgrees)
    }

    @Test("undoing the deletion of an album the search hides brings it back, and says so")
    func undoBringsBackHidden() async throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: (0..<5).map(sampleAlbum) + [
            Album(title: "Blue", artist: "Joni Mitchell", genre: "Folk", coverUrl: "", year: "1971"),
        ])
        await library.showAndWait(AlbumQuery(searchText: "blue"))
        #expect(library.count == 1)
        library.deleteAlbum(at: 0)
        #expect(library.count == 0 && library.selectedIndex == nil)
        await library.showAndWait(AlbumQuery(searchText: "album"))
        var hidden: [Album] = []
        let observation = library.observe { event in if case .changed(let update) = event { hidden += update.hidden } }
        library.undo()
        observation.cancel()
        #expect(hidden.map(\.title) == ["Blue"])
        #expect(library.count == 5 && library.libraryCount == 6)
        #expect(library.albums.last?.title == "Blue")
        await library.showAndWait(AlbumQuery())
        #expect(library.albums(shown: library).last == "Blue")
    }

    @Test("leaving a search keeps the album selected in it; a relaunch restores search, filter, sort and selection")
    func selectionAndRelaunch() async throws {
        let folders = TestFolders()
        var library = try Self.makeLibrary(folders, albums: Self.generatedAlbums(200, seed: 5))
        await Self.untilFacets(library)
        let query = AlbumQuery(searchText: "b", sort: .year, genre: "rock")
        await library.showAndWait(query)
        #expect(library.count > 2)
        library.selectAlbum(at: 2)
        let selected = try #require(library.albumID(at: 2))
        let shown = library.shownAlbumIDs
        library.close()

        library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.query == query)
        #expect(library.shownAlbumIDs == shown)
        #expect(library.selectedIndex == 2)

        await library.showAndWait(AlbumQuery(searchText: "zzzz"))
        #expect(library.count == 0 && library.selectedIndex == nil)
        await library.showAndWait(query.withoutFilters)
        #expect(library.count == 200)
        #expect(library.selectedIndex.flatMap(library.albumID(at:)) == selected)
        library.close()
        library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.query == AlbumQuery(sort: .year))
        #expect(library.selectedIndex.flatMap(library.albumID(at:)) == selected)
    }
}

extension LibraryAPI {
    func albums(shown library: LibraryAPI) -> [String] {
        (0..<count).compactMap { album(at: $0)?.title }
    }

    /// Every album's id in the user's order.
    var allEntryIDs: [AlbumID] { order }
}
