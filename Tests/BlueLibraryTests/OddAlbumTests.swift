import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Albums no sample would hold: the window opens, shows them as written, and every command
/// still acts on the album the user chose.
@MainActor
@Suite(.serialized)
struct OddAlbumTests {
    static let odd: [(name: String, album: Album)] = [
        ("empty strings", Album(title: "", artist: "", genre: "", coverUrl: "", year: "")),
        ("a 10,000-character title", Album(title: String(repeating: "Long ", count: 2_000), artist: "A", genre: "G", coverUrl: "x", year: "1")),
        ("right-to-left text", Album(title: "أغاني الحب", artist: "فيروز", genre: "طرب", coverUrl: "http://127.0.0.1:9/ف.png", year: "١٩٧٣")),
        ("emoji", Album(title: "🎸🔥 Live 👨‍👩‍👧", artist: "🦄", genre: "🎶", coverUrl: "http://127.0.0.1:9/🎸.png", year: "2020")),
        ("control characters", Album(title: "Tab\there\u{0}nul\u{7}bell\nnewline", artist: "\u{1B}[31mred", genre: "\r", coverUrl: "\u{0}", year: "\u{8}")),
        ("an invalid coverUrl", Album(title: "Bad address", artist: "A", genre: "G", coverUrl: "ht!tp://::not a url::", year: "2000")),
        ("a duplicate (1/2)", Album(title: "Twin", artist: "Same", genre: "Pop", coverUrl: "http://127.0.0.1:9/twin.png", year: "1999")),
        ("a duplicate (2/2)", Album(title: "Twin", artist: "Same", genre: "Pop", coverUrl: "http://127.0.0.1:9/twin.png", year: "1999")),
    ]

    @Test func oddAlbumsAreShownAndEditedLikeAnyOther() async throws {
        try await DisplayLock.exclusive {
            let albums = Self.odd.map(\.album)
            let harness = try await WindowHarness(albums: albums)
            let views = try (0..<albums.count).map { try #require(harness.window.scroller.view(at: $0) as? AlbumView) }
            await harness.wait(for: "every spinner to stop") { views.allSatisfy { !$0.isLoading } }
            var rows: [ReliabilityRow] = []
            for (index, odd) in Self.odd.enumerated() {
                harness.window.library.selectAlbum(at: index)
                await harness.nextFrames()
                await harness.wait(for: "\(odd.name): its cover or placeholder") { !views[index].isLoading }
                let shown = harness.report.properties
                let title = odd.album.title.forDisplay
                let held = views[index].captionText == title && shown.count == 4
                    && shown[1] == "Album: \(title)" && (views[index].showsCover || views[index].showsPlaceholder)
                #expect(held, "\(odd.name): cover \(views[index].showsCover) placeholder \(views[index].showsPlaceholder) loading \(views[index].isLoading) caption \(views[index].captionText.count) chars, \(shown.map { ($0.count, $0.prefix(40)) })")
                rows.append(ReliabilityRow(area: "Odd albums", attempt: odd.name, outcome: "shown as written; a placeholder for its cover", held: held))
            }

            // Deleting the second twin deletes that one, and undo puts it back at its place.
            let twin = albums.count - 1
            harness.window.library.selectAlbum(at: twin)
            harness.activate("win.delete")
            await harness.nextFrames()
            #expect(harness.library.albums.count == albums.count - 1)
            harness.activate("win.undo")
            await harness.nextFrames()
            #expect(harness.library.albums == albums && harness.library.selectedIndex == twin)
            rows.append(ReliabilityRow(area: "Odd albums", attempt: "delete and undo a duplicate", outcome: "the chosen twin comes back at its place",
                                       held: harness.library.albums == albums && harness.library.selectedIndex == twin))

            harness.library.flush()
            let saved = try harness.folders.database().albums
            #expect(saved == albums, "odd text survives a save and a load unchanged")
            rows.append(ReliabilityRow(area: "Odd albums", attempt: "all of the above, saved and read back", outcome: "unchanged", held: saved == albums))
            ReliabilityLog.record(rows)
            await harness.close()
        }
    }

    @Test(arguments: [0, 1])
    func tinyLibraries(count: Int) async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<count).map(sampleAlbum))
            let report = harness.report
            #expect(report.albumCount == count)
            #expect(report.canDelete == (count > 0))
            #expect(count > 0 || report.properties == ["Your library is empty"])
            harness.activate("win.delete")
            await harness.nextFrames()
            #expect(harness.report.properties == ["Your library is empty"])
            #expect(!harness.report.canDelete)
            ReliabilityLog.record([ReliabilityRow(area: "Odd albums", attempt: "a library of \(count) album\(count == 1 ? "" : "s"), then Delete",
                                                  outcome: "opens; ends on “Your library is empty” with Trash off",
                                                  held: harness.report.properties == ["Your library is empty"])])
            await harness.close()
        }
    }
}
