import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real app, driven through deletions and undos with real key presses, killed with SIGKILL
/// at random moments, 50 times in a row on the same folders. After every kill the database
/// opens and passes its integrity check, the library in it is one the user saw (the last one,
/// or one shown just before the kill, whose commit was under way), its undo history agrees
/// with it, and the state file parses.
@Suite(.serialized)
struct CrashDuringSaveTests {
    static let kills = 50

    @Test func killedAtRandomMomentsTheFilesAlwaysHoldAStateTheUserSaw() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let start = (0..<400).map(sampleAlbum)
            try folders.writeLibrary(start)  // imported into the database at the first launch
            var random = SplitMix64(seed: 2026)
            var onDisk = start
            var outcomes: [String: Int] = [:]
            var lost = 0  // kills after which the disk held a library the user never saw

            for kill in 1...Self.kills {
                let app = try AppProcess(folders: folders)
                let expectedCount = onDisk.count
                var shown = try await app.report { $0.stripHasFocus && $0.albumCount == expectedCount }
                var seen = [onDisk]  // the states the user saw, oldest first
                var model = Model(albums: onDisk, selected: shown.selectedIndex)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let undo = model.canUndo && Bool.random(using: &random)
                    try await app.press(undo ? "ctrl+z" : "Delete")
                    undo ? model.undo() : model.delete()
                    let expected = model.albums.count
                    shown = try await app.report { $0.albumCount == expected }
                    model.selected = shown.selectedIndex
                    seen.append(model.albums)
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...450, using: &random)))
                sendKill(app.process.processIdentifier)
                _ = try await app.waitForExit()

                let stored = try folders.database()
                let albums = stored.albums
                #expect(stored.isSound, "kill \(kill): the database fails its integrity check")
                #expect(stored.historyAgrees, "kill \(kill): the undo history disagrees with the albums")
                if !stored.isSound || !stored.historyAgrees { lost += 1 }
                if FileManager.default.fileExists(atPath: folders.locations.stateFile.path) {  // none until the first save
                    _ = try AppState.decode(Data(contentsOf: folders.locations.stateFile))
                }
                let age = seen.lastIndex(of: albums).map { seen.count - 1 - $0 }
                #expect(age != nil, "kill \(kill): the library on disk (\(albums.count) albums) is not a state the user saw")
                switch age {
                case 0: outcomes["the last state", default: 0] += 1
                case .some: outcomes["an earlier state (its last commit under way)", default: 0] += 1
                case nil: outcomes["a state the user never saw (lost)", default: 0] += 1; lost += 1
                }
                onDisk = albums
            }
            ReliabilityLog.record([ReliabilityRow(
                area: "Crash during saves", attempt: "\(Self.kills) SIGKILLs at random moments (0–450 ms) after 1–4 deletions or undos",
                outcome: "the database passed quick_check and its history agreed with its albums every time; on disk: " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)×" }.joined(separator: ", "),
                held: lost == 0)])
        }
    }

    /// What the window does with Delete and Ctrl+Z, to know which list the user sees.
    private struct Model {
        var albums: [Album]
        var selected: Int?
        var history: [(album: Album, index: Int)] = []
        var canUndo: Bool { !history.isEmpty }

        mutating func delete() {
            guard let index = selected, albums.indices.contains(index) else { return }
            history.append((albums.remove(at: index), index))
        }

        mutating func undo() {
            guard let last = history.popLast() else { return }
            albums.insert(last.album, at: min(last.index, albums.count))
        }
    }
}

/// SIGKILL, named apart from the test's own `kill` counter.
private func sendKill(_ pid: Int32) {
    _ = Glibc.kill(pid, SIGKILL)
}
