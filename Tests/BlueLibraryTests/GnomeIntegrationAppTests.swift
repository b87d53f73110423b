import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real binary as GNOME reaches it from outside its window, over a private session bus:
/// GNOME Shell's search provider (results, their metas, a result activated, the search
/// continued in the window), and files opened as Files' "Open With" opens them, into the
/// running instance. D-Bus activation of an installed copy that is not running is checked by
/// the install check (`Tests/Install/check-install`), which has the installed service file.
@Suite(.serialized)
struct GnomeIntegrationAppTests {
    @Test func theOverviewFindsAlbumsAndOpenWithImportsPlaysAndRefusesInWords() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let album = folders.root.appendingPathComponent("Music/Long Tones", isDirectory: true)
            let flacs = try ToneAlbumMaker.makeContinuousToneAlbum(in: album, album: "Long Tones", artist: "Sine", trackFrames: [44_100 * 20, 44_100 * 20])
            // The second track as WAV (its tags in the INFO chunk): the one opened.
            let wav = flacs[1].deletingPathExtension().appendingPathExtension("wav")
            _ = try await AppProcess.run(["ffmpeg", "-loglevel", "error", "-i", flacs[1].path, "-c:a", "pcm_s16le", wav.path])
            try FileManager.default.removeItem(at: flacs[1])
            let tracks = [flacs[0], wav]
            let notMusic = folders.root.appendingPathComponent("Music/notes.txt")
            try Data("not music".utf8).write(to: notMusic)
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let bus = try SessionBus()
            defer { bus.stop() }
            let shell = ShellSearchClient(busAddress: bus.address)
            let app = try AppProcess(folders: folders, bus: bus.address, environment: pulse.environment)
            _ = try await app.report { $0.albumCount == 5 && $0.selectedIndex == 0 }

            // The window's own search: word prefixes, any case, accents folded.
            #expect(try await shell.results(for: ["bow"]) == ["1"])
            #expect(try await shell.results(for: ["STARING", "sün"]) == ["4"])
            #expect(try await shell.results(for: ["the"]) == ["3", "4"])
            #expect(try await shell.subsearch(among: ["3", "4"], for: ["the", "nothing"]) == ["3"])
            #expect(try await shell.results(for: ["zzz"]).isEmpty)
            let metas = try await shell.metas(of: ["1", "99"])
            #expect(metas.contains("'name': <'Best of Bowie'>"), "\(metas)")
            #expect(metas.contains("'description': <'David Bowie · 1992'>"), "\(metas)")
            #expect(!metas.contains("'99'"), "an album not in the library is left out")

            try await shell.activate("4", terms: ["staring"])
            var report = try await app.report { $0.selectedIndex == 3 }
            #expect(report.properties.contains("Album: Staring at the Sun"))
            try await shell.launchSearch(["nothing", "like"])
            report = try await app.report { $0.search?.text == "nothing like" && $0.albumCount == 1 }
            #expect(report.properties.contains("Album: Nothing Like The Sun"))

            // "Open With BlueLibrary" on a track (a WAV file): its folder comes in, its album is
            // selected, and it plays from that track (the search that hid the album is closed).
            let opener = try AppProcess(folders: folders, bus: bus.address, arguments: [tracks[1].path])
            #expect(try await opener.waitForExit() == 0, "the file went to the running app")
            report = try await app.report { $0.albumCount == 6 && $0.playback?.status == "playing" }
            #expect(report.properties.contains("Album: Long Tones"), "\(report.properties)")
            #expect(report.playback?.trackIndex == 1, "the file opened plays, not the album's first")
            #expect(report.search == nil)

            // A file that is not music is named, and nothing changes.
            let refused = try AppProcess(folders: folders, bus: bus.address, arguments: [notMusic.path])
            #expect(try await refused.waitForExit() == 0)
            report = try await app.report { $0.problem != nil }
            #expect(report.problem?.contains("“notes.txt” is not a music file") == true, "\(report.problem ?? "")")
            #expect(report.albumCount == 6)
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }
}

/// Talks to the app's search provider from outside, as GNOME Shell does, with `gdbus`.
struct ShellSearchClient {
    let busAddress: String
    static let name = "io.github.bluelibrary.BlueLibrary"
    static let path = "/io/github/bluelibrary/BlueLibrary/SearchProvider"
    static let interface = "org.gnome.Shell.SearchProvider2"

    /// `GetInitialResultSet`: the ids of the albums found.
    func results(for terms: [String]) async throws -> [String] {
        Self.strings(in: try await call("GetInitialResultSet", Self.list(terms)))
    }

    /// `GetSubsearchResultSet`: the ids found as a further key is typed.
    func subsearch(among previous: [String], for terms: [String]) async throws -> [String] {
        Self.strings(in: try await call("GetSubsearchResultSet", Self.list(previous), Self.list(terms)))
    }

    /// `GetResultMetas`, as gdbus prints it.
    func metas(of ids: [String]) async throws -> String {
        try await call("GetResultMetas", Self.list(ids))
    }

    func activate(_ id: String, terms: [String]) async throws {
        _ = try await call("ActivateResult", id, Self.list(terms), "0")
    }

    func launchSearch(_ terms: [String]) async throws {
        _ = try await call("LaunchSearch", Self.list(terms), "0")
    }

    private func call(_ method: String, _ arguments: String...) async throws -> String {
        try await AppProcess.run(["gdbus", "call", "--timeout", "120", "--address", busAddress, "--dest", Self.name,
                                  "--object-path", Self.path, "--method", "\(Self.interface).\(method)"] + arguments)
    }

    /// A list of strings as GVariant text.
    private static func list(_ strings: [String]) -> String {
        "@as [" + strings.map { "'\($0)'" }.joined(separator: ", ") + "]"
    }

    /// The quoted strings of gdbus's `(['1', '4'],)`.
    private static func strings(in output: String) -> [String] {
        output.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
