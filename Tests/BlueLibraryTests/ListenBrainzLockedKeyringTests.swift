import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

// MARK: - A locked keyring

/// ListenBrainz with the keyring locked, in the real binary: the keyring's own password prompt
/// (`gcr-prompter`, on the test's display) cancelled when the token is kept, and at a launch,
/// then answered with the password. The listens made while the token is not at hand wait, and
/// go once each when it is.
extension ListenBrainzAppTests {
    @Test func withTheKeyringLockedAndItsPromptDismissedTheTokenIsKeptUntilQuitAndTheListensStillGo() async throws {
        try await Self.withLockedKeyring { folders, music, bus, keyring, server, environment in
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true, arguments: [music.path], environment: environment)
            _ = try await app.report { $0.tracks.count == 3 && $0.importProgress == nil && $0.selectedCoverHasFocus }

            // Keeping the token asks the keyring, which shows its own password prompt; the user
            // cancels it. The window goes on answering meanwhile, and then says what happened.
            _ = try await Self.connectInPreferences(app, bus: bus) { $0.contains { $0.name == "Connected as tester" } }
            try await Self.answerKeyringPrompt()
            let said = try await Self.untilTree(app, bus: bus) { $0.contains { $0.name.contains("it is kept until BlueLibrary quits") } }
            #expect(said.contains { $0.role == "push button" && $0.name == "Disconnect" })
            try await app.answer(windowTitled: "Preferences", pressing: "Escape")

            try await app.press("ctrl+space")
            let stats = try await Self.untilListens(3, at: server)
            #expect(stats.listens.map(\.trackMetadata.trackName) == ["Part 1", "Part 2", "Part 3"])
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
            #expect(try Self.filesHolding(Self.token, under: folders.root).isEmpty, "the token is in no file of the app's")
            ReliabilityLog.record([ReliabilityRow(
                area: "Listens and ListenBrainz", attempt: "the keyring locked, a token pasted, the keyring's password prompt cancelled",
                outcome: "connected, told the token is kept until quit; \(stats.listens.count) listens sent, \(stats.duplicates) twice; the token in no file",
                held: stats.listens.count == 3 && stats.duplicates == 0)])
        }
    }

    @Test func aKeyringLockedAtLaunchAsksForItsPasswordAndTheListensWaitUntilItIsGiven() async throws {
        try await Self.withLockedKeyring { folders, music, bus, keyring, server, environment in

            // Connected with the keyring locked: its prompt asks, and the password given, the
            // token is kept there.
            let first = try AppProcess(folders: folders, bus: bus.address, accessible: true, arguments: [music.path], environment: environment)
            _ = try await first.report { $0.tracks.count == 3 && $0.importProgress == nil && $0.selectedCoverHasFocus }
            _ = try await Self.connectInPreferences(first, bus: bus) { $0.contains { $0.name == "Connected as tester" } }
            try await Self.answerKeyringPrompt(typing: PrivateKeyring.password)
            let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
            while try !keyring.holdsItem(service: "listenbrainz") {
                try #require(ContinuousClock.now < deadline, "the token reached the keyring")
                try await Task.sleep(for: .milliseconds(50))  // another process stores it
            }
            try await first.press("ctrl+q")
            #expect(try await first.waitForExit() == 0)

            // Relaunched with the keyring locked again and its prompt cancelled: the app says
            // so, and the listens made meanwhile wait.
            try keyring.lockLoginKeyring()
            let second = try AppProcess(folders: folders, bus: bus.address, accessible: true, environment: environment)
            try await Self.answerKeyringPrompt()
            _ = try await second.report { $0.tracks.count == 3 }
            try await second.press("ctrl+comma")
            let locked = try await Self.untilTree(second, bus: bus) { tree in
                tree.contains { $0.name.contains("Your keyring stayed locked, so BlueLibrary could not read your ListenBrainz token") }
            }
            #expect(locked.contains { $0.role == "push button" && $0.name == "Disconnect" }, "still connected: the listens wait, or the user disconnects")
            try await second.answer(windowTitled: "Preferences", pressing: "Escape")
            try await second.press("ctrl+space")
            _ = try await second.report { $0.playback?.status == "stopped" && $0.properties.contains("Played: 3 times · last today") }
            while try Self.waitingCount(folders) < 3 {
                try #require(ContinuousClock.now < deadline + MainLoopDriver.hangGuard, "the listens reached the outbox")
                try await Task.sleep(for: .milliseconds(50))  // another process commits them
            }
            try await second.press("ctrl+q")
            #expect(try await second.waitForExit() == 0)
            #expect(try server.stats().listens.isEmpty, "nothing is sent without the token")

            // Relaunched, the password given: the token is read and the three listens go, once each.
            let third = try AppProcess(folders: folders, bus: bus.address, environment: environment)
            try await Self.answerKeyringPrompt(typing: PrivateKeyring.password)
            let stats = try await Self.untilListens(3, at: server)
            #expect(stats.listens.map(\.trackMetadata.trackName) == ["Part 1", "Part 2", "Part 3"])
            try await third.press("ctrl+q")
            #expect(try await third.waitForExit() == 0)
            #expect(try Self.waitingCount(folders) == 0)
            #expect(try Self.filesHolding(Self.token, under: folders.root).isEmpty, "the token is in no file of the app's")
            ReliabilityLog.record([ReliabilityRow(
                area: "Listens and ListenBrainz", attempt: "the keyring locked at launch, its password prompt cancelled, an album played; relaunched and unlocked",
                outcome: "told the keyring stayed locked; 3 listens waited, none sent; after the unlock \(stats.listens.count) arrived, \(stats.duplicates) twice",
                held: stats.listens.count == 3 && stats.duplicates == 0)])
        }
    }

    // MARK: Helpers

    /// Runs `body` on a display of its own with an album of three one-second tracks, a session
    /// bus whose keyring is locked, a private PulseAudio and a working ListenBrainz stand-in
    /// (`environment` points the app at it and at the PulseAudio).
    private static func withLockedKeyring(
        _ body: @Sendable (TestFolders, URL, SessionBus, PrivateKeyring, ListenBrainzServer, [String: String]) async throws -> Void
    ) async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Heard", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Heard", artist: "Sine", trackFrames: [44_100, 44_100, 44_100])
            let bus = try SessionBus()
            defer { bus.stop() }
            let keyring = try PrivateKeyring(bus: bus, folder: folders.root.appendingPathComponent("keyring", isDirectory: true))
            defer { keyring.stop() }
            try keyring.lockLoginKeyring()
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let server = try ListenBrainzServer(tokens: [Self.token])
            try await body(folders, music, bus, keyring, server, pulse.environment.merging(["BLUELIBRARY_LISTENBRAINZ_URL": server.baseURL]) { $1 })
        }
    }

    /// Answers the keyring's own password prompt (`gcr-prompter`, another process than the
    /// app's) once it shows: with `password` typed and Enter, or, with none, cancelled with
    /// Escape as a user who leaves the keyring locked (answered again every 5 seconds until the
    /// prompt is gone: keys pressed while it maps can be lost).
    private static func answerKeyringPrompt(typing password: String? = nil) async throws {
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        var answered: ContinuousClock.Instant?
        while true {
            let found = try await AppProcess.run(["xdotool", "search", "--onlyvisible", "--name", "^Unlock Login Keyring$"])
            guard let prompt = found.split(separator: "\n").compactMap({ UInt($0) }).last else {
                if answered != nil { return }
                try #require(ContinuousClock.now < deadline, "the keyring's prompt showed")
                try await Task.sleep(for: .milliseconds(50))  // another process shows it
                continue
            }
            try #require(ContinuousClock.now < deadline, "the keyring's prompt closed once answered")
            if answered.map({ ContinuousClock.now - $0 > .seconds(5) }) ?? true {
                let driver = InputDriver(windowID: prompt)
                if let password {
                    _ = try await AppProcess.run(["xdotool"] + driver.press("ctrl+a"))  // what an earlier try left typed
                    _ = try await AppProcess.run(["xdotool"] + driver.type(password))
                    _ = try await AppProcess.run(["xdotool"] + driver.press("Return"))
                } else {
                    _ = try await AppProcess.run(["xdotool"] + driver.press("Escape"))
                }
                answered = .now
            }
            try await Task.sleep(for: .milliseconds(50))  // another process closes it
        }
    }
}
