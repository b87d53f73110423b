import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// The components `LibraryAPI` is made of, each on its own: the undo history and the album
/// order.
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

    // MARK: Helpers

    static func delete(_ number: Int) -> LibraryCommand {
        LibraryCommand(kind: .delete, entries: [LibraryEntry(id: AlbumID(number), key: OrderKey.spread(count: 1)[0], album: sampleAlbum(number))])
    }

    static func importPart(_ numbers: [Int]) -> LibraryCommand {
        let keys = OrderKey.spread(count: numbers.count)
        return LibraryCommand(kind: .importFolder, entries: zip(numbers, keys).map { LibraryEntry(id: AlbumID($0), key: $1, album: sampleAlbum($0)) })
    }
}
