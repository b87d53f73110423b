import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

/// Importing music that is damaged, odd or hostile: nothing crashes or hangs, nothing is
/// opened that must not be, and every file left out is listed with why.
@MainActor
@Suite("Music folder import: bad input")
struct MusicImportBadInputTests {
    let folders = TestFolders(defaultLibrary: nil)
    var music: URL { folders.root.appendingPathComponent("Music", isDirectory: true) }
    var maker: MusicFolderMaker { MusicFolderMaker(templates: folders.root.appendingPathComponent("templates")) }

    private func tags(_ album: String) -> TrackTags {
        TrackTags(title: "Song", artist: "Band", album: album, year: 2000)
    }

    private func skipped(_ summary: MusicImportSummary) -> [String: SkippedFile.Reason] {
        Dictionary(summary.skipped.map { ($0.path.displayName, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("damaged files, junk named like music, garbage and invalid UTF-8 in tags")
    func damagedFiles() async throws {
        let maker = maker
        let good = music.appendingPathComponent("Album/1.mp3")
        try maker.track(good, tags: tags("Fine"))
        let bytes = try Data(contentsOf: good)
        try bytes.prefix(100).write(to: music.appendingPathComponent("Album/cut.mp3"))
        try Data("just text".utf8).write(to: music.appendingPathComponent("Album/text.flac"))
        try Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: music.appendingPathComponent("Album/noise.m4a"))
        try Data().write(to: music.appendingPathComponent("Album/empty.ogg"))
        // An ID3v2 tag whose frames lie: an album title of invalid UTF-8, a frame running past
        // the tag, then real audio.
        let audio = try Data(contentsOf: maker.template(.mp3))
        try FileManager.default.createDirectory(at: music.appendingPathComponent("Garbage"), withIntermediateDirectories: true)
        try (Self.id3Tag(frames: [
            Self.frame("TALB", [3, 0xFF, 0xFE, 0x41, 0xC3]),
            Self.frame("TIT2", [3] + Array("ok".utf8)),
            Array("TPE1".utf8) + [0, 0, 0x7F, 0x7F, 0, 0, 1],
        ]) + audio).write(to: music.appendingPathComponent("Garbage/garbage.mp3"), options: .atomic)

        let library = LibraryAPI(locations: folders.locations)
        let summary = await library.importMusic([music])
        let reasons = skipped(summary)
        #expect(Set(reasons.keys) == ["cut.mp3", "text.flac", "noise.m4a", "empty.ogg"])
        #expect(reasons.values.allSatisfy { $0 == .damaged })
        #expect(summary.added == 2)
        let titles = library.albums.map(\.title).sorted()
        #expect(titles.contains("Fine"))
        #expect(titles.allSatisfy { String(decoding: Array($0.utf8), as: UTF8.self) == $0 })
        Self.record("cut, text, noise and empty files named .mp3/.flac/.m4a/.ogg; an ID3v2 tag with invalid UTF-8 and a frame past its end",
                    outcome: "\(summary.added) albums imported, \(reasons.count) files skipped as damaged and listed",
                    held: reasons.count == 4 && summary.added == 2)
    }

    @Test("names that are not UTF-8: imported, shown, and recognised when imported again")
    func namesThatAreNotUTF8() async throws {
        let maker = maker
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        let folderBytes = Array(music.path.utf8) + Array("/Caf".utf8) + [0xE9]
        let folder = MusicFilePath(bytes: folderBytes)
        #expect(folder.withCString { mkdir($0, 0o755) } == 0)
        let staging = music.appendingPathComponent("staging.mp3")
        try maker.track(staging, tags: TrackTags(title: "Song", artist: "Band"))  // no album: the folder names it
        let file = folder.appending(Array("chanson ".utf8) + [0xE0] + Array(".mp3".utf8))
        #expect(file.withCString { target in staging.path.withCString { rename($0, target) } } == 0)

        let library = LibraryAPI(locations: folders.locations)
        let summary = await library.importMusic([music])
        #expect(summary.added == 1 && summary.skipped.isEmpty)
        let album = try #require(library.albums.first)
        #expect(album.title == "Caf\u{FFFD}")
        #expect(album.folder == folder.uri)
        #expect(album.folderPath == music.path + "/Caf\u{FFFD}")
        let uri = try #require(album.folder.flatMap(URL.init(string:)))
        #expect(MusicFilePath(url: uri) == folder, "the URI keeps the bytes")
        let again = await library.importMusic([music])
        #expect(again.added == 0 && again.updated == 0, "the file is known by its bytes")
        Self.record("a folder and a file named in Latin-1 (not UTF-8), imported twice",
                    outcome: "shown as “\(album.title)”, its folder URI keeps the bytes, nothing new the second time",
                    held: album.folder == folder.uri && again.added == 0)
    }

    @Test("a 50 MB embedded picture is not used; a FIFO, a device and a link loop are never opened")
    func hostileTree() async throws {
        let maker = maker
        var huge = try maker.image("red")
        huge.append(Data(count: 50 * 1024 * 1024))
        try maker.track(music.appendingPathComponent("Huge/1.mp3"), tags: tags("Huge"), cover: huge)
        try maker.track(music.appendingPathComponent("Tree/1.mp3"), tags: tags("Tree"))
        #expect(mkfifo(music.appendingPathComponent("Tree/pipe.mp3").path, 0o644) == 0)
        #expect(mkfifo(music.appendingPathComponent("Tree/cover.jpg").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: music.appendingPathComponent("Tree/zero.flac").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: music.appendingPathComponent("Tree/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: music.appendingPathComponent("Tree/gone.mp3").path, withDestinationPath: "/nonexistent")

        let library = LibraryAPI(locations: folders.locations)
        let summary = await library.importMusic([music])
        let reasons = skipped(summary)
        #expect(reasons["1.mp3"] == .coverTooLarge)
        #expect(reasons["pipe.mp3"] == .notAFile)
        #expect(reasons["cover.jpg"] == .notAFile)
        #expect(reasons["zero.flac"] == .notAFile)
        if case .unreadable = reasons["gone.mp3"] {} else { Issue.record("a dangling link is listed: \(reasons)") }
        #expect(library.albums.map(\.title).sorted() == ["Huge", "Tree"], "the loop is walked once")
        #expect(library.albums.allSatisfy { $0.coverUrl.isEmpty })
        #expect(summary.skipped.allSatisfy { !$0.message.isEmpty })
        Self.record("a 50 MB embedded cover, FIFOs named pipe.mp3 and cover.jpg, a link to /dev/zero, a dangling link, a link loop",
                    outcome: "both albums imported without covers; \(summary.skipped.count) files listed, none opened; the loop walked once",
                    held: library.count == 2 && reasons["pipe.mp3"] == .notAFile && reasons["1.mp3"] == .coverTooLarge)
    }

    @Test("a folder that cannot be read is listed, and the rest imported", .enabled(if: geteuid() != 0, "root reads every folder"))
    func folderWithoutPermission() async throws {
        let maker = maker
        try maker.track(music.appendingPathComponent("Open/1.mp3"), tags: tags("Open"))
        try maker.track(music.appendingPathComponent("Closed/1.mp3"), tags: tags("Closed"))
        let closed = music.appendingPathComponent("Closed").path
        #expect(chmod(closed, 0) == 0)
        defer { chmod(closed, 0o755) }
        let library = LibraryAPI(locations: folders.locations)
        let summary = await library.importMusic([music])
        #expect(library.albums.map(\.title) == ["Open"])
        #expect(skipped(summary).keys.contains("Closed"))
    }

    @Test("10,000 files in one folder make one album")
    func tenThousandFilesInOneFolder() async throws {
        let template = try maker.template(.mp3)
        let folder = music.appendingPathComponent("Big")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 0..<10_000 {
            try FileManager.default.linkItem(at: template, to: folder.appendingPathComponent("\(number).mp3"))
        }
        let library = LibraryAPI(locations: folders.locations)
        let summary = await library.importMusic([music])
        #expect(summary.filesRead == 10_000 && summary.skipped.isEmpty)
        #expect(library.albums.map(\.title) == ["Big"])
        #expect(library.albums.first?.trackCount == 10_000)
        Self.record("10,000 audio files in one folder", outcome: "one album of \(library.albums.first?.trackCount ?? 0) tracks",
                    held: library.albums.first?.trackCount == 10_000)
    }

    private static func record(_ attempt: String, outcome: String, held: Bool) {
        ReliabilityLog.record([ReliabilityRow(area: "Bad music files", attempt: attempt, outcome: outcome, held: held)])
    }

    // MARK: Hand-made ID3v2

    private static func id3Tag(frames: [[UInt8]]) -> Data {
        let body = frames.joined()
        let size = body.count
        let syncsafe = [UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F)]
        return Data(Array("ID3".utf8) + [4, 0, 0] + syncsafe + body)
    }

    private static func frame(_ id: String, _ content: [UInt8]) -> [UInt8] {
        let size = content.count
        return Array(id.utf8) + [UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F), 0, 0] + content
    }
}
