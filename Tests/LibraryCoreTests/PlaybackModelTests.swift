import Foundation
import Fixtures
import Testing
@testable import LibraryCore
import TestSupport

/// What the player plays, without playing it: an album's tracks in play order, which track
/// follows (skipping files that are gone), the memento of what played, and the words for a
/// format that cannot be played.
@MainActor
@Suite("Playback model")
struct PlaybackModelTests {
    let folders = TestFolders(defaultLibrary: nil)
    var music: URL { folders.root.appendingPathComponent("Music", isDirectory: true) }
    var maker: MusicFolderMaker { MusicFolderMaker(templates: folders.root.appendingPathComponent("templates")) }

    private func track(_ name: String, disc: Int? = nil, number: Int? = nil) -> Track {
        Track(path: MusicFilePath(bytes: Array("/music/\(name).flac".utf8)), title: name, discNumber: disc, trackNumber: number)
    }

    @Test("an imported album's tracks come in play order: disc, then number, then title; an album added by hand has none")
    func tracksInPlayOrder() async throws {
        let maker = maker
        let order: [(file: String, title: String, disc: Int, number: Int?)] = [
            ("a.flac", "Two-One", 2, 1), ("b.flac", "One-Two", 1, 2), ("c.flac", "One-One", 1, 1), ("d.flac", "Unnumbered", 1, nil),
        ]
        for entry in order {
            try maker.track(music.appendingPathComponent("Double/\(entry.file)"), tags: TrackTags(
                title: entry.title, artist: entry.title == "One-Two" ? "A Guest" : "Band", albumArtist: "Band", album: "Double",
                trackNumber: entry.number, discNumber: entry.disc))
        }
        let library = LibraryAPI(locations: folders.locations)
        _ = await library.importMusic([music])
        let id = try #require(library.albumID(at: 0))
        let tracks = library.tracks(ofAlbum: id)
        #expect(tracks.map(\.title) == ["One-One", "One-Two", "Unnumbered", "Two-One"])
        #expect(tracks.map { $0.artist(differingFrom: "Band") } == ["", "A Guest", "", ""])
        #expect(tracks.allSatisfy { $0.fileExists })
        #expect(tracks[0].uri.hasPrefix("file:///"))

        library.addAlbum(Album(title: "By Hand", artist: "Me", genre: "", coverUrl: "", year: ""))
        let byHand = try #require(library.selectedIndex.flatMap(library.albumID(at:)))
        #expect(library.tracks(ofAlbum: byHand).isEmpty)
    }

    @Test("the queue skips files that are gone, forward and back, and says which it skipped")
    func queueSkipsMissingFiles() {
        let tracks = (1...5).map { (number: Int) in track("T\(number)", number: number) }
        let gone: Set<String> = ["T2", "T3"]
        let present: (Track) -> Bool = { !gone.contains($0.title) }
        let queue = PlayQueue(albumID: 1, tracks: tracks, current: 0)
        let next = queue.playable(from: 1, isPresent: present)
        #expect(next?.index == 3)
        #expect(next?.skipped.map(\.title) == ["T2", "T3"])
        #expect(queue.playable(before: 3, isPresent: present) == 0)
        #expect(queue.playable(from: 0, isPresent: { _ in false }) == nil, "all gone: nothing to play")
        // A file that failed to play is passed over too, but the user was told of it then: it
        // is not named again among the files not found.
        let failedBefore = queue.playable(from: 1, passingOver: [tracks[3].path], isPresent: present)
        #expect(failedBefore?.index == 4)
        #expect(failedBefore?.skipped.map(\.title) == ["T2", "T3"])
        #expect(queue.playable(before: 4, passingOver: [tracks[3].path], isPresent: present) == 0)
        #expect(PlayQueue(albumID: 1, tracks: tracks, current: 99).current == 4, "an index past the end is the last track")
    }

    @Test("the next gapless track is queued in order, even several, and even before the window hears the loaded one began")
    func upcomingTracks() {
        let tracks = (1...4).map { (number: Int) in track("T\(number)", number: number) }
        let upcoming = UpcomingTracks()
        upcoming.reset(tracks: tracks, current: 0)
        #expect(upcoming.queueNext(isPlayable: { $0.title != "T2" }) == tracks[2].uri, "T2 is gone: T3 follows T1")
        #expect(upcoming.queueNext(isPlayable: { _ in true }) == tracks[3].uri, "a very short T3: T4 queued before T3 was heard")
        #expect(upcoming.trackInTrouble == 2)
        #expect(upcoming.trackStarted().index == nil, "T1 itself began only now: T3 is still to come")
        let first = upcoming.trackStarted()
        #expect(first.index == 2)
        #expect(first.skipped.map(\.title) == ["T2"])
        #expect(upcoming.trackStarted().index == 3)
        #expect(upcoming.trackStarted().index == nil, "nothing queued: a stream that starts is not a queued one")
        #expect(upcoming.queueNext(isPlayable: { _ in true }) == nil, "the album ends after its last track")
        upcoming.reset(tracks: tracks, current: 1)
        #expect(upcoming.trackStarted().index == nil, "after a track loaded by hand, the first start is its own")
    }

    @Test("what played is remembered in state.json and found again by its file, even if the tracks moved")
    func memento() throws {
        let tracks = (1...3).map { (number: Int) in track("T\(number)", number: number) }
        let memento = PlaybackMemento(albumID: 7, trackIndex: 1, trackURI: tracks[1].uri, position: 83.5)
        let state = AppState(selectedAlbumID: 7, playback: memento)
        let decoded = try AppState.decode(try JSONEncoder().encode(state))
        #expect(decoded.playback == memento)
        #expect(memento.trackIndex(in: tracks) == 1)
        #expect(memento.trackIndex(in: [tracks[1], tracks[0], tracks[2]]) == 0, "a track added before it: found by its file")
        #expect(memento.trackIndex(in: [tracks[0], tracks[2]]) == nil, "its file is no longer the album's")
        #expect(try AppState.decode(Data(#"{"selectedAlbumID": 3}"#.utf8)).playback == nil, "a state file of an earlier version")
    }

    @Test("a format that cannot be played is named with the Debian package that plays it")
    func formats() {
        #expect(AudioFormat(fileExtension: "M4A")?.debianPackage == "gstreamer1.0-libav")
        #expect(AudioFormat(fileExtension: "flac")?.name == "FLAC")
        #expect(AudioFormat(fileExtension: "opus")?.debianPackage == "gstreamer1.0-plugins-base")
        #expect(AudioFormat(fileExtension: "xyz") == nil)
        #expect(65.9.clockText == "1:05")
        #expect(3723.0.clockText == "1:02:03")
        #expect(Double.nan.clockText == "0:00")
    }
}
