import Fixtures
import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// The real app reads music files in its helper processes only: TagLib is never loaded into
/// the window's process, and a file that crashes the reader is named in the import's
/// "Some Files Were Skipped" while the rest of the folder is imported and the app goes on.
@Suite(.serialized)
struct TagReaderAppTests {
    @Test func aFileThatCrashesTheReaderIsNamedAndTheRestImportedWithoutTagLibInTheWindow() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music", isDirectory: true)
            let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
            for (number, name) in ["1.flac", "2 crashes-the-reader.flac", "3.flac"].enumerated() {
                try maker.track(music.appendingPathComponent("Live/\(name)"),
                                tags: TrackTags(title: name, artist: "Band", album: "Live", year: 1999, trackNumber: number + 1))
            }
            let reader = try FaultyTagReaderLink(in: folders.root.appendingPathComponent("reader"))
            let app = try AppProcess(folders: folders, arguments: [music.path],
                                     environment: [TagReaderExecutable.variable: reader.path.path])

            let report = try await app.report { $0.problem != nil && $0.albumCount == 6 }
            let crashed = music.appendingPathComponent("Live/2 crashes-the-reader.flac").path
            #expect(report.problem == "1 file was skipped:\n• “\(crashed)” made the tag reader stop, so it was left out. It is read again once the file changes.")
            #expect(report.properties.contains("Tracks: 2"), "the album, with the other two tracks, is shown: \(report.properties)")
            #expect(reader.requestedNames.contains("2 crashes-the-reader.flac"), "the faulty reader was the one asked")
            let libraries = try app.mappedFiles()
            #expect(!libraries.contains { $0.contains("libtag") }, "TagLib is not in the window's process")
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }
}
