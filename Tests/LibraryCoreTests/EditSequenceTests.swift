import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// Random sequences of adds, edits, new covers, deletions, undos and redos, with relaunches in
/// between, checked step by step against a reference model: the library as a list of albums,
/// and undo and redo as stacks of whole lists.
@MainActor
@Suite("Edit sequences")
struct EditSequenceTests {
    /// The reference: what the user should see, computed the simplest possible way.
    struct Model {
        var albums: [Album]
        var undo: [[Album]] = []
        var redo: [[Album]] = []

        mutating func record(_ change: (inout [Album]) -> Void) {
            undo.append(albums)
            redo.removeAll()
            change(&albums)
        }

        mutating func undoLast() {
            guard let previous = undo.popLast() else { return }
            redo.append(albums)
            albums = previous
        }

        mutating func redoLast() {
            guard let next = redo.popLast() else { return }
            undo.append(albums)
            albums = next
        }
    }

    @Test("400 random steps with relaunches agree with the reference model", arguments: [UInt64(15), 2026])
    func randomSequences(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folders = TestFolders()
        var library = LibraryAPI(locations: folders.locations)
        var model = Model(albums: library.albums)
        var made = 0

        func newAlbum() -> Album {
            made += 1
            return Album(title: "Album \(made) – é 日本 \u{1F3B5}", artist: "Artist \(made % 7)", genre: ["Rock", "Pop", "Jazz"][made % 3],
                         coverUrl: made % 4 == 0 ? "bluelibrary-cover:\(String(made, radix: 16)).png" : "https://example.com/\(made).png",
                         year: made % 5 == 0 ? "" : "\(1950 + made % 70)")
        }

        for step in 0..<400 {
            let count = library.count
            let index = count > 0 ? Int.random(in: 0..<count, using: &random) : 0
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<20:
                let album = newAlbum()
                let place = library.selectedIndex.map { $0 + 1 } ?? count
                library.addAlbum(album, at: place)
                model.record { $0.insert(album, at: place) }
            case 20..<40 where count > 0:
                var album = model.albums[index]
                switch Int.random(in: 0..<3, using: &random) {
                case 0: album.title += " (edited)"
                case 1: album.year = "\(Int.random(in: 1900...2030, using: &random))"
                default: break  // an edit that changes nothing
                }
                let recorded = library.editAlbum(at: index, to: album) != nil
                #expect(recorded == (album != model.albums[index]), "step \(step)")
                if recorded { model.record { $0[index] = album } }
            case 40..<50 where count > 0:
                let cover = newAlbum().coverUrl
                #expect(library.setCover(cover, at: index) != nil)
                model.record { $0[index].coverUrl = cover }
            case 50..<65 where count > 0:
                library.deleteAlbum(at: index)
                model.record { $0.remove(at: index) }
            case 65..<82:
                library.undo()
                model.undoLast()
            case 82..<95:
                library.redo()
                model.redoLast()
            default:
                library.close()
                let stored = try folders.database()
                #expect(stored.albums == model.albums, "step \(step): the database")
                #expect(stored.historyAgrees, "step \(step): the history agrees with the albums")
                library = LibraryAPI(locations: folders.locations)
            }
            #expect(library.albums == model.albums, "step \(step)")
            #expect(library.canUndo == !model.undo.isEmpty && library.canRedo == !model.redo.isEmpty, "step \(step)")
            guard library.albums == model.albums else { return }  // one failure, not 400
        }
        // Everything undone after a last relaunch: the bundled library again.
        library.close()
        library = LibraryAPI(locations: folders.locations)
        while library.canUndo { library.undo() }
        while !model.undo.isEmpty { model.undoLast() }
        #expect(library.albums == model.albums)
        library.close()
        #expect(try folders.database().albums == model.albums)
    }
}
