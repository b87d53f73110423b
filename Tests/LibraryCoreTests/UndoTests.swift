import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// Delete, add, undo and redo, checked against a plain reference: the list of snapshots a
/// user would expect to step back and forth through.
@MainActor
@Suite("Undo and redo")
struct UndoTests {
    /// The reference model: arrays only.
    struct Reference {
        var albums: [Album]
        var past: [[Album]] = []
        var future: [[Album]] = []
        let limit = UndoStack.defaultLimit

        mutating func change(_ edit: (inout [Album]) -> Void) {
            past.append(albums)
            if past.count > limit { past.removeFirst() }
            future.removeAll()
            edit(&albums)
        }

        mutating func undo() {
            guard let previous = past.popLast() else { return }
            future.append(albums)
            albums = previous
        }

        mutating func redo() {
            guard let next = future.popLast() else { return }
            past.append(albums)
            albums = next
        }
    }

    /// A library over fresh folders holding `albums`.
    static func makeLibrary(_ folders: TestFolders, albums: [Album]) throws -> LibraryAPI {
        try folders.writeLibrary(String(decoding: try AlbumList.encode(albums), as: UTF8.self))
        return LibraryAPI(locations: folders.locations, saveDelay: .zero)
    }

    @Test("random deletes, adds, undos, redos and relaunches match the reference", arguments: [1, 2, 3])
    func randomSequences(seed: UInt64) throws {
        let folders = TestFolders()
        var reference = Reference(albums: (0..<12).map(sampleAlbum))
        var library = try Self.makeLibrary(folders, albums: reference.albums)
        var random = SplitMix64(seed: seed)
        var nextAlbum = 100

        for step in 0..<600 {
            let roll = random.next() % 100
            switch roll {
            case 0..<35 where !reference.albums.isEmpty:
                let index = Int(random.next() % UInt64(reference.albums.count))
                library.selectAlbum(at: index)
                let deleted = library.deleteAlbum(at: index)
                #expect(deleted == reference.albums[index])
                reference.change { $0.remove(at: index) }
                // The album that took its place, or the new last one, is selected.
                #expect(library.selectedIndex == (reference.albums.isEmpty ? nil : min(index, reference.albums.count - 1)))
            case 0..<50:
                let index = Int(random.next() % UInt64(reference.albums.count + 1))
                let album = sampleAlbum(nextAlbum)
                nextAlbum += 1
                library.addAlbum(album, at: index)
                reference.change { $0.insert(album, at: index) }
                #expect(library.selectedAlbum == album)
            case 50..<78:
                let wasDeletion = library.commandToUndo.map { if case .delete = $0 { true } else { false } } ?? false
                let restored = library.commandToUndo?.album
                library.undo()
                reference.undo()
                if wasDeletion { #expect(library.selectedAlbum == restored) }
            case 78..<98:
                library.redo()
                reference.redo()
            default:
                library.flush()
                library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
            }
            #expect(library.albums == reference.albums, "step \(step)")
            #expect(library.canUndo == !reference.past.isEmpty, "step \(step)")
            #expect(library.canRedo == !reference.future.isEmpty, "step \(step)")
            #expect((library.selectedIndex == nil) == reference.albums.isEmpty, "step \(step)")
            if library.albums != reference.albums { return }
        }
    }

    @Test("deleting every album and undoing them all restores the library")
    func deleteAllThenUndoAll() throws {
        let folders = TestFolders()
        let albums = (0..<8).map(sampleAlbum)
        let library = try Self.makeLibrary(folders, albums: albums)
        library.selectAlbum(at: 3)
        while let index = library.selectedIndex {
            library.deleteAlbum(at: index)
        }
        #expect(library.albums.isEmpty)
        #expect(library.selectedIndex == nil)
        #expect(library.canUndo)

        var restoredOrder: [Album] = []
        while library.canUndo {
            library.undo()
            restoredOrder.append(try #require(library.selectedAlbum))
        }
        #expect(library.albums == albums)
        #expect(restoredOrder.count == 8)
        #expect(library.canRedo && !library.canUndo)
    }

    @Test("undo and redo on an empty history do nothing")
    func emptyHistory() throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: [sampleAlbum(1), sampleAlbum(2)])
        let events = EventLog(library)
        library.undo()
        library.redo()
        #expect(library.albums == [sampleAlbum(1), sampleAlbum(2)])
        #expect(library.selectedIndex == 0)
        #expect(events.events.isEmpty)
        #expect(!library.canUndo && !library.canRedo)
    }

    @Test("a new command clears the redo history")
    func newCommandClearsRedo() throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: (0..<4).map(sampleAlbum))
        library.deleteAlbum(at: 0)
        library.undo()
        #expect(library.canRedo)
        library.deleteAlbum(at: 2)
        #expect(!library.canRedo)
        library.redo()
        #expect(library.albums == [sampleAlbum(0), sampleAlbum(1), sampleAlbum(3)])
    }

    @Test("the history keeps the last 100 commands")
    func historyIsCapped() throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: [])
        for number in 0..<150 { library.addAlbum(sampleAlbum(number)) }
        var undone = 0
        while library.canUndo {
            library.undo()
            undone += 1
        }
        #expect(undone == 100)
        #expect(library.albums == (0..<50).map(sampleAlbum))
    }

    @Test("undoing a deletion puts the album back at its place, or at the end if the list is shorter")
    func undoIntoShorterList() {
        var albums = [sampleAlbum(1)]
        let applied = LibraryCommand.add(album: sampleAlbum(9), index: 5).apply(to: &albums)
        #expect(albums == [sampleAlbum(1), sampleAlbum(9)])
        #expect(applied == .add(album: sampleAlbum(9), index: 1))
    }

    @Test("redoing a deletion whose album moved deletes that album, not its neighbour")
    func deletionFindsItsAlbum() {
        var albums = [sampleAlbum(1), sampleAlbum(2), sampleAlbum(3)]
        #expect(LibraryCommand.delete(album: sampleAlbum(3), index: 0).apply(to: &albums) == .delete(album: sampleAlbum(3), index: 2))
        #expect(albums == [sampleAlbum(1), sampleAlbum(2)])
        #expect(LibraryCommand.delete(album: sampleAlbum(7), index: 0).apply(to: &albums) == nil)
        #expect(albums == [sampleAlbum(1), sampleAlbum(2)])
    }

    @Test("observers hear what changed, then the selection, then the undo state")
    func events() throws {
        let folders = TestFolders()
        let library = try Self.makeLibrary(folders, albums: (0..<3).map(sampleAlbum))
        let log = EventLog(library)
        library.selectAlbum(at: 2)
        library.deleteAlbum(at: 2)
        library.undo()
        #expect(log.events == [
            "selection 2",
            "removed 2", "selection 1", "undo",
            "inserted 2", "selection 2", "undo",
        ])
    }
}

// MARK: - Helpers

/// Records a library's events as short strings.
@MainActor
final class EventLog {
    private(set) var events: [String] = []
    private var observation: LibraryObservation?

    init(_ library: LibraryAPI) {
        observation = library.observe { [weak self] event in
            self?.events.append(Self.describe(event))
        }
    }

    private static func describe(_ event: LibraryEvent) -> String {
        switch event {
        case .albumsChanged(.inserted(let index)): "inserted \(index)"
        case .albumsChanged(.removed(let index)): "removed \(index)"
        case .selectionChanged(let index): "selection \(index.map(String.init) ?? "none")"
        case .undoStateChanged: "undo"
        case .saveFailed(let error): "save failed \(error)"
        case .saveRecovered: "save recovered"
        }
    }
}
