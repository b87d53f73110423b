import Foundation
import Testing
@testable import LibraryCore
import TestSupport

/// Another program (a sync or backup tool) can put another file in the library's place while
/// the app runs. The outbox's writes are library writes like any other: once the file was
/// replaced, marking listens as sent writes nothing into the file that took its place (whose
/// WAL bears the same name as the one the library still holds open).
@MainActor
@Suite("The outbox's writes after the library was replaced")
struct ListenOutboxReplacedLibraryTests {
    @Test("listens marked as sent after the library was replaced are not written, and the error says why")
    func markingSentAfterAReplacement() async throws {
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        library.listenHistory.outbox.hold()  // connected, so listens wait to be sent
        library.listenHistory.record(ListenOutboxTests.listen(0, title: "Part 1"))
        let store = LibraryOutboxStore(persistency: library.persistency)
        let waiting = try await store.waiting(limit: 10)
        try #require(waiting.count == 1)

        // Another library with a listen of its own waiting (the same id), self-contained,
        // renamed over this one, as a sync tool does.
        let other = TestFolders()
        let otherLibrary = LibraryAPI(locations: other.locations, saveDelay: .zero)
        otherLibrary.listenHistory.outbox.hold()
        otherLibrary.listenHistory.record(ListenOutboxTests.listen(1, title: "Elsewhere"))
        otherLibrary.close()
        let incoming = folders.libraryFolder.appendingPathComponent(".sync.library.sqlite3.tmp")
        try FileManager.default.copyItem(at: other.locations.databaseFile, to: incoming)
        try #require(rename(incoming.path, folders.locations.databaseFile.path) == 0)

        await #expect(throws: LibraryDatabase.Replaced.self) { try await store.markSent(waiting.map(\.id)) }
        library.close()
        let replacement = try LibraryDatabase(readingOnly: folders.locations.databaseFile, immutable: false)
        defer { replacement.close() }
        #expect(try replacement.waitingListenCount() == 1, "the file that took the library's place is as it came")
    }
}
