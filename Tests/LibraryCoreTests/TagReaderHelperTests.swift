import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

/// Music files are read in helper processes: a file that crashes the reader, or that it never
/// finishes, costs that file only. It is named among the files left out, the rest of its
/// folder is imported, and it is not read again until it changes.
@MainActor
@Suite("Tag reading in a helper process")
struct TagReaderHelperTests {
    let folders = TestFolders(defaultLibrary: nil)
    var music: URL { folders.root.appendingPathComponent("Music", isDirectory: true) }
    var maker: MusicFolderMaker { MusicFolderMaker(templates: folders.root.appendingPathComponent("templates")) }

    /// An album of `names` (MP3s with tags), in `Music/Album`.
    private func album(_ names: [String]) throws {
        for (number, name) in names.enumerated() {
            try maker.track(music.appendingPathComponent("Album/\(name)"),
                            tags: TrackTags(title: name, artist: "Band", album: "Album", year: 2001, trackNumber: number + 1))
        }
    }

    private func reasons(_ summary: MusicImportSummary) -> [String: SkippedFile.Reason] {
        Dictionary(summary.skipped.map { ($0.path.displayName, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("a file that crashes the reader is left out and named; the rest is imported; it is read again only once it changes")
    func aFileThatCrashesTheReader() async throws {
        try album(["1.mp3", "2 crashes-the-reader.mp3", "3.mp3"])
        let reader = try FaultyTagReaderLink(in: folders.root.appendingPathComponent("reader"))
        // One helper: the file after the crash can only be read by the helper started anew.
        let library = LibraryAPI(locations: folders.locations, tagReader: reader.pool(size: 1))

        let first = await library.importMusic([music])
        #expect(library.albums.map(\.trackCount) == [2])
        #expect(reasons(first) == ["2 crashes-the-reader.mp3": .crashedTheReader])
        let message = first.skipped.first?.message ?? ""
        #expect(message.contains("2 crashes-the-reader.mp3") && message.contains("made the tag reader stop"))
        #expect(reader.requestedNames.filter { $0.contains("crashes") }.count == 1)

        // Imported again, unchanged: named again, not read again.
        let second = await library.importMusic([music])
        #expect(reasons(second) == ["2 crashes-the-reader.mp3": .crashedTheReader])
        let askedAfterUnchanged = reader.requestedNames.filter { $0.contains("crashes") }.count
        #expect(askedAfterUnchanged == 1)

        // Launched again (a new library and new helpers, as after a relaunch): named again,
        // still not read (kept in unreadable-files.json).
        library.close()
        let relaunched = LibraryAPI(locations: folders.locations, tagReader: reader.pool(size: 1))
        let afterRelaunch = await relaunched.importMusic([music])
        #expect(reasons(afterRelaunch) == ["2 crashes-the-reader.mp3": .crashedTheReader])
        let askedAfterRelaunch = reader.requestedNames.filter { $0.contains("crashes") }.count
        #expect(askedAfterRelaunch == 1)

        // Changed (a newer modification time): read again.
        let file = music.appendingPathComponent("Album/2 crashes-the-reader.mp3")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: file.path)
        let third = await relaunched.importMusic([music])
        #expect(reasons(third) == ["2 crashes-the-reader.mp3": .crashedTheReader])
        let askedAfterChange = reader.requestedNames.filter { $0.contains("crashes") }.count
        #expect(askedAfterChange == 2)
        #expect(relaunched.albums.map(\.trackCount) == [2])

        Self.record("a file that crashes the tag reader (SIGSEGV) among 3, imported twice, again after a relaunch, then touched and imported",
                    outcome: "the other 2 imported; it is named among the files skipped each time; read 1×, 1×, not after the relaunch, then again once changed",
                    held: relaunched.albums.map(\.trackCount) == [2] && askedAfterUnchanged == 1 && askedAfterRelaunch == 1 && askedAfterChange == 2)
    }

    @Test("two libraries sharing the helpers each keep their own files that failed, in their own cache")
    func twoLibrariesKeepTheirOwnFailures() async throws {
        try album(["1.mp3", "2 crashes-the-reader.mp3"])
        let reader = try FaultyTagReaderLink(in: folders.root.appendingPathComponent("reader"))
        let pool = reader.pool(size: 1)  // one set of helpers for the process, as the app's
        let other = TestFolders(defaultLibrary: nil)
        let library = LibraryAPI(locations: folders.locations, tagReader: pool)
        let otherLibrary = LibraryAPI(locations: other.locations, tagReader: pool)  // opened after it

        let summary = await library.importMusic([music])
        #expect(reasons(summary) == ["2 crashes-the-reader.mp3": .crashedTheReader])
        #expect(FileManager.default.fileExists(atPath: folders.locations.unreadableFilesFile.path), "kept in the cache of the library that read it")
        #expect(!FileManager.default.fileExists(atPath: other.locations.unreadableFilesFile.path), "nothing written into the other library's cache")

        // The other library never read it: it asks the helper about it.
        let otherSummary = await otherLibrary.importMusic([music])
        #expect(reasons(otherSummary) == ["2 crashes-the-reader.mp3": .crashedTheReader])
        #expect(reader.requestedNames.filter { $0.contains("crashes") }.count == 2)
        library.close()
        otherLibrary.close()
    }

    @Test("a file the reader never finishes is left out after 10 seconds and named; the rest is imported")
    func aFileThatHangsTheReader() async throws {
        try album(["1.mp3", "2 hangs-the-reader.mp3", "3.mp3", "4.mp3"])
        let reader = try FaultyTagReaderLink(in: folders.root.appendingPathComponent("reader"))
        let library = LibraryAPI(locations: folders.locations, tagReader: reader.pool(size: 2))

        let started = ContinuousClock.now
        let summary = await library.importMusic([music])
        let took = ContinuousClock.now - started
        #expect(library.albums.map(\.trackCount) == [3])
        #expect(reasons(summary) == ["2 hangs-the-reader.mp3": .notAnswering])
        #expect(summary.skipped.first?.message.contains("gave no answer for 10 seconds") == true)
        // The limit is the helper's, not the test's: it was waited for.
        #expect(took >= TagReaderPool.defaultTimeLimit)

        // Not read again while unchanged: the next import does not wait another 10 seconds
        // for it (it asks no helper about it).
        let again = await library.importMusic([music])
        #expect(reasons(again) == ["2 hangs-the-reader.mp3": .notAnswering])
        let asked = reader.requestedNames.filter { $0.contains("hangs") }.count
        #expect(asked == 1)

        Self.record("a file the tag reader never finishes, among 4, imported twice",
                    outcome: "the other 3 imported; after 10 s the helper is killed and the file named among the files skipped; not read again while unchanged",
                    held: library.albums.map(\.trackCount) == [3] && asked == 1)
    }

    @Test("the reader runs confined: no new privileges, a system call filter, none of the app's descriptors")
    func theReaderIsConfined() throws {
        try album(["1.mp3"])
        // A pipe open without close-on-exec, as another thread's may be when a helper starts:
        // the helper must not keep it (a reader of the pipe would never see its end).
        var pipeEnds: [Int32] = [-1, -1]
        #expect(pipe(&pipeEnds) == 0)
        defer { pipeEnds.forEach { close($0) } }
        let pool = TagReaderPool(executable: TagReaderExecutable.locate(), size: 1)
        let tags = try pool.tags(of: #require(MusicFilePath(url: music.appendingPathComponent("Album/1.mp3"))))
        #expect(tags.title == "1.mp3")
        // This process's children that are the helper (`comm` is cut to 15 characters): this
        // pool's, and those of the app's own pool other tests started. Every one is confined.
        let helpers = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { id in
            guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let name = stat[stat.index(after: stat.firstIndex(of: "(") ?? stat.startIndex)..<close]
            let parent = stat[stat.index(close, offsetBy: 2)...].split(separator: " ").dropFirst().first
            return name == "bluelibrary-tag" && parent == Substring(String(getpid()))
        }
        #expect(!helpers.isEmpty)
        for helper in helpers {
            let status = try String(contentsOfFile: "/proc/\(helper)/status", encoding: .utf8)
            let fields = Dictionary(status.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }, uniquingKeysWith: { first, _ in first })
            #expect(fields["NoNewPrivs"] == "1")
            #expect(fields["Seccomp"] == "2")  // a filter
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(helper)/fd").sorted()
            #expect(descriptors == ["0", "1", "2"], "only its socket and the log")
        }
    }

    @Test("without its helper, files are named as unread, and nothing crashes")
    func withoutTheHelper() async throws {
        try album(["1.mp3", "2.mp3"])
        let library = LibraryAPI(locations: folders.locations, tagReader: TagReaderPool(executable: "/nonexistent/bluelibrary-tag-reader"))
        let summary = await library.importMusic([music])
        #expect(library.albums.isEmpty)
        #expect(Set(reasons(summary).values) == [.readerMissing])
        #expect(summary.skipped.first?.message.contains("bluelibrary-tag-reader") == true)
    }

    @Test("a helper built while the app runs is used by the next import, as the dialog says")
    func aHelperBuiltWhileTheAppRuns() async throws {
        try album(["1.mp3", "2.mp3"])
        let place = folders.root.appendingPathComponent("libexec/bluelibrary-tag-reader")
        let pool = TagReaderPool(locating: { FileManager.default.isExecutableFile(atPath: place.path) ? place.path : nil }, size: 1)
        let library = LibraryAPI(locations: folders.locations, tagReader: pool)
        let before = await library.importMusic([music])
        #expect(Set(reasons(before).values) == [.readerMissing] && library.albums.isEmpty)

        try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try #require(TagReaderExecutable.locate()), toPath: place.path)
        let after = await library.importMusic([music])
        #expect(after.skipped.isEmpty)
        #expect(library.albums.map(\.trackCount) == [2])
        library.close()
    }

    private static func record(_ attempt: String, outcome: String, held: Bool) {
        ReliabilityLog.record([ReliabilityRow(area: "Bad music files", attempt: attempt, outcome: outcome, held: held)])
    }
}
