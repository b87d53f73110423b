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

        mutating func change(_ edit: (inout [Album]) -> Void) {
            past.append(albums)
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
        try folders.writeLibrary(albums)
        return LibraryAPI(locations: folders.locations, saveDelay: .zero)
    }

    @Test("random deletes, adds, imports, undos, redos and relaunches match the reference", arguments: [1, 2, 3])
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
                let deleted = library.deleteAlbum(at: index)?.albums
                #expect(deleted == [reference.albums[index]])
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
            case 50..<53:
                let imported = (0..<Int(random.next() % 3 + 2)).map { sampleAlbum(nextAlbum + $0) }
                nextAlbum += imported.count
                library.importAlbumList(imported)
                reference.change { $0 += imported }
                #expect(library.selectedAlbum == imported.first)
            case 53..<78:
                let wasDeletion = library.commandToUndo?.kind == .delete
                let restored = library.commandToUndo?.album
                library.undo()
                reference.undo()
                if wasDeletion { #expect(library.selectedAlbum == restored) }
            case 78..<98:
                library.redo()
                reference.redo()
            default:
                library.close()
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

    @Test("no command falls off the history: 150 of them are all undone, also after a relaunch")
    func historyHasNoCap() throws {
        let folders = TestFolders()
        let albums = (0..<160).map(sampleAlbum)
        var library = try Self.makeLibrary(folders, albums: albums)
        for _ in 0..<150 { library.deleteAlbum(at: 0) }
        library.close()
        library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        #expect(library.count == 10)
        var undone = 0
        while library.canUndo {
            library.undo()
            undone += 1
        }
        #expect(undone == 150)
        #expect(library.albums == albums)
    }

    @Test("a place can always be found between two others, and keys keep their order")
    func orderKeys() {
        var keys = OrderKey.spread(count: 3)
        #expect(keys == keys.sorted() && Set(keys).count == 3)
        var random = SplitMix64(seed: 7)
        for _ in 0..<2000 {  // insertions at random places, many at the same one
            let index = random.next() % 4 == 0 ? 1 : Int(random.next() % UInt64(keys.count + 1))
            let key = OrderKey.between(index > 0 ? keys[index - 1] : nil, index < keys.count ? keys[index] : nil)
            keys.insert(key, at: index)
        }
        #expect(keys == keys.sorted())
        #expect(Set(keys).count == keys.count)
        let run = OrderKey.keys(between: keys[10], keys[11], count: 500)
        #expect(run == run.sorted() && run.allSatisfy { keys[10] < $0 && $0 < keys[11] })
        var appended = [OrderKey.between(nil, nil)]
        for _ in 0..<1000 { appended.append(OrderKey.between(appended.last, nil)) }
        #expect(appended == appended.sorted())
        #expect((appended.last?.bytes.count ?? 0) <= 10, "appending grows keys slowly (a byte every ~127 appends)")
    }

    @Test("observers hear what changed, then the selection, then the undo state, in one event per command")
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
        #expect(log.posted == 3, "one event per command: the selection, the deletion, the undo")
    }
}

// MARK: - Helpers

/// Records a library's events as short strings: each part of a change ("removed 2",
/// "selection 1", "undo"), and how many events were posted.
@MainActor
final class EventLog {
    private(set) var events: [String] = []
    /// How many events were posted (a change of several parts is one).
    private(set) var posted = 0
    private var observation: LibraryObservation?

    init(_ library: LibraryAPI) {
        observation = library.observe { [weak self] event in
            let described = Self.describe(event)
            guard let self, !described.isEmpty else { return }
            events += described
            posted += 1
        }
    }

    /// What the event says; the filter's choices being read again is not part of it.
    private static func describe(_ event: LibraryEvent) -> [String] {
        switch event {
        case .changed(let update): describe(update)
        case .saveFailed(let error): ["save failed \(error)"]
        case .saveRecovered: ["save recovered"]
        case .changeRefused: ["change refused"]
        case .damageFound: ["damage found"]
        case .missingChanged(let ids): ["missing changed \(ids.count)"]
        case .editsReplacedByTags(let albums): ["edits replaced \(albums.count)"]
        case .facetsChanged, .playsChanged: []
        }
    }

    /// The parts of one change: how the list changed, then the selection, the undo state and
    /// the albums hidden.
    private static func describe(_ update: LibraryUpdate) -> [String] {
        var parts = update.albumChanges.map { change in
            switch change {
            case .inserted(let index): "inserted \(index)"
            case .removed(let index): "removed \(index)"
            case .updated(let index): "updated \(index)"
            case .appended(let count): "appended \(count)"
            case .reloaded: "reloaded"
            }
        }
        if update.selectionChanged { parts.append("selection \(update.selection.map(String.init) ?? "none")") }
        if update.undoStateChanged { parts.append("undo") }
        if !update.hidden.isEmpty { parts.append("hidden \(update.hidden.count)") }
        return parts
    }
}
