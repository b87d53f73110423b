import Foundation
import Testing
import TestSupport
@testable import LibraryCore

@Suite("Decoding the library ahead")
@MainActor
struct DecodeAheadTests {
    @Test("the library decoded while the app starts is the one shown")
    func decodedAhead() throws {
        let folders = TestFolders()
        try folders.writeLibrary(String(decoding: try AlbumList.encode([sampleAlbum(1), sampleAlbum(2)]), as: UTF8.self))
        DecodeAhead.startLibrary(at: folders.locations)
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.albums == [sampleAlbum(1), sampleAlbum(2)])
        #expect(library.loadProblems.isEmpty)
    }

    @Test("a library rewritten after the decode started is read again, not shown stale")
    func rewrittenMeanwhile() throws {
        let folders = TestFolders()
        try folders.writeLibrary(String(decoding: try AlbumList.encode([sampleAlbum(1)]), as: UTF8.self))
        DecodeAhead.startLibrary(at: folders.locations)
        _ = DecodeAhead.take(folders.locations.libraryFile, as: [Album].self)  // let it finish, then put it back
        DecodeAhead.startLibrary(at: folders.locations)
        try folders.writeLibrary(String(decoding: try AlbumList.encode([sampleAlbum(3), sampleAlbum(4), sampleAlbum(5)]), as: UTF8.self))
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.albums.count == 3)
    }

    @Test("a damaged library decoded ahead is still kept aside and reported")
    func damagedAhead() throws {
        let folders = TestFolders()
        try folders.writeLibrary("[{\"title\": 3}]")
        DecodeAhead.startLibrary(at: folders.locations)
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.loadProblems.first?.document == .library)
        #expect(folders.files(in: folders.libraryFolder).contains { $0.hasPrefix("albums.json.corrupt-") })
    }
}
