import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real binary following its music folder: an album folder copied in while it runs
/// appears by itself, and one taken away while it was closed is found at the next launch,
/// kept and said to be missing, never deleted.
@Suite(.serialized)
struct FollowedFoldersAppTests {
    @Test func anAlbumCopiedInWhileRunningAppearsAndOneTakenAwayWhileClosedIsMissing() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music", isDirectory: true)
            let staging = folders.root.appendingPathComponent("staging", isDirectory: true)
            let maker = MusicFolderMaker(templates: folders.root.appendingPathComponent("templates"))
            for (folder, album) in [(music, "Early"), (staging, "Late")] {
                try maker.track(folder.appendingPathComponent("\(album)/1.ogg"), tags: TrackTags(title: "One", artist: "Band", album: album, year: 2020))
            }
            let bus = try SessionBus()
            defer { bus.stop() }
            let app = try AppProcess(folders: folders, bus: bus.address, arguments: [music.path])
            _ = try await app.report { $0.albumCount == 6 && $0.importProgress == nil }

            // As a file manager's copy ends: the album folder, written elsewhere, moved in.
            try FileManager.default.moveItem(at: staging.appendingPathComponent("Late"), to: music.appendingPathComponent("Late"))
            _ = try await app.report { $0.albumCount == 7 }
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)

            // While the app is closed, Early's folder goes away.
            try FileManager.default.moveItem(at: music.appendingPathComponent("Early"), to: staging.appendingPathComponent("Early"))
            let relaunched = try AppProcess(folders: folders, bus: bus.address)
            _ = try await relaunched.report { $0.stripHasFocus && $0.albumCount == 7 }
            try await relaunched.press("End")
            try await relaunched.press("Left")
            let report = try await relaunched.report { $0.properties.contains("Album: Early") && $0.properties.contains { $0.hasPrefix("Files: Not found") } }
            #expect(report.albumCount == 7 && !report.canPlay, "kept, said to be missing, not playable")
            try await relaunched.press("ctrl+q")
            #expect(try await relaunched.waitForExit() == 0)
            #expect(try folders.database().albums.count == 7)
        }
    }
}
