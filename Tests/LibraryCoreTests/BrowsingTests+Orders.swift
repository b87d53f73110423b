import Testing
@testable import LibraryCore
import TestSupport

// MARK: - The orders kept across changes

/// The orders of the sorts that `BrowsingIndex` keeps and brings up to date after each
/// commit, checked against the reference model.
extension BrowsingTests {
    @Test("every sort stays right after a few changes and after more than the index remembers")
    func sortsAfterChanges() async throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: Self.generatedAlbums(150, seed: 21))
        var whole = Self.reference(of: library)
        var random = SplitMix64(seed: 21)
        func showEverySort(_ text: String) async {
            for sort in AlbumSort.allCases {
                let query = AlbumQuery(searchText: text, sort: sort)
                await library.showAndWait(query)
                #expect(library.shownAlbumIDs == whole.shown(query), "\(query)")
            }
            await library.showAndWait(AlbumQuery())
        }
        func change(_ times: Int) throws {
            for step in 0..<times {
                let index = Int(random.next() % UInt64(library.count))
                let id = try #require(library.albumID(at: index))
                if step % 3 == 0 {
                    var album = try #require(library.album(at: index))
                    album.title = Self.generatedAlbums(1, seed: random.next())[0].title
                    album.year = String(1960 + Int(random.next() % 60))
                    #expect(library.editAlbum(at: index, to: album) != nil)
                    whole.albums[try #require(whole.albums.firstIndex { $0.id == id })].album = album
                } else {
                    library.deleteAlbum(at: index)
                    whole.albums.removeAll { $0.id == id }
                }
            }
        }
        await showEverySort("")  // each sort's order is read once, and kept
        try change(6)
        await showEverySort("a")  // the albums changed are placed again in each order kept
        library.undo()
        whole = Self.reference(of: library)
        await showEverySort("")
        try change(70)  // more changes than the database remembers: the orders are read again
        await showEverySort("b")
        library.close()
    }

    @Test("a search typed a key at a time matches the reference at every key, also when an album it hid comes back between two keys")
    func searchTypedKeyByKey() async throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: Self.generatedAlbums(300, seed: 31))
        let whole = Self.reference(of: library)
        var random = SplitMix64(seed: 31)
        var broughtBack = 0
        for round in 0..<16 {
            let text = Self.typedQuery(&random)
            let typed = AlbumQuery(searchText: text, sort: AlbumSort.allCases[round % AlbumSort.allCases.count], genre: round % 4 == 3 ? "rock" : nil)
            for length in 1...text.count {
                var query = typed
                query.searchText = String(text.prefix(length))
                await library.showAndWait(query)
                #expect(library.shownAlbumIDs == whole.shown(query), "\(query)")
                // An album the whole text finds is deleted, the search answered without it,
                // and the deletion undone: each further key finds it again.
                if length == 1, length < text.count, let id = whole.shown(typed).first, let index = library.index(of: id) {
                    library.deleteAlbum(at: index)
                    query.searchText += " "
                    await library.showAndWait(query)
                    library.undo()
                    broughtBack += 1
                }
            }
        }
        #expect(broughtBack > 5)
    }
}
