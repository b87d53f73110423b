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

    @Test("Play Next goes after the track playing and Add to Queue at the end; an Undo takes out just what it added")
    func queueOfAlbums() {
        var queue = PlayQueue(albumID: 1, trackCount: 3, current: 1)
        let next = queue.insertNext(albumID: 2, tracks: 0..<2)
        let end = queue.append(albumID: 3, tracks: 0..<1)
        #expect(queue.entries.map(\.albumID) == [1, 1, 2, 2, 1, 3])
        #expect(queue.currentEntry?.albumID == 1 && queue.currentEntry?.trackIndex == 1, "the track playing stays")
        #expect(queue.position(after: queue.current, repeatMode: .off) == 2, "album 2 follows the track playing")
        queue.insertNext(albumID: 2, tracks: 0..<2)  // the same album again: told apart by serial
        #expect(queue.remove(next) == 2)
        #expect(queue.entries.map(\.albumID) == [1, 1, 2, 2, 1, 3], "the second Play Next of album 2 stays")
        #expect(queue.remove(end) == 1)
        #expect(queue.remove(end) == 0, "an Undo twice takes nothing more")
        #expect(queue.removeAlbums([2]) == 2)
        #expect(queue.entries.map(\.trackIndex) == [0, 1, 2])
        #expect(queue.current == 1)
    }

    @Test("repeat: the queue plays once, again from its start, or one track again; Next moves on even then")
    func repeatModes() {
        let queue = PlayQueue(albumID: 1, trackCount: 3, current: 2)
        #expect(queue.position(after: 2, repeatMode: .off) == nil)
        #expect(queue.position(after: 2, repeatMode: .all) == 0)
        #expect(queue.position(after: 2, repeatMode: .one) == 2)
        #expect(queue.position(after: 1, repeatMode: .one, byUser: true) == 2)
        #expect(RepeatMode.off.following == .all && RepeatMode.all.following == .one && RepeatMode.one.following == .off)
    }

    @Test("shuffle plays every track once, the one playing first; off again, it goes on in album order from that track")
    func shuffle() {
        var queue = PlayQueue(albumID: 1, trackCount: 50, current: 10)
        var generator = SeededGenerator(seed: 7)
        queue.setShuffled(true, using: &generator)
        #expect(queue.current == 0 && queue.currentEntry?.trackIndex == 10)
        let played = (0..<queue.count).compactMap { queue.entry(at: $0)?.trackIndex }
        #expect(Set(played).count == 50, "each track once")
        #expect(played != played.sorted(), "in another order")
        queue.moveCurrent(to: 5)
        let playing = queue.currentEntry
        #expect(queue.position(before: 5) == 4, "Previous goes back through the order played")
        let batch = queue.insertNext(albumID: 2, tracks: 0..<2)
        #expect(queue.entry(at: 6)?.albumID == 2 && queue.entry(at: 7)?.albumID == 2, "Play Next while shuffled plays next")
        #expect(queue.currentEntry == playing)
        queue.remove(batch)
        queue.setShuffled(false, using: &generator)
        #expect(queue.currentEntry == playing)
        #expect(queue.current == Int(playing?.trackIndex ?? -1), "album order again, from the track playing")
    }

    @Test("moving a track in the queue keeps the one playing; clearing keeps only it")
    func reorder() {
        var queue = PlayQueue(albumID: 1, trackCount: 5, current: 2)
        queue.move(from: 4, to: 0)
        #expect(queue.entries.map(\.trackIndex) == [4, 0, 1, 2, 3])
        #expect(queue.currentEntry?.trackIndex == 2 && queue.current == 3)
        queue.remove(at: 0)
        #expect(queue.current == 2 && queue.currentEntry?.trackIndex == 2)
        queue.clearUpcoming()
        #expect(queue.count == 1 && queue.currentEntry?.trackIndex == 2)
    }

    @Test("the next gapless track is queued in order, across albums, even several, and even before the window hears the loaded one began")
    func upcomingTracks() {
        let tracks = (1...4).map { (number: Int) in track("T\(number)", number: number) }
        let planned = (1...3).map { UpcomingTracks.Planned(serial: UInt32($0), track: tracks[$0]) }
        let upcoming = UpcomingTracks()
        upcoming.reset(current: 0, planned: planned)
        #expect(upcoming.queueNext(isPlayable: { $0.title != "T2" }) == tracks[2].uri, "T2 is gone: T3 follows T1")
        #expect(upcoming.queueNext(isPlayable: { _ in true }) == tracks[3].uri, "a very short T3: T4 queued before T3 was heard")
        #expect(upcoming.trackInTrouble == 2)
        #expect(upcoming.plan([], following: 0) == false, "a plan made before T4 was queued is refused")
        #expect(upcoming.trackStarted().serial == nil, "T1 itself began only now: T3 is still to come")
        let first = upcoming.trackStarted()
        #expect(first.serial == 2)
        #expect(first.skipped.map(\.title) == ["T2"])
        #expect(upcoming.trackStarted().serial == 3)
        #expect(upcoming.trackStarted().serial == nil, "nothing queued: a stream that starts is not a queued one")
        #expect(upcoming.queueNext(isPlayable: { _ in true }) == nil, "the queue ends after its last track")
        #expect(upcoming.plan([UpcomingTracks.Planned(serial: 9, track: tracks[0])], following: 3))
        #expect(upcoming.queueNext(isPlayable: { _ in true }) == tracks[0].uri, "the next album, planned later, follows")
        upcoming.reset(current: 1, planned: [])
        #expect(upcoming.trackStarted().serial == nil, "after a track loaded by hand, the first start is its own")
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

    @Test("the queue is kept as runs of album tracks, and comes back without the albums deleted meanwhile")
    func queueMemento() throws {
        var queue = PlayQueue(albumID: 1, trackCount: 10, current: 3)
        queue.append(albumID: 2, tracks: 0..<12)
        queue.insertNext(albumID: 3, tracks: 4..<5)
        let memento = QueueMemento(queue)
        #expect(memento.runs.map(\.numbers) == [[1, 0, 4], [3, 4, 1], [1, 4, 6], [2, 0, 12]])
        let saved = PlaybackMemento(albumID: 1, trackIndex: 3, trackURI: "file:///a", position: 1, queue: memento)
        let decoded = try AppState.decode(try JSONEncoder().encode(AppState(playback: saved)))
        let back = try #require(decoded.playback?.queue)
        let (restored, dropped) = back.queue { $0 != 3 }
        #expect(dropped == 1)
        #expect(restored.count == 22 && restored.currentEntry?.albumID == 1 && restored.currentEntry?.trackIndex == 3)
    }

    @Test("Play All's queue holds every track of each album in order; its revision changes with its tracks, not with the track playing")
    func playAllQueue() {
        var queue = PlayQueue(albums: [(albumID: 1, trackCount: 3), (albumID: 2, trackCount: 0), (albumID: 3, trackCount: 2)])
        #expect(queue.entries.map { "\($0.albumID).\($0.trackIndex)" } == ["1.0", "1.1", "1.2", "3.0", "3.1"])
        #expect(Set(queue.entries.map(\.serial)).count == 5, "each track has its own serial")
        let made = queue.revision
        queue.moveCurrent(to: 2)
        #expect(queue.revision == made, "the track playing is not the queue's tracks")
        queue.move(from: 4, to: 0)
        #expect(queue.revision != made)
        #expect(queue.currentEntry?.albumID == 1 && queue.currentEntry?.trackIndex == 2 && queue.current == 3)
        #expect(PlayQueue(albums: [(albumID: 1, trackCount: 3)]).revision != PlayQueue(albums: [(albumID: 1, trackCount: 3)]).revision,
                "two queues made apart never share a revision")
    }

    @Test("albums of consecutive ids with the same tracks are one run: Play All of 100,000 albums is a few bytes")
    func queueMementoOfAWholeLibrary() throws {
        var queue = PlayQueue()
        for album in 1...100_000 { queue.append(albumID: AlbumID(album), tracks: 0..<10) }
        queue.append(albumID: 100_001, tracks: 0..<12)  // another track count: a run of its own
        queue.append(albumID: 100_003, tracks: 0..<12)  // not the next id: another run
        queue.append(albumID: 100_004, tracks: 0..<12)
        let memento = QueueMemento(queue)
        #expect(memento.runs.map(\.numbers) == [[1, 0, 10, 100_000], [100_001, 0, 12], [100_003, 0, 12, 2]])
        let encoded = try JSONEncoder().encode(memento)
        #expect(encoded.count < 200, "\(String(decoding: encoded, as: UTF8.self))")
        let present = AlbumIDSet(ids: (1...100_004).filter { $0 != 50_000 && $0 != 100_002 })
        #expect(present.contains(1) && !present.contains(50_000) && !present.contains(100_005) && !present.contains(-1))
        let (restored, dropped) = try JSONDecoder().decode(QueueMemento.self, from: encoded).queue { present.contains($0) }
        #expect(dropped == 10, "the album deleted meanwhile leaves the queue")
        #expect(restored.count == 1_000_036 - 10)
        #expect(restored.entry(at: 499_990)?.albumID == 50_001 && restored.entry(at: 1_000_025)?.albumID == 100_004)
        let broken = #"{"runs": [[1, 0, 10, 0]], "current": 0}"#
        #expect(throws: (any Error).self, "a run of no album") { try JSONDecoder().decode(QueueMemento.self, from: Data(broken.utf8)) }
    }

    @Test("a shuffled order is kept packed, and one of an earlier version's numbers is read too")
    func shuffledQueueMemento() throws {
        var queue = PlayQueue(albums: [(albumID: 1, trackCount: 5000), (albumID: 2, trackCount: 3)])
        var generator = SeededGenerator(seed: 7)
        queue.setShuffled(true, using: &generator)
        let memento = QueueMemento(queue)
        let encoded = try JSONEncoder().encode(memento)
        let json = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(json["shuffleOrder"] is String, "packed, not 5,003 numbers")
        let back = try JSONDecoder().decode(QueueMemento.self, from: encoded)
        #expect(back.shuffleOrder == queue.shuffleOrder)
        #expect(back.queue { _ in true }.queue.currentEntry == queue.currentEntry)
        let earlier = #"{"runs": [[1, 0, 3]], "shuffleOrder": [2, 0, 1], "current": 1}"#
        #expect(try JSONDecoder().decode(QueueMemento.self, from: Data(earlier.utf8)).shuffleOrder == [2, 0, 1])
        let damaged = #"{"runs": [[1, 0, 3]], "shuffleOrder": "not base64!", "current": 1}"#
        let kept = try JSONDecoder().decode(QueueMemento.self, from: Data(damaged.utf8))
        #expect(kept.shuffleOrder == nil && kept.runs.count == 1, "the queue is kept, in album order")
    }

    @Test("a damaged queue, or one of 10 million tracks, is left out; the rest of the memento comes back")
    func damagedQueue() throws {
        let damaged = #"{"selectedAlbumID": 4, "playback": {"albumID": 1, "trackIndex": 0, "trackURI": "file:///a", "position": 2, "queue": {"runs": [[1, 0]], "current": 0}}}"#
        let state = try AppState.decode(Data(damaged.utf8))
        #expect(state.selectedAlbumID == 4 && state.playback?.position == 2 && state.playback?.queue == nil)
        let huge = #"{"playback": {"albumID": 1, "trackIndex": 0, "trackURI": "file:///a", "position": 2, "queue": {"runs": [[1, 0, 10000000]], "current": 0}}, "listening": {"volume": "loud", "repeatMode": "all"}}"#
        let hugeState = try AppState.decode(Data(huge.utf8))
        #expect(hugeState.playback != nil && hugeState.playback?.queue == nil)
        #expect(hugeState.listening == ListeningSettings(repeatMode: .all), "a setting that cannot be read is its default")
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

/// A random number generator that gives the same numbers for the same seed (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
