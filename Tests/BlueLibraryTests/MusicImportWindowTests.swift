import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Importing music folders in the window: a folder dropped onto the window or onto the strip,
/// audio files dragged from Files together, a file that is not music refused in words, the
/// progress bar and its Stop button, the albums with their tracks, length and folder, and undo.
@MainActor
@Suite(.serialized)
struct MusicImportWindowTests {
    private func makeMusic(in folder: URL, folders: TestFolders) throws {
        let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
        let red = try maker.image("red")
        for (number, name) in ["Blue Train", "Giant Steps", "Ballads"].enumerated() {
            for track in 1...2 {
                let tags = TrackTags(title: "Take \(track)", artist: "John Coltrane", album: name, genre: "Jazz", year: 1957 + number, trackNumber: track)
                try maker.track(folder.appendingPathComponent("\(name)/\(track).flac"), tags: tags, cover: number == 1 ? red : nil)
            }
        }
        try red.write(to: folder.appendingPathComponent("Blue Train/cover.jpg"))
    }

    @Test func aFolderDroppedOnTheWindowShowsProgressThenItsAlbumsAndIsUndoneAtOnce() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("My Music", isDirectory: true)
            try makeMusic(in: music, folders: folders)
            let pipe = music.appendingPathComponent("Ballads/a pipe named like music.mp3")
            #expect(mkfifo(pipe.path, 0o644) == 0)
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window

            #expect(window.windowDropTarget.drop(file: music))
            #expect(window.musicImport.progress.isShown, "the progress bar shows at once")
            #expect(await harness.wait(for: "the import to end") { !window.musicImport.isImporting && !window.musicImport.progress.isShown })
            var report = harness.report
            #expect(report.albumCount == 8)
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "3 albums imported" })
            #expect(report.problem == "1 file was skipped:\n• “\(pipe.path)” is not a regular file, so it was not opened.")
            #expect(report.selectedIndex == 5, "the first new album is shown")
            #expect(report.properties == [
                "Artist: John Coltrane", "Album: Ballads", "Genre: Jazz", "Year: 1959", "Tracks: 2", "Length: 0:01",
                "Folder: \(music.appendingPathComponent("Ballads").path)",
            ])
            #expect(window.properties.openFolderButton.isVisible)
            #expect(await harness.wait(for: "the folder's cover and the embedded one") {
                [5, 6, 7].compactMap { window.scroller.view(at: $0) as? AlbumView }.filter(\.showsCover).count == 2
            })

            try await harness.press("Home")
            #expect(await harness.wait(for: "the first album") { harness.report.selectedIndex == 0 })
            #expect(harness.report.properties.count == 4, "an album of the bundled library has no Tracks, Length or Folder")
            #expect(!window.properties.openFolderButton.isVisible)

            // Onto the strip, the same folder again: nothing new, nothing recorded.
            #expect(window.scroller.dropTarget.drop(file: music, x: 40, y: 40))
            #expect(await harness.wait(for: "the second import") { !window.musicImport.isImporting })
            #expect(await harness.wait(for: "the notice") { harness.report.toast == "No new albums in “\("My Music".isolatedForDisplay)”" })
            #expect(harness.report.albumCount == 8)

            try await harness.press("ctrl+z")
            #expect(await harness.wait(for: "the import undone") { harness.report.albumCount == 5 })
            report = harness.report
            #expect(!report.canUndo)
            await harness.close()
        }
    }

    @Test func audioFilesDroppedTogetherBringInTheirFoldersAndANonMusicFileChangesNothing() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("My Music", isDirectory: true)
            try makeMusic(in: music, folders: folders)
            let notes = folders.root.appendingPathComponent("notes.txt")
            try Data("not music".utf8).write(to: notes)
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window

            #expect(window.windowDropTarget.drop(file: notes))
            #expect(await harness.wait(for: "the refusal") { harness.report.problem != nil && !window.musicImport.isImporting })
            #expect(harness.report.problem == "“notes.txt” is not a music file. BlueLibrary imports folders, and FLAC, MP3, Ogg Vorbis, Opus, M4A and WAV files.")
            #expect(harness.report.albumCount == 5)
            #expect(!harness.report.canUndo, "nothing was recorded")

            // Two tracks of two albums, as Files drags a selection: both folders come in.
            let dropped = [music.appendingPathComponent("Ballads/2.flac"), music.appendingPathComponent("Blue Train/1.flac")]
            #expect(window.windowDropTarget.drop(files: dropped))
            #expect(await harness.wait(for: "the import to end") { !window.musicImport.isImporting && harness.report.albumCount == 7 })
            #expect(await harness.wait(for: "the first file's album") { harness.report.properties.contains("Album: Ballads") })
            try await harness.press("ctrl+z")
            #expect(await harness.wait(for: "the import undone") { harness.report.albumCount == 5 })
            await harness.close()
        }
    }

    @Test func stopImportKeepsWhatWasFoundAndSaysSo() async throws {
        try await DisplayLock.exclusive {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music", isDirectory: true)
            let template = try MusicFolderMaker(templates: folders.root.appendingPathComponent("templates")).template(.mp3)
            for album in 0..<40 {
                let folder = music.appendingPathComponent(String(format: "Album %02d", album))
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for track in 0..<100 {
                    try FileManager.default.linkItem(at: template, to: folder.appendingPathComponent("\(track).mp3"))
                }
            }
            let harness = try await WindowHarness(folders: folders)
            let window = harness.window
            harness.library.musicImportPartInterval = .zero
            window.musicImport.importMusic([music])
            #expect(await harness.wait(for: "the first albums") { harness.report.albumCount > 5 })
            #expect(harness.report.importProgress?.hasPrefix("Read ") == true)
            window.musicImport.progress.cancelButton.click()
            #expect(await harness.wait(for: "the import to stop") { !window.musicImport.isImporting })
            let report = harness.report
            #expect(report.toast?.hasPrefix("Import stopped: ") == true, "\(report.toast ?? "no toast")")
            #expect(report.albumCount < 45)
            try await harness.press("ctrl+z")
            #expect(await harness.wait(for: "the import undone") { harness.report.albumCount == 5 })
            await harness.close()
        }
    }
}
