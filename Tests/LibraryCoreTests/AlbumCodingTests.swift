import Foundation
import Testing
@testable import LibraryCore
import TestSupport

@Suite("Album JSON")
struct AlbumCodingTests {
    @Test("an album list survives a save and a load unchanged")
    func roundTrip() throws {
        let albums = (0..<20).map(sampleAlbum) + [
            Album(title: "Ünïcødé “quotes” / slashes", artist: "", genre: "🎵", coverUrl: "http://x/a b", year: "0"),
        ]
        #expect(try AlbumList.decode(AlbumList.encode(albums)) == albums)
    }

    @Test("a file written by the original sample loads, extra keys and all")
    func originalSampleFormat() throws {
        // The original sample's Swift version encoded [Album] with JSONEncoder: compact, any
        // key order, slashes escaped.
        let json = #"""
        [{"year":"1992","title":"Best of Bowie","genre":"Pop","artist":"David Bowie","coverUrl":"https:\/\/s3.amazonaws.com\/CoverProject\/album\/album_david_bowie_best_of_bowie.png","rating":5}]
        """#
        let albums = try AlbumList.decode(Data(json.utf8))
        #expect(albums == [Album(
            title: "Best of Bowie", artist: "David Bowie", genre: "Pop",
            coverUrl: "https://s3.amazonaws.com/CoverProject/album/album_david_bowie_best_of_bowie.png",
            year: "1992"
        )])
    }

    @Test("the bundled library holds the sample's five albums in order")
    func bundledLibrary() throws {
        let albums = try AlbumList.decode(Data(contentsOf: Repository.defaultLibrary))
        #expect(albums.map(\.artist) == ["David Bowie", "No Doubt", "Sting", "U2", "Madonna"])
        #expect(albums.map(\.title) == ["Best of Bowie", "It's My Life", "Nothing Like The Sun", "Staring at the Sun", "American Pie"])
        #expect(albums.map(\.year) == ["1992", "2003", "1999", "2000", "2000"])
        #expect(albums.allSatisfy { $0.genre == "Pop" })
        #expect(albums.allSatisfy { $0.coverUrl.hasPrefix("https://s3.amazonaws.com/CoverProject/album/album_") })
    }

    @Test("the properties list rows are Artist, Album, Genre, Year")
    func tableRepresentation() {
        let rows = sampleAlbum(3).tableRepresentation
        #expect(rows.map(\.title) == ["Artist", "Album", "Genre", "Year"])
        #expect(rows.map(\.value) == ["Artist 3", "Album 3", "Genre", "1953"])
    }

    // MARK: Malformed files

    static let validAlbum = #"{"title":"T","artist":"A","genre":"G","coverUrl":"http://h/c.png","year":"2000"}"#

    @Test("each kind of malformed file gives its named error", arguments: [
        ("", DocumentDecodingError.empty),
        ("[", nil),
        ("\u{FF}\u{FE}garbage", nil),
        (#"{"title":"T"}"#, .unexpectedTopLevel(expected: "a list of albums")),
        ("[\(validAlbum), {\"title\":\"T\",\"artist\":\"A\",\"genre\":\"G\",\"coverUrl\":\"c\"}]", .missingKey("year", itemIndex: 1)),
        ("[\(validAlbum), \(validAlbum), {\"title\":1,\"artist\":\"A\",\"genre\":\"G\",\"coverUrl\":\"c\",\"year\":\"1\"}]",
         .wrongType(key: "title", itemIndex: 2, expected: "text")),
        ("[{\"title\":\"T\",\"artist\":null,\"genre\":\"G\",\"coverUrl\":\"c\",\"year\":\"1\"}]",
         .wrongType(key: "artist", itemIndex: 0, expected: "text")),
        ("[\(validAlbum), 42]", .wrongType(key: nil, itemIndex: 1, expected: "an object")),
    ] as [(String, DocumentDecodingError?)])
    func malformed(json: String, expected: DocumentDecodingError?) {
        #expect(throws: DocumentDecodingError.self) { try AlbumList.decode(Data(json.utf8)) }
        do {
            _ = try AlbumList.decode(Data(json.utf8))
        } catch {
            if let expected {
                #expect(error == expected)
            } else {
                guard case .invalidJSON = error else {
                    Issue.record("expected invalidJSON, got \(error)")
                    return
                }
            }
        }
    }

    @Test("invalid UTF-8 is reported as invalid JSON")
    func invalidUTF8() {
        let bytes = Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])  // ["<bad>"]
        #expect(throws: DocumentDecodingError.self) { try AlbumList.decode(bytes) }
    }

    @Test("error messages name the album's position and the key")
    func messages() {
        #expect(DocumentDecodingError.missingKey("year", itemIndex: 1).description == "item 2 has no “year”")
        #expect(DocumentDecodingError.wrongType(key: "title", itemIndex: 0, expected: "text").description
            == "item 1 has “title” that is not text")
    }
}
