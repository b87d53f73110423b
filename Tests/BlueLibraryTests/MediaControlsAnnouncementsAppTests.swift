import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
import LibraryCore

/// GNOME Shell's media controls show what MPRIS announces (`PropertiesChanged`), and read a
/// property again only when told it changed: the track's true length once GStreamer knows
/// it, and whether Play can play as the selection moves, must be announced, not only answered.
@Suite(.serialized)
struct MediaControlsAnnouncementsAppTests {
    @Test func theLengthGStreamerFindsIsAnnounced() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Tones", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Tones", artist: "Sine", trackFrames: [44_100 * 60])
            let imported = try AppProcess(folders: folders, arguments: [music.path])
            _ = try await imported.report { $0.tracks.count == 1 && $0.importProgress == nil }
            try await imported.press("ctrl+q")
            #expect(try await imported.waitForExit() == 0)
            // The library says the track lasts 10 minutes (as tags that lie would): what plays
            // lasts a minute, which GStreamer finds once the file is open.
            _ = try await AppProcess.run(["python3", "-c", """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE track SET tags = json_set(tags, '$.duration', 600.0)"); db.commit()
                """, folders.locations.databaseFile.path])

            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let bus = try SessionBus()
            defer { bus.stop() }
            let controls = MediaPlayerClient(busAddress: bus.address)
            let app = try AppProcess(folders: folders, bus: bus.address, environment: pulse.environment)
            _ = try await app.report { $0.tracks.count == 1 }
            let monitor = try await BusMonitor(busAddress: bus.address, in: folders.root)
            defer { monitor.stop() }
            try await controls.call("Play")
            try await monitor.waitFor("'mpris:length': <int64 60000000>")
            let report = try await app.report { $0.playback != nil }
            #expect((report.playback?.position ?? 60) < 30, "announced as it began, not at its end")
            #expect(try await controls.property("Metadata").contains("'mpris:length': <int64 60000000>"))
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }

    @Test func whetherPlayCanPlayIsAnnouncedAsTheSelectionMoves() async throws {
        try await DisplayLock.ownDisplay {
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Tones", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Tones", artist: "Sine", trackFrames: [44_100 * 2])
            let bus = try SessionBus()
            defer { bus.stop() }
            let controls = MediaPlayerClient(busAddress: bus.address)
            let app = try AppProcess(folders: folders, bus: bus.address, arguments: [music.path])
            _ = try await app.report { $0.tracks.count == 1 && $0.importProgress == nil && $0.properties.contains("Album: Tones") }
            #expect(try await controls.property("CanPlay").contains("true"), "the album imported is selected")
            let monitor = try await BusMonitor(busAddress: bus.address, in: folders.root)
            defer { monitor.stop() }

            try await app.press("Left")  // an album of the default library: no files
            _ = try await app.report { !$0.properties.contains("Album: Tones") && $0.selectedIndex != nil }
            try await monitor.waitFor("'CanPlay': <false>")
            try await app.press("Right")
            _ = try await app.report { $0.properties.contains("Album: Tones") }
            try await monitor.waitFor("'CanPlay': <true>")
            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }
}
