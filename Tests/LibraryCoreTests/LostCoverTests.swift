import Foundation
import Fixtures
import Testing
import TestSupport
@testable import LibraryCore

/// Covers found in music folders are kept in the app's own covers folder. A cleaner tool may
/// empty that folder, or a file in it may be damaged: the album then shows its placeholder
/// (its cover is an error, never a wait), and importing the folder again puts the same file
/// back without changing the album or the undo history. Rows of the fault suite (area "A year
/// of use").
@MainActor
struct LostCoverTests {
    enum Loss: String, CaseIterable, CustomTestStringConvertible {
        case folderDeleted = "the covers folder deleted (a cleaner tool)"
        case fileEmptied = "one cover file emptied (damaged)"
        var testDescription: String { rawValue }
    }

    @Test("a lost cover file shows the placeholder, and importing the folder again restores it", arguments: Loss.allCases)
    func lostCoverIsRestoredByTheNextImport(_ loss: Loss) async throws {
        let folders = TestFolders(defaultLibrary: nil)
        let music = folders.root.appendingPathComponent("Music", isDirectory: true)
        let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
        let image = try maker.image("red")
        try maker.track(music.appendingPathComponent("Red/1.flac"), tags: TrackTags(title: "One", artist: "Ann", album: "Red", trackNumber: 1))
        try image.write(to: music.appendingPathComponent("Red/folder.png"))
        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        _ = await library.importMusic([music])
        let album = try #require(library.albums.first)
        let file = try #require(library.ownCovers.file(for: album.coverUrl))
        #expect(try Data(contentsOf: file) == image)
        library.flush()
        let historyBefore = library.history.stack.undoCommands.count

        switch loss {
        case .folderDeleted: try FileManager.default.removeItem(at: folders.locations.ownCoverDirectory)
        case .fileEmptied: try Data().write(to: file)
        }
        let relaunched = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        let shown = await relaunched.cover(for: album.coverUrl)
        let placeholder: Bool = if case .failure = shown { true } else { false }
        #expect(placeholder, "the album shows its placeholder")

        let summary = await relaunched.importMusic([music])
        relaunched.flush()
        let restored = (try? Data(contentsOf: file)) == image
        let unchanged = relaunched.albums == [album] && relaunched.history.stack.undoCommands.count == historyBefore
        #expect(restored, "the same file is back")
        #expect(unchanged, "the album and the undo history are as they were (\(summary.updated) updated)")
        let shownAgain: Bool = if case .success(let data) = await relaunched.cover(for: album.coverUrl) { data == image } else { false }
        #expect(shownAgain)

        ReliabilityLog.record([ReliabilityRow(
            area: "A year of use", attempt: "\(loss.rawValue), then the music folder imported again",
            outcome: "the album \(placeholder ? "shows its placeholder" : "does not show its placeholder"); the next import \(restored ? "put the same file back" : "did not restore the file")\(unchanged ? ", album and undo history unchanged" : ", and changed the album or the history")",
            held: placeholder && restored && unchanged && shownAgain)])
    }
}
