import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// The components `LibraryAPI` is made of, each on its own: the undo history, the album
/// order, and where albums go among those a search shows.
@MainActor
struct LibraryComponentTests {
    // MARK: CommandHistory

    @Test func theHistoryGivesEachCommandANewSerialAfterThoseItOpenedWith() {
        let opened = UndoStack(undoCommands: [RecordedCommand(serial: 7, command: Self.delete(1))],
                               redoCommands: [RecordedCommand(serial: 9, command: Self.delete(2))])
        var history = CommandHistory(opened)
        let recorded = history.record(Self.delete(3))
        #expect(recorded.serial == 10, "after the highest serial, undone ones included")
        #expect(!history.canRedo, "a new command drops what could be redone")
        #expect(history.commandToUndo == Self.delete(3))
        #expect(history.undo()?.serial == 10 && history.undo()?.serial == 7 && history.undo() == nil)
        #expect(history.redo()?.serial == 7 && history.commandToRedo == Self.delete(3))
    }

    @Test func anImportGrowsItsOneCommandUntilItIsUndone() {
        var history = CommandHistory(UndoStack())
        let first = history.record(Self.importPart([1, 2]))
        let grown = history.grow(first.serial, by: Self.importPart([3]))
        #expect(grown?.command.entries.map(\.id) == [1, 2, 3], "one command for the whole import")
        #expect(history.stack.undoCommands.count == 1)
        _ = history.undo()
        #expect(history.grow(first.serial, by: Self.importPart([4])) == nil, "an undone import grows no more")
    }

    // MARK: AlbumOrder

    @Test func theOrderPutsAnAlbumBetweenItsNeighboursAndFindsItsPlace() throws {
        let database = try LibraryDatabase(inMemory: ())
        let keys = OrderKey.spread(count: 3)
        let entries = zip([1, 2, 3], keys).map { LibraryEntry(id: AlbumID($0), key: $1, album: sampleAlbum($0)) }
        try database.fill(with: entries)
        let order = AlbumOrder(ids: [1, 2, 3], rows: AlbumRows(database: database), nextID: 4)

        let between = order.key(forInsertionAt: 1)
        #expect(keys[0] < between && between < keys[1])
        #expect(order.insertionIndex(for: between) == 1)
        #expect(order.keysAfterLast(count: 2).allSatisfy { $0 > keys[2] })
        #expect(order.newID() == 4 && order.newID() == 5, "ids are never given twice")
        order.insert(4, at: 1)
        order.removeAll(in: [1, 3])
        #expect(order.ids == [4, 2])
    }

    // MARK: BrowsingState

    @Test func aSortedSearchPlacesChangedAlbumsAsTheDatabaseWouldAndFollowsTheSelection() {
        var entries = Dictionary(uniqueKeysWithValues: zip([1, 2, 3], OrderKey.spread(count: 3)).map { number, key in
            (AlbumID(number), LibraryEntry(id: AlbumID(number), key: key, album: Self.album(number, title: ["", "Bravo", "Delta", "Foxtrot"][number])))
        })
        var browsing = BrowsingState(query: AlbumQuery(sort: .title), shownIDs: [1, 2, 3])
        let reading: BrowsingState.EntryReader = { entries[$0] }

        // "Bravo" becomes "Golf": it leaves the first place for the last; the selected album
        // (Delta) is followed as it moves up.
        var renamed = entries[1]!
        renamed.album.title = "Golf"
        entries[1] = renamed
        let placed = browsing.replace([renamed], selectedID: 2, order: [1, 2, 3], reading: reading)
        #expect(placed.steps == [.removed(0, selection: 0), .inserted(2, selection: 0)])
        #expect(browsing.shownIDs == [2, 3, 1] && placed.shown == [2] && placed.hidden.isEmpty)

        // A search for "delta" hides an album no longer matching and places a new one.
        browsing.query = AlbumQuery(searchText: "delta", sort: .title)
        browsing.shownIDs = [2]
        let echo = LibraryEntry(id: 4, key: OrderKey.spread(count: 4)[3], album: Self.album(4, title: "Delta Echo"))
        entries[4] = echo
        #expect(browsing.insert(echo, atLibraryIndex: 3, order: [1, 2, 3, 4], reading: reading) == 1)
        var hidden = entries[2]!
        hidden.album.title = "Charlie"
        entries[2] = hidden
        let gone = browsing.replace([hidden], selectedID: 2, order: [1, 2, 3, 4], reading: reading)
        #expect(gone.hidden.map(\.title) == ["Charlie"] && gone.firstGone == 0 && browsing.shownIDs == [4])
        #expect(browsing.remove(4, atLibraryIndex: 3) == 0 && browsing.shownIDs == [])
    }

    // MARK: Helpers

    static func album(_ number: Int, title: String) -> Album {
        var album = sampleAlbum(number)
        album.title = title
        return album
    }

    static func delete(_ number: Int) -> LibraryCommand {
        LibraryCommand(kind: .delete, entries: [LibraryEntry(id: AlbumID(number), key: OrderKey.spread(count: 1)[0], album: sampleAlbum(number))])
    }

    static func importPart(_ numbers: [Int]) -> LibraryCommand {
        let keys = OrderKey.spread(count: numbers.count)
        return LibraryCommand(kind: .importFolder, entries: zip(numbers, keys).map { LibraryEntry(id: AlbumID($0), key: $1, album: sampleAlbum($0)) })
    }
}
