import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

/// ListenBrainz in the real binary, with a local stand-in for the service (`ListenBrainzServer`),
/// a private keyring (`gnome-keyring-daemon` on the test's own session bus) and real playback
/// through a private PulseAudio: a token pasted in Preferences is checked and kept in the
/// keyring, never in a file; listens made with the service down wait in the outbox through a
/// SIGKILL and arrive after the relaunch, once each. With no keyring at all, the token is kept
/// until the app quits, and the user is told so.
@Suite(.serialized)
struct ListenBrainzAppTests {
    static let token = "good-token-1234"
    /// The MusicBrainz ids of the album and of "Part 1" (upper case, as some taggers write them).
    static let releaseID = "1B4F9B6E-7C3A-4E2D-9F10-2A3B4C5D6E7F"
    static let recordingID = "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D"

    @Test func aTokenPastedInPreferencesConnectsAndListensMadeOfflineArriveOnceAfterAKill() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Heard", isDirectory: true)
            let files = try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Heard", artist: "Sine", trackFrames: [44_100, 44_100, 44_100])
            for (number, file) in files.enumerated() {  // the release on every track, a recording on the first
                let tags = TrackTags(title: "Part \(number + 1)", artist: "Sine", album: "Heard", musicBrainzAlbumID: Self.releaseID,
                                     musicBrainzRecordingID: number == 0 ? Self.recordingID : "", trackNumber: number + 1)
                try #require(TrackTagWriter.write(tags, cover: nil, coverMIMEType: "", to: file.path))
            }
            let bus = try SessionBus()
            defer { bus.stop() }
            let keyring = try PrivateKeyring(bus: bus, folder: folders.root.appendingPathComponent("keyring", isDirectory: true))
            defer { keyring.stop() }
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let down = try ListenBrainzServer(tokens: [Self.token])
            let environment = pulse.environment.merging(["BLUELIBRARY_LISTENBRAINZ_URL": down.baseURL]) { $1 }
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true, arguments: [music.path], environment: environment)
            _ = try await app.report { $0.tracks.count == 3 && $0.importProgress == nil && $0.selectedCoverHasFocus }

            // Preferences ▸ ListenBrainz: the token pasted with a space before it, Enter.
            let connected = try await Self.connectInPreferences(app, bus: bus) { $0.contains { $0.name == "Connected as tester" } }
            #expect(connected.contains { $0.role == "push button" && $0.name == "Disconnect" })
            try await app.answer(windowTitled: "Preferences", pressing: "Escape")

            // The service is down: the album's three listens wait, in the database.
            try down.fail(.down, next: 1_000)
            try await app.press("ctrl+space")
            _ = try await app.report { $0.playback?.status == "stopped" && $0.properties.contains("Played: 3 times · last today") }
            let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
            while try Self.waitingCount(folders) < 3 {
                try #require(ContinuousClock.now < deadline, "the listens reached the outbox")
                try await Task.sleep(for: .milliseconds(50))  // another process commits them
            }
            #expect(try down.stats().listens.isEmpty)
            #expect(try down.stats().playingNow.first == "Part 1", "the track playing was told")
            kill(app.process.processIdentifier, SIGKILL)
            app.process.waitUntilExit()
            #expect(try Self.filesHolding(Self.token, under: folders.root).isEmpty, "the token is in no file of the app's")

            // The service is back (at another address): the relaunch reads the token from the
            // keyring and sends the three, each once.
            let back = try ListenBrainzServer(tokens: [Self.token])
            let relaunched = try AppProcess(folders: folders, bus: bus.address,
                                            environment: pulse.environment.merging(["BLUELIBRARY_LISTENBRAINZ_URL": back.baseURL]) { $1 })
            let stats = try await Self.untilListens(3, at: back)
            #expect(stats.listens.map(\.trackMetadata.trackName) == ["Part 1", "Part 2", "Part 3"])
            #expect(stats.listens.allSatisfy { $0.trackMetadata.artistName == "Sine" && $0.trackMetadata.releaseName == "Heard" })
            let ids = stats.listens.map { [$0.trackMetadata.additionalInfo?.releaseMBID, $0.trackMetadata.additionalInfo?.recordingMBID] }
            let release = Self.releaseID.lowercased()
            #expect(ids == [[release, Self.recordingID.lowercased()], [release, nil], [release, nil]],
                    "the ids the file carries, as MusicBrainz writes them")
            #expect(stats.duplicates == 0)
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
            #expect(try Self.waitingCount(folders) == 0)
            ReliabilityLog.record([ReliabilityRow(
                area: "Listens and ListenBrainz", attempt: "the app is SIGKILLed with 3 listens waiting (the service down), then relaunched with it back",
                outcome: "the token read from the keyring; \(stats.listens.count) listens arrived, \(stats.duplicates) twice; the token in no file",
                held: stats.listens.count == 3 && stats.duplicates == 0)])
        }
    }

    @Test func withNoKeyringTheTokenIsKeptUntilQuitAndTheListensStillGo() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Heard", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Heard", artist: "Sine", trackFrames: [44_100, 44_100, 44_100])
            // A session with no Secret Service: nothing owns org.freedesktop.secrets, and nothing can start it.
            let bus = try SessionBus(unavailable: ["org.freedesktop.secrets"])
            defer { bus.stop() }
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let server = try ListenBrainzServer(tokens: [Self.token])
            let environment = pulse.environment.merging(["BLUELIBRARY_LISTENBRAINZ_URL": server.baseURL]) { $1 }
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true, arguments: [music.path], environment: environment)
            _ = try await app.report { $0.tracks.count == 3 && $0.importProgress == nil && $0.selectedCoverHasFocus }

            let said = try await Self.connectInPreferences(app, bus: bus) { tree in
                tree.contains { $0.name == "Connected as tester" } && tree.contains { $0.name.contains("it is kept until BlueLibrary quits") }
            }
            #expect(said.contains { $0.role == "push button" && $0.name == "Disconnect" })
            try await app.answer(windowTitled: "Preferences", pressing: "Escape")

            // The session goes on: the album's three listens are sent.
            try await app.press("ctrl+space")
            let stats = try await Self.untilListens(3, at: server)
            #expect(stats.listens.map(\.trackMetadata.trackName) == ["Part 1", "Part 2", "Part 3"])
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
            #expect(try Self.filesHolding(Self.token, under: folders.root).isEmpty, "the token is in no file of the app's")

            // Relaunched, the app has no token to send with, and says so where it is pasted.
            let relaunched = try AppProcess(folders: folders, bus: bus.address, accessible: true, environment: environment)
            _ = try await relaunched.report { $0.tracks.count == 3 }
            try await relaunched.press("ctrl+comma")
            let after = try await Self.untilTree(relaunched, bus: bus) { tree in
                tree.contains { $0.name.contains("Your keyring could not give BlueLibrary your ListenBrainz token") }
            }
            #expect(after.contains { $0.role == "push button" && $0.name == "Disconnect" }, "still connected: the listens wait, or the user disconnects")
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
            ReliabilityLog.record([ReliabilityRow(
                area: "Listens and ListenBrainz", attempt: "no keyring (no Secret Service on the session bus), a token pasted",
                outcome: "connected, told the token is kept until quit; \(stats.listens.count) listens sent, \(stats.duplicates) twice; the token in no file; after a relaunch, asked to paste it again",
                held: stats.listens.count == 3 && stats.duplicates == 0)])
        }
    }

    // MARK: Helpers

    /// What `server` has once it holds `count` listens (sent by another process).
    static func untilListens(_ count: Int, at server: ListenBrainzServer) async throws -> ListenBrainzServer.Stats {
        let deadline = ContinuousClock.now + .seconds(120)
        while try server.stats().listens.count < count {
            try #require(ContinuousClock.now < deadline, "\(count) listens arrived")
            try await Task.sleep(for: .milliseconds(50))  // another process sends them
        }
        return try server.stats()
    }

    /// Opens Preferences (Ctrl+,), clicks the ListenBrainz token's field (found by its name, as
    /// a screen reader finds it, and clicked where it shows), types the token with a space
    /// before it and presses Enter; returns the accessible tree once `condition` holds of it.
    static func connectInPreferences(_ app: AppProcess, bus: SessionBus,
                                             until condition: @escaping ([AccessibleNode]) -> Bool) async throws -> [AccessibleNode] {
        try await app.press("ctrl+comma")
        let preferences = try await app.window(titled: "Preferences")
        let tree = try await untilTree(app, bus: bus) { $0.contains { $0.role == "frame" && $0.name == "Preferences" } }
        let field = try #require(tree.first { $0.role == "text" && $0.name.contains("ListenBrainz") && $0.name.contains("Token") },
                                 "the token's field is named for a screen reader")
        try await click(field, inFrame: try #require(tree.first { $0.role == "frame" && $0.name == "Preferences" }), window: preferences)
        try await app.type(" \(token)", inWindow: preferences)
        try await app.press("Return", inWindow: preferences)
        return try await untilTree(app, bus: bus, condition)
    }

    /// The app's accessible tree once `condition` holds of it.
    static func untilTree(_ app: AppProcess, bus: SessionBus, _ condition: ([AccessibleNode]) -> Bool) async throws -> [AccessibleNode] {
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        while true {
            let tree = try await AccessibleNode.read(app, bus: bus)
            if condition(tree) { return tree }
            try #require(ContinuousClock.now < deadline, "the accessible tree never showed it")
        }
    }

    /// Clicks the middle of `node`'s left part in the X11 window `window`, whose frame is `frame`
    /// (with no compositing manager, GTK centres the frame in an even border: `ContrastTests`).
    private static func click(_ node: AccessibleNode, inFrame frame: AccessibleNode, window: UInt) async throws {
        let place = try #require(node.extents, "\(node.name) is on screen")
        let frameSize = try #require(frame.extents)
        let geometry = try await AppProcess.run(["xdotool", "getwindowgeometry", "--shell", "\(window)"])
        let values = Dictionary(geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? Int(parts[1]).map { (String(parts[0]), $0) } : nil
        }, uniquingKeysWith: { _, last in last })
        let borderX = (try #require(values["WIDTH"]) - frameSize.width) / 2, borderY = (try #require(values["HEIGHT"]) - frameSize.height) / 2
        _ = try await AppProcess.run(["xdotool", "mousemove", "--window", "\(window)", "\(borderX + place.x + 40)",
                                      "\(borderY + place.y + place.height / 2)", "click", "1"])
    }

    static func waitingCount(_ folders: TestFolders) throws -> Int {
        let database = try LibraryDatabase(readingOnly: folders.locations.databaseFile, immutable: false)
        defer { database.close() }
        return try database.waitingListenCount()
    }

    /// The files under `folder` (the keyring's own excepted) whose bytes hold `text`.
    static func filesHolding(_ text: String, under folder: URL) throws -> [String] {
        let needle = Data(text.utf8)
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])?.compactMap { $0 as? URL } ?? []
        return files.filter { !$0.path.contains("/keyring/") && ((try? Data(contentsOf: $0))?.range(of: needle) != nil) }.map(\.path)
    }
}
