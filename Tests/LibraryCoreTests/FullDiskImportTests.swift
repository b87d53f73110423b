import Foundation
import GRDB
import Fixtures
import Testing
import TestSupport
@testable import LibraryCore

/// The disk fills in the middle of importing a music folder of 1,000 albums (a 3 MiB tmpfs
/// under the library: covers and the import's commits run out of room). The albums stay in the
/// window and the user is told; once space is freed, importing the folder again saves
/// everything, gives the albums the covers that could not be saved, and makes no album twice. A row of the fault suite (area "A year of use").
/// Mounting needs root; elsewhere the case is left out.
@MainActor
struct FullDiskImportTests {
    @Test(.enabled(if: SmallFileSystem.isAvailable))
    func aFullDiskDuringAnImportIsToldAndTheNextImportCompletesIt() async throws {
        let folders = TestFolders()
        let music = folders.root.appendingPathComponent("Music", isDirectory: true)
        let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
        let track = try maker.template(.mp3)
        // Off the main actor: writing 1,000 covers takes seconds, and the window tests that
        // run beside this one measure how long their main loop is held.
        try await Task.detached { try Self.makeAlbums(1_000, in: music, track: track) }.value
        try FileManager.default.createDirectory(at: folders.libraryFolder, withIntermediateDirectories: true)
        try SmallFileSystem.mount(size: "3m", on: folders.libraryFolder)
        defer { SmallFileSystem.unmount(folders.libraryFolder) }

        let library = LibraryAPI(locations: folders.locations, saveDelay: .zero)
        var saveFailed = false
        let observation = library.observe { event in if case .saveFailed = event { saveFailed = true } }
        defer { observation.cancel() }
        let first = await library.importMusic([music])
        library.flush()
        let coversNotSaved = first.skipped.count { $0.message.contains("disk is full") }
        let shownAfterFirst = library.libraryCount
        #expect(first.added == 1_000 && shownAfterFirst == 1_005, "every album stays in the window")
        #expect(coversNotSaved > 0 || saveFailed, "the disk did fill up")

        try SmallFileSystem.resize(folders.libraryFolder, to: "256m")
        let second = await library.importMusic([music])
        library.flush()
        let stored = try folders.database()
        let tracks = try await library.persistency.database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM track") } ?? 0
        let withCover = stored.albums.count { !$0.coverUrl.isEmpty }
        #expect(second.added == 0, "no album is made twice")
        #expect(withCover == 1_005, "the covers that could not be saved are there now (\(second.updated) albums updated)")
        #expect(stored.albums.count == 1_005 && tracks == 1_000, "everything is saved: \(stored.albums.count) albums, \(tracks) files")
        #expect(stored.isSound && stored.historyAgrees)
        #expect(!library.persistency.hasUncommittedChanges)

        ReliabilityLog.record([ReliabilityRow(
            area: "A year of use", attempt: "the disk full (a 3 MiB tmpfs) in the middle of importing 1,000 albums, then space freed and the folder imported again",
            outcome: "the first import shows all \(shownAfterFirst - 5) albums, \(coversNotSaved) covers not saved and listed with “the disk is full”\(saveFailed ? ", saving failed and was told" : ""); "
                + "the second adds \(second.added) albums and saves them all (\(stored.albums.count) albums, \(tracks) files, \(stored.isSound ? "sound" : "damaged")); "
                + "\(second.updated) albums given the cover that could not be saved, \(stored.albums.count - withCover) still without",
            held: second.added == 0 && stored.albums.count == 1_005 && tracks == 1_000 && withCover == 1_005 && stored.isSound && stored.historyAgrees)])
    }

    /// `count` album folders, each with a copy of `track` and its own cover image of about 10 KB (grain,
    /// so that no two are alike and none compresses away).
    nonisolated static func makeAlbums(_ count: Int, in music: URL, track: URL) throws {
        let script = """
            import os, shutil, sys
            music, track, count, fixtures = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
            sys.path.insert(0, fixtures)
            from png import colour_of, png
            for number in range(count):
                folder = os.path.join(music, f'Album {number:04d}')
                os.makedirs(folder, exist_ok=True)
                shutil.copy(track, os.path.join(folder, '01 Track.mp3'))
                open(os.path.join(folder, 'folder.png'), 'wb').write(png(64, 64, colour_of(str(number)), grain=str(number)))
            """
        try PythonScript.run(script, music.path, track.path, "\(count)", MusicFolderMaker.pngMaker.deletingLastPathComponent().path)
    }
}
