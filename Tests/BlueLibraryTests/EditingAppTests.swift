import Fixtures
import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real binary, driven from outside with real keys: an album added with a cover from a
/// local file (through the desktop's file chooser), edited, and both undone after a relaunch.
@Suite(.serialized)
struct EditingAppTests {
    @Test func addWithACoverFromAFileEditQuitRelaunchAndUndoBoth() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            try FileManager.default.createDirectory(at: folders.root, withIntermediateDirectories: true)
            let image = folders.root.appendingPathComponent("homemade cover.png")
            try FixtureImages.body(of: "/cover/homemade").write(to: image)

            let app = try AppProcess(folders: folders)
            _ = try await app.report { $0.stripHasFocus }
            try await app.press("ctrl+n")
            _ = try await app.report { $0.editor?.title == "Add Album" }
            let dialog = try await app.window(titled: "Add Album")
            try await app.type("Homemade", inWindow: dialog)
            try await app.press("Tab", inWindow: dialog)
            try await app.type("Me", inWindow: dialog)
            try await app.press("alt+i", inWindow: dialog)  // Choose Image…
            let chooser = try await app.window(titled: "Choose a Cover Image")
            try await app.press("ctrl+l", inWindow: chooser)
            try await app.type(image.path, inWindow: chooser)
            try await app.accept(fileChooserTitled: "Choose a Cover Image")
            var report = try await app.report { $0.editor?.showsCover == true }
            #expect(report.editor?.fields.prefix(2) == ["Title: Homemade", "Artist: Me"])
            try FileManager.default.removeItem(at: image)  // the app has its own copy
            try await app.press("alt+a", inWindow: dialog)  // Add
            report = try await app.report { $0.editor == nil && $0.albumCount == 6 }
            #expect(report.selectedIndex == 1, "after the selected album")
            #expect(report.properties == ["Artist: Me", "Album: Homemade", "Genre: ", "Year: "])

            try await app.press("F2")
            _ = try await app.report { $0.editor?.title == "Edit Album" }
            let editor = try await app.window(titled: "Edit Album")
            try await app.press("ctrl+a", inWindow: editor)
            try await app.type("Homemade (Live)", inWindow: editor)
            try await app.press("Return", inWindow: editor)
            report = try await app.report { $0.editor == nil && $0.properties.contains("Album: Homemade (Live)") }
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
            let stored = try folders.database()
            #expect(stored.albums[1].title == "Homemade (Live)")
            #expect(OwnCovers.isReference(stored.albums[1].coverUrl))
            #expect(stored.historyAgrees)

            let relaunched = try AppProcess(folders: folders)
            // The bundled covers cannot be downloaded here: the one shown is the stored one.
            report = try await relaunched.report { $0.stripHasFocus && $0.selectedIndex == 1 && $0.coversShown == 1 }
            #expect(report.properties.contains("Album: Homemade (Live)"))
            try await relaunched.press("ctrl+z")  // the edit
            report = try await relaunched.report { $0.properties.contains("Album: Homemade") }
            #expect(report.albumCount == 6)
            try await relaunched.press("ctrl+z")  // the addition
            report = try await relaunched.report { $0.albumCount == 5 }
            #expect(!report.properties.contains { $0.contains("Homemade") })
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
            #expect(try folders.database().albums.count == 5)
        }
    }
}
