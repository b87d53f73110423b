import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// A "relaunch" is a new `LibraryAPI` over the same folders, as the next start of the app.
@MainActor
@Suite("Relaunch")
struct RelaunchTests {
    @Test("a relaunch restores the list, the selection, the window size and the undo history")
    func restoresEverything() throws {
        let folders = TestFolders()
        do {
            let first = LibraryAPI(locations: folders.locations)
            #expect(first.albums.count == 5)
            #expect(first.selectedIndex == 0)
            first.deleteAlbum(at: 1)  // "It's My Life"
            first.selectAlbum(at: 2)  // U2
            first.windowSize = WindowSize(width: 1024, height: 700)
            first.flush()  // what quitting does
        }

        let second = LibraryAPI(locations: folders.locations)
        #expect(second.loadProblems.isEmpty)
        #expect(second.albums.map(\.artist) == ["David Bowie", "Sting", "U2", "Madonna"])
        #expect(second.selectedAlbum?.artist == "U2")
        #expect(second.windowSize == WindowSize(width: 1024, height: 700))
        #expect(second.canUndo)

        second.undo()
        #expect(second.albums.map(\.artist) == ["David Bowie", "No Doubt", "Sting", "U2", "Madonna"])
        #expect(second.selectedAlbum?.title == "It's My Life")
        second.flush()

        let third = LibraryAPI(locations: folders.locations)
        #expect(third.canRedo && !third.canUndo)
        #expect(third.selectedIndex == 1)
    }

    @Test("changes are saved without an explicit save, within the save delay")
    func savesByThemselves() async throws {
        let folders = TestFolders()
        let first = LibraryAPI(locations: folders.locations, saveDelay: .milliseconds(20))
        first.deleteAlbum(at: 0)
        // No flush: wait until the debounced save lands, as a killed app would leave it.
        let deadline = ContinuousClock.now + .seconds(60)  // a guard against a hang
        while (try? AlbumList.decode(Data(contentsOf: folders.locations.libraryFile)))?.count != 4 {
            try #require(ContinuousClock.now < deadline, "the library was not saved")
            try await Task.sleep(for: .milliseconds(10))
        }
        let second = LibraryAPI(locations: folders.locations)
        #expect(second.albums.count == 4)
    }

    @Test("a saved selection outside a shorter list is clamped; an empty list has none")
    func selectionIsClamped() throws {
        let folders = TestFolders()
        try folders.writeLibrary(String(decoding: try AlbumList.encode([sampleAlbum(1), sampleAlbum(2)]), as: UTF8.self))
        try folders.writeState(#"{"selectedIndex": 7}"#)
        #expect(LibraryAPI(locations: folders.locations).selectedIndex == 1)

        try folders.writeState(#"{"selectedIndex": -3}"#)
        #expect(LibraryAPI(locations: folders.locations).selectedIndex == 0)

        try folders.writeLibrary("[]")
        let empty = LibraryAPI(locations: folders.locations)
        #expect(empty.selectedIndex == nil)
        #expect(empty.selectedAlbum == nil)
    }

    @Test("a damaged library is reported to the window and the app still starts")
    func reportsLoadProblems() throws {
        let folders = TestFolders()
        try folders.writeLibrary("\u{0}\u{1}binary garbage")
        let library = LibraryAPI(locations: folders.locations)
        #expect(library.albums.count == 5)
        #expect(library.loadProblems.count == 1)
        #expect(library.loadProblems.first?.message.hasPrefix("Your library file could not be read") == true)
        #expect(library.loadProblems.first?.message.hasSuffix("The default library was loaded.") == true)
    }

    @Test("a failed save reaches the observers")
    func saveFailureIsAnnounced() async throws {
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        library.flush()
        let log = EventLog(library)
        let backup = folders.locations.libraryFile.appendingPathExtension("bak")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        try folders.write("x", to: backup.appendingPathComponent("keep"))

        library.deleteAlbum(at: 0)
        library.flush()
        let deadline = ContinuousClock.now + .seconds(60)  // a guard against a hang
        while !log.events.contains(where: { $0.hasPrefix("save failed") }) {
            try #require(ContinuousClock.now < deadline, "no saveFailed event")
            await Task.yield()
        }
        #expect(library.albums.count == 4)  // the in-memory state is kept
    }
}
