import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Main menu ▸ Music Folders: the folders imported with their albums, one that is not there
/// said so, Remove taking a folder's albums out as one undoable command, and Import Folder….
@MainActor
@Suite(.serialized)
struct MusicFoldersWindowTests {
    private func makeAlbums(_ titles: [String], in folder: URL, folders: TestFolders) throws {
        let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
        for title in titles {
            let tags = TrackTags(title: "One", artist: "Band", album: title, genre: "Rock", year: 1990, trackNumber: 1)
            try maker.track(folder.appendingPathComponent("\(title)/1.flac"), tags: tags)
        }
    }

    /// The window over the first run's five albums and one album folder `title` imported
    /// from `music`, once that folder is followed.
    private func followedWindow(with title: String, in music: URL, folders: TestFolders) async throws -> WindowHarness {
        try makeAlbums([title], in: music, folders: folders)
        let harness = try await WindowHarness(folders: folders)
        let window = harness.window
        window.musicImport.importMusic([music])
        #expect(await harness.wait(for: "the import") { !window.musicImport.isImporting && harness.report.albumCount == 6 })
        #expect(await harness.wait(for: "the folder to be followed") { window.library.follower?.watchCount == 2 })
        return harness
    }

    @Test func anAlbumFolderCopiedIntoAMusicFolderAppearsInTheStripByItself() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music", isDirectory: true)
            let harness = try await followedWindow(with: "Early", in: music, folders: folders)
            let window = harness.window

            // As a file manager's copy ends: the album folder, written elsewhere, moved in.
            let staging = folders.root.appendingPathComponent("staging", isDirectory: true)
            try makeAlbums(["Late"], in: staging, folders: folders)
            try FileManager.default.moveItem(at: staging.appendingPathComponent("Late"), to: music.appendingPathComponent("Late"))
            #expect(await harness.wait(for: "the new album in the strip") { harness.report.albumCount == 7 })
            #expect(harness.report.subtitle.hasSuffix("7 albums"), "\(harness.report.subtitle)")
            #expect(window.library.album(at: 6)?.title == "Late")
            #expect(window.headerBar.undoTooltip.contains("Import of 1 Album"), "Undo still undoes the user's import, not the folder's change")

            // Its files moved away: the album stays, dimmed, and its details say so.
            try FileManager.default.moveItem(at: music.appendingPathComponent("Early"), to: staging.appendingPathComponent("Early"))
            harness.library.selectAlbum(at: 5)
            #expect(await harness.wait(for: "Early marked missing") { (window.scroller.view(at: 5) as? AlbumView)?.isMissing == true })
            #expect(harness.report.albumCount == 7)
            #expect(harness.report.properties.last == "Files: Not found: they may have moved, or be on a drive that is not connected")
            #expect((window.scroller.view(at: 5) as? AlbumView)?.accessibleLabel == "Early by Band, files not found")
            #expect(!harness.report.canPlay)
            #expect(harness.report.playTooltip?.hasPrefix("This album’s files are not found") == true)
            try FileManager.default.moveItem(at: staging.appendingPathComponent("Early"), to: music.appendingPathComponent("Early"))
            #expect(await harness.wait(for: "Early whole again") { (window.scroller.view(at: 5) as? AlbumView)?.isMissing == false })
            #expect(harness.report.properties.count == 7, "no Files row")
            #expect(harness.report.canPlay)
            await harness.close()
        }
    }

    @Test func newTagsOverTheUsersEditAreToldAndUndoPutsTheEditBack() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music", isDirectory: true)
            let harness = try await followedWindow(with: "Tagged", in: music, folders: folders)
            let window = harness.window
            var edited = try #require(window.library.album(at: 5))
            edited.title = "My Title"
            #expect(window.library.editAlbum(at: 5, to: edited) != nil)

            // Another program writes new album tags into the file (beside it, then renamed over it).
            let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
            let tags = TrackTags(title: "One", artist: "Band", album: "Retagged", genre: "Rock", year: 1990, trackNumber: 1)
            let staged = folders.root.appendingPathComponent("staging/1.flac")
            try maker.track(staged, tags: tags)
            #expect(rename(staged.path, music.appendingPathComponent("Tagged/1.flac").path) == 0)
            #expect(await harness.wait(for: "the new tags") { window.library.album(at: 5)?.title == "Retagged" })
            #expect(await harness.wait(for: "the notice of the new tags") { harness.report.toast == "New tags in the files of “\u{2068}Retagged\u{2069}” replaced your edit" })
            #expect(window.headerBar.undoTooltip.contains("Edit “\u{2068}Retagged\u{2069}”"), "\(window.headerBar.undoTooltip)")
            try await harness.press("ctrl+z")
            #expect(await harness.wait(for: "the edit back") { window.library.album(at: 5)?.title == "My Title" })
            #expect(harness.report.albumCount == 6)
            await harness.close()
        }
    }

    @Test func theFoldersImportedAreListedAndRemovingOneTakesItsAlbumsOutUndoably() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let rock = folders.root.appendingPathComponent("Rock", isDirectory: true)
            let jazz = folders.root.appendingPathComponent("Jazz", isDirectory: true)
            let gone = folders.root.appendingPathComponent("Gone", isDirectory: true)
            try makeAlbums(["Loud", "Louder", "Loudest"], in: rock, folders: folders)
            try makeAlbums(["Blue"], in: jazz, folders: folders)
            try makeAlbums(["Lost"], in: gone, folders: folders)
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window
            window.musicImport.importMusic([rock])
            window.musicImport.importMusic([jazz])
            window.musicImport.importMusic([gone])
            #expect(await harness.wait(for: "the imports to end") { !window.musicImport.isImporting && harness.report.albumCount == 10 })
            try FileManager.default.moveItem(at: gone, to: folders.root.appendingPathComponent("Elsewhere"))

            harness.activate(AppAction.musicFolders.detailedName)
            #expect(await harness.wait(for: "the Music Folders window") { window.musicFolders.foldersWindow?.folders.count == 3 })
            let list = try #require(window.musicFolders.foldersWindow)
            #expect(list.window.isShown)
            #expect(list.folders.map { MusicFoldersWindow.describe($0) } == [
                "Gone, \(gone.path), Not found: its drive may not be connected, or it moved · 1 album",
                "Jazz, \(jazz.path), 1 album",
                "Rock, \(rock.path), 3 albums",
            ])
            #expect(list.removeButtons.count == 3)

            list.removeButtons[2].click()
            #expect(await harness.wait(for: "Rock's albums to leave") { harness.report.albumCount == 7 })
            #expect(await harness.wait(for: "the list without Rock") { list.isUpToDate && list.folders.map(\.name) == ["Gone", "Jazz"] })
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "“\u{2068}Rock\u{2069}” removed with its 3 albums" })
            #expect(window.headerBar.undoTooltip == "\u{200E}Undo Remove “\u{2068}Rock\u{2069}” (Ctrl+Z)")
            #expect(FileManager.default.fileExists(atPath: rock.appendingPathComponent("Loud/1.flac").path), "the files stay")

            try await harness.press("Escape")
            #expect(await harness.wait(for: "the window to close") { window.musicFolders.foldersWindow == nil })
            try await harness.press("ctrl+z")
            #expect(await harness.wait(for: "Rock's albums back") { harness.report.albumCount == 10 })
            harness.activate(AppAction.musicFolders.detailedName)
            #expect(await harness.wait(for: "Rock listed again") { window.musicFolders.foldersWindow?.folders.map(\.name) == ["Gone", "Jazz", "Rock"] })
            await harness.close()  // with the window open: it closes first
        }
    }
}
