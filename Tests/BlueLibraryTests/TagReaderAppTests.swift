import Fixtures
import Foundation
import Testing
import TestSupport
@testable import LibraryCore

/// The real app reads music files in its helper processes only: TagLib is never loaded into
/// the window's process, and a file that crashes the reader is named in the import's
/// "Some Files Were Skipped" while the rest of the folder is imported and the app goes on.
/// Without its helper, an installed app says so once, with where it looked and how to install it.
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

    @Test func anInstalledAppWithoutItsHelperSaysSoOnceWithWhereItLookedAndHowToGetItBack() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music", isDirectory: true)
            let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
            for number in 1...3 {
                try maker.track(music.appendingPathComponent("Live/\(number).flac"),
                                tags: TrackTags(title: "\(number)", artist: "Band", album: "Live", year: 1999, trackNumber: number))
            }
            let fifo = music.appendingPathComponent("Live/4.flac")  // left out for a reason of its own
            #expect(mkfifo(fifo.path, 0o644) == 0)
            // An installed copy, <prefix>/bin/bluelibrary, whose <prefix>/libexec has no helper.
            let prefix = folders.root.appendingPathComponent("prefix", isDirectory: true)
            let installed = prefix.appendingPathComponent("bin/bluelibrary")
            try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: #require(AppProcess.binary), to: installed)
            let app = try AppProcess(folders: folders, arguments: [music.path],
                                     environment: [BundledData.overrideVariable: Repository.root.appendingPathComponent("data").path,
                                                   TagReaderExecutable.variable: ""],
                                     binary: installed)

            let report = try await app.report { $0.problem != nil }
            #expect(report.problemHeading == "BlueLibrary’s Tag Reader Is Missing")
            #expect(report.problem == [
                "BlueLibrary reads music files with a helper program, bluelibrary-tag-reader, which is in none of the places it was looked for:",
                "• \(prefix.path)/libexec/bluelibrary-tag-reader",
                "• \(prefix.path)/bin/bluelibrary-tag-reader",
                "",
                "So 3 music files could not be read, and were not imported.",
                "It is installed with BlueLibrary: install BlueLibrary again (“meson install” in its build folder, or its package), then import the music again.",
                "",
                "Besides, 1 file was skipped:",
                "• “\(fifo.path)” is not a regular file, so it was not opened.",
            ].joined(separator: "\n"))
            #expect(report.albumCount == 5, "nothing was imported, and the library is as it was")
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }
}
