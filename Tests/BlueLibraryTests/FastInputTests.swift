import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Delete, Ctrl+Z and Ctrl+Shift+Z sent to the real app in bursts with no pause between
/// keys: every command applies, in the order its key arrived, and what the app saved (the
/// albums and the undo history) is what a reference model says.
@Suite(.serialized)
struct FastInputTests {
    @Test(arguments: [1, 2, 3])
    func burstsOfDeleteUndoAndRedoAllApplyInOrder(seed: UInt64) async throws {
        try await DisplayLock.ownDisplay {
            var random = SeededRandom(seed: seed)
            let keys = (0..<300).map { _ in ["Delete", "Delete", "ctrl+z", "ctrl+z", "ctrl+shift+z"][Int(random.next() % 5)] }
            var model = LibraryModel(titles: (0..<30).map { "Album \($0)" }, selected: 3)
            keys.forEach { model.press($0) }
            print("seed \(seed): \(keys.count) keys; the model ends with \(model.titles.count) albums, \(model.undo.count) undoable, \(model.redo.count) redoable")

            let folders = TestFolders()
            try folders.writeLibrary(String(decoding: try AlbumList.encode((0..<30).map(sampleAlbum)), as: UTF8.self))
            try folders.writeState(#"{"selectedIndex": 3}"#)
            let app = try AppProcess(folders: folders)
            _ = try await app.report { $0.selectedCoverHasFocus }
            // One xdotool run, no delay between keys; Ctrl+Q last, so the app quits after
            // handling every key before it.
            let window = try await app.windowID()
            try await AppProcess.run(["xdotool", "windowfocus", "--sync", "\(window)", "key", "--delay", "0"] + keys + ["ctrl+q"])
            #expect(try await app.waitForExit() == 0)

            let stored = try folders.database()
            let state = try AppState.decode(Data(contentsOf: folders.locations.stateFile))
            #expect(stored.albums.map(\.title) == model.titles, "seed \(seed): the albums saved")
            #expect(state.selectedIndex == model.selected, "seed \(seed): the selection")
            #expect(stored.history.undoCommands.map(\.command.deletedTitle) == model.undo.map(\.title), "seed \(seed): the undo history")
            #expect(stored.history.redoCommands.map(\.command.deletedTitle) == model.redo.map(\.title), "seed \(seed): the redo history")
        }
    }
}

// MARK: - Reference model

/// The library as the user expects it to behave: a list, a selection, and two stacks of
/// (title, index) deletions.
private struct LibraryModel {
    struct Step: Equatable {
        var title: String
        var index: Int
    }

    var titles: [String]
    var selected: Int?
    var undo: [Step] = []
    var redo: [Step] = []

    mutating func press(_ key: String) {
        switch key {
        case "Delete":
            guard let index = selected else { return }
            undo.append(Step(title: titles.remove(at: index), index: index))
            redo.removeAll()
            selected = selection(afterRemovingAt: index, wasSelected: index)
        case "ctrl+z":
            guard let step = undo.popLast() else { return }
            titles.insert(step.title, at: step.index)
            selected = step.index
            redo.append(step)
        default:  // ctrl+shift+z
            guard let step = redo.popLast() else { return }
            titles.remove(at: step.index)
            undo.append(step)
            selected = selection(afterRemovingAt: step.index, wasSelected: selected)
        }
    }

    private func selection(afterRemovingAt removed: Int, wasSelected: Int?) -> Int? {
        guard !titles.isEmpty else { return nil }
        guard let wasSelected, wasSelected != removed else { return min(removed, titles.count - 1) }
        return wasSelected > removed ? wasSelected - 1 : wasSelected
    }
}

private extension LibraryCommand {
    /// The title of the album this command deleted (`nil` for any other command).
    var deletedTitle: String? {
        kind == .delete ? album?.title : nil
    }
}

/// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
private struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
