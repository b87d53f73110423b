import Foundation
import Fixtures
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The real app as a screen reader (Orca) reads it: its accessible tree over AT-SPI, on a
/// private D-Bus session bus, read with pyatspi (`Tests/Scripts/accessible_tree.py`).
@Suite(.serialized)
struct AccessibilityTests {
    @Test func aScreenReaderHearsTheFocusedCoverTheValuesWithTheirTitlesAndTheToast() async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let folders = TestFolders()
            try folders.writeLibrary(String(decoding: try AlbumList.encode((0..<12).map(sampleAlbum)), as: UTF8.self))
            // Notices kept until closed: the tree is read while the toast is on show.
            try folders.writeState(#"{"selectedIndex": 3, "preferences": {"keepsNoticesUntilClosed": true}}"#)
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true)
            _ = try await app.report { $0.selectedCoverHasFocus }

            var tree = try await AccessibleNode.read(app, bus: bus)
            let focused = try #require(tree.first { $0.states.contains("focused") }, "something has the focus")
            #expect(focused.role == "table cell")
            #expect(focused.name == "Album 3 by Artist 3")
            #expect(focused.states.contains("selected"))
            let covers = tree.filter { $0.role == "table cell" }.flatMap(\.descendants)
            let classNames = (covers + tree.filter { $0.role == "label" }).filter { $0.name.hasPrefix("Gtk") }.map { "\($0.role) \($0.name)" }
            #expect(classNames.isEmpty, "no cover part or label is named after its GTK class")
            let labels = tree.filter { $0.role == "label" }.map(\.name)
            #expect(labels.contains("Genre: Genre"), "a value is heard with its title; labels: \(labels)")
            #expect(labels.contains("Year: 1953"))
            #expect(!labels.contains("Genre"), "a title is not heard twice")
            #expect(tree.filter { $0.name == "Undo" && $0.role == "push button" }.count == 1, "the toolbar's; the hidden toast's is not there")
            #expect(!tree.contains { $0.name == "Dismiss" })
            #expect(!tree.contains { $0.role == "alert" })
            #expect(!labels.contains("No album selected"), "the hidden empty state is not there")

            try await app.press("Delete")
            _ = try await app.report { $0.toast != nil }
            tree = try await AccessibleNode.read(app, bus: bus)
            let alert = try #require(tree.first { $0.role == "alert" }, "the toast is an alert, read out when shown")
            #expect(alert.descendants.contains { $0.name.contains("Album 3") && $0.name.contains("deleted") })
            // libadwaita puts the toast's buttons beside its title, not inside it.
            let buttons = tree.filter { $0.role == "push button" }.map(\.name)
            #expect(buttons.filter { $0 == "Undo" }.count == 2, "the toolbar's and the toast's: \(buttons)")
            #expect(buttons.allSatisfy { !$0.isEmpty && !$0.hasPrefix("Gtk") && !$0.contains("_") }, "every button is named: \(buttons)")
            #expect(tree.contains { $0.name == "Dismiss" && $0.role == "push button" }, "the toast's close button is named")

            app.process.terminate()
            #expect(try await app.waitForExit() == 0)
        }
    }

    /// Main menu ▸ About BlueLibrary opens libadwaita's About window, which a screen reader
    /// reads with the app's name, version and where to report an issue; Escape closes it.
    @Test func theAboutWindowTellsTheNameTheVersionAndWhereToReportAnIssue() async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let app = try AppProcess(folders: TestFolders(), bus: bus.address, accessible: true)
            _ = try await app.report { $0.selectedCoverHasFocus }
            try await app.press("F10")
            _ = try await app.report { $0.mainMenuOpen }  // keys sent before it opens go to the strip
            try await app.press("Up", "Up", "Return")  // the last section: …, About, Quit
            let about = try await app.window(titled: "About")

            let names = try await AccessibleNode.read(app, bus: bus).map(\.name)
            #expect(names.contains(AppInfo.version), "the version is heard: \(names)")
            #expect(names.contains("Report an Issue"), "and where to report one: \(names)")
            try await app.press("Escape", inWindow: about)
            #expect(try await app.waitUntilGone(titled: "About"), "Escape closes it")
            app.process.terminate()
            #expect(try await app.waitForExit() == 0)
        }
    }

    /// Ctrl+comma opens Preferences, whose switches a screen reader hears by its row's title
    /// (once: libadwaita names it); Space turns it on, and the state file keeps it.
    @Test func thePreferencesSwitchIsHeardByItsTitleAndSpaceTurnsItOn() async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let folders = TestFolders()
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true)
            _ = try await app.report { $0.selectedCoverHasFocus }
            try await app.press("ctrl+comma")
            let preferences = try await app.window(titled: "Preferences")

            let tree = try await AccessibleNode.read(app, bus: bus)
            let switches = tree.filter { $0.role == "check box" || $0.role == "switch" }
            #expect(switches.map(\.name) == ["Keep Playing When the Window Is Closed", "Normalize Volume (ReplayGain)", "Keep Notices Until Closed"], "\(switches.map(\.name))")
            try await app.press("space", inWindow: preferences)  // the row has the focus
            let said = { (try? String(contentsOf: folders.locations.stateFile, encoding: .utf8)) ?? "" }
            let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
            while !said().contains("\"keepsPlayingWhenWindowIsClosed\" : true") {
                try #require(ContinuousClock.now < deadline, "the preference saved: \(said())")
                try await Task.sleep(for: .milliseconds(50))  // another process writes the file
            }
            try await app.press("ctrl+q", inWindow: preferences)
            #expect(try await app.waitForExit() == 0, "Ctrl+Q works from Preferences too")
        }
    }

    /// A library damaged while the app was away is repaired at launch, and the dialog that
    /// says so is heard with its button named as it reads, "Close" (GTK 4.8 made it "_Close
    /// Close", the raw mnemonic label and then the label's text); Escape closes it.
    @Test func theRepairDialogsButtonIsHeardAsItReads() async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let folders = TestFolders()
            try folders.write("not a database, but a text file of that name", to: folders.locations.databaseFile)
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true)
            _ = try await app.report { $0.problem != nil }
            let dialog = try await app.window(titled: "Your Library Needed Repair")

            let tree = try await AccessibleNode.read(app, bus: bus)
            let window = try #require(tree.first { $0.name == "Your Library Needed Repair" && !$0.descendants.isEmpty }, "the dialog's window")
            let buttons = window.descendants.filter { $0.role == "push button" }.map(\.name)
            // libadwaita 1.2 makes each response's button twice, for a wide and a narrow layout.
            #expect(!buttons.isEmpty && buttons.allSatisfy { $0 == "Close" }, "the dialog's one response, heard as it reads: \(buttons)")
            try await app.press("Escape", inWindow: dialog)
            _ = try await app.report { $0.problem == nil }
            app.process.terminate()
            #expect(try await app.waitForExit() == 0)
        }
    }

    @Test func theSearchFieldIsNamedAndSaysHowManyAlbumsMatch() async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let folders = TestFolders()
            try folders.writeLibrary(BrowsingWindowTests.albums)
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true)
            _ = try await app.report { $0.selectedCoverHasFocus }
            try await app.type("blue", inWindow: try await app.windowID())
            _ = try await app.report { $0.albumCount == 2 }

            let tree = try await AccessibleNode.read(app, bus: bus)
            let field = try #require(tree.first { $0.role == "entry" && $0.name == "Search albums" }, "the search field, named")
            #expect(field.states.contains("focused"))
            #expect(field.description == "2 albums match", "heard with the field: \(field.description)")
            #expect(tree.contains { $0.role == "combo box" && $0.name == "Genre" })
            #expect(tree.contains { $0.role == "combo box" && $0.name == "Decade" })
            #expect(tree.contains { $0.role == "push button" && $0.name == "Search" && $0.states.contains("pressed") })
            #expect(tree.filter { $0.role == "table cell" }.map(\.name) == ["Blue by Joni Mitchell", "Kind of Blue by Miles Davis"])
            app.process.terminate()
            #expect(try await app.waitForExit() == 0)
        }
    }

    @Test func everyFieldOfTheAlbumDialogIsNamedAndAWrongYearIsHeardWithWhy() async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let app = try AppProcess(folders: TestFolders(), bus: bus.address, accessible: true)
            _ = try await app.report { $0.selectedCoverHasFocus }
            try await app.press("ctrl+n")
            _ = try await app.report { $0.editor != nil }
            let dialog = try await app.window(titled: "Add Album")
            for key in ["Tab", "Tab", "Tab"] { try await app.press(key, inWindow: dialog) }
            try await app.type("19x2", inWindow: dialog)
            _ = try await app.report { $0.editor?.messages.isEmpty == false }

            let tree = try await AccessibleNode.read(app, bus: bus)
            let fields = tree.filter { $0.role == "text" }
            #expect(fields.map(\.name) == ["Title", "Artist", "Genre", "Year", "Cover address"], "\(fields.map(\.name))")
            let year = try #require(fields.first { $0.name == "Year" })
            #expect(year.states.contains("invalid"), "\(year.states)")
            #expect(try #require(fields.first).states.contains("invalid") == false, "the title is not wrong yet")
            #expect(year.description == AlbumForm.message(for: .yearInvalid))
            let buttons = tree.filter { $0.role == "push button" }.map(\.name)
            for name in ["Cancel", "Add", "Choose Image…", "Edit…", "Add Album"] {
                #expect(buttons.contains(name), "\(name) in \(buttons)")
            }
            try await app.press("Escape", inWindow: dialog)
            _ = try await app.report { $0.editor == nil }
            app.process.terminate()
            #expect(try await app.waitForExit() == 0)
        }
    }
}

// MARK: - AccessibleNode

/// One object of an accessible tree, as `accessible_tree.py` prints it.
struct AccessibleNode: Decodable {
    var role: String
    var name: String
    var description: String
    var states: [String]
    /// Where the object lies in its window's frame (`nil` for one that is not on screen as a
    /// component): `ContrastTests` finds the texts it measures with it.
    var extents: Extents?
    var children: [AccessibleNode]

    /// A rectangle relative to the window's frame, in application pixels.
    struct Extents: Decodable, Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// This node's descendants, depth first.
    var descendants: [AccessibleNode] {
        children.flatMap { [$0] + $0.descendants }
    }

    /// The app's tree: every node, depth first.
    static func read(_ app: AppProcess, bus: SessionBus) async throws -> [AccessibleNode] {
        let script = Repository.root.appendingPathComponent("Tests/Scripts/accessible_tree.py").path
        let output = try await AppProcess.run(
            ["env", "DBUS_SESSION_BUS_ADDRESS=\(bus.address)", "AT_SPI_BUS_ADDRESS=\(try bus.accessibilityBusAddress())",
             "/usr/bin/python3", script, "\(app.process.processIdentifier)"])
        let root = try #require(try? JSONDecoder().decode(AccessibleNode.self, from: Data(output.utf8)),
                                "accessible_tree.py printed no tree: \(output.prefix(2_000))")
        return [root] + root.descendants
    }
}

// MARK: - Playing

extension AccessibilityTests {
    /// A screen reader hears the track list with each track's number, title and length, the
    /// track and the album playing, and the play bar's controls by what they do.
    @Test func aScreenReaderHearsTheTracksAndThePlayBar() async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let folders = TestFolders()
            let music = folders.root.appendingPathComponent("Music/Heard", isDirectory: true)
            try ToneAlbumMaker.makeContinuousToneAlbum(in: music, album: "Heard", artist: "Sine", trackFrames: [44_100 * 120, 44_100 * 30])
            // Part 1 plays on for as long as a loaded machine takes to read the tree.
            let pulse = try PrivatePulseAudio()
            defer { pulse.stop() }
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true, arguments: [music.path], environment: pulse.environment)
            _ = try await app.report { $0.tracks.count == 2 && $0.importProgress == nil }
            try await app.press("ctrl+space")
            _ = try await app.report { $0.playback?.status == "playing" }

            let tree = try await AccessibleNode.read(app, bus: bus)
            let tracks = try #require(tree.first { $0.role == "list" && $0.name == "Tracks" }, "the track list is named")
            #expect(tracks.descendants.filter { $0.role == "list item" }.map(\.name) == ["1, Part 1, 2:00, playing", "2, Part 2, 0:30"])
            #expect(tree.contains { $0.role == "table cell" && $0.name == "Heard by Sine, playing" }, "the strip says which album plays")
            let bar = try #require(tree.first { $0.name == "Now Playing" }, "the play bar is a named group")
            let buttons = bar.descendants.filter { $0.role == "push button" }.map(\.name)
            #expect(buttons == ["Previous Track", "Pause", "Next Track", "Shuffle", "Repeat: Off", "Volume", "Queue", "Queue"])
            #expect(bar.descendants.contains { $0.role == "slider" && $0.name == "Position" })
            #expect(bar.descendants.contains { $0.role == "label" && $0.name == "Part 1" })

            try await app.press("ctrl+q")
            #expect(try await app.waitForExit() == 0)
        }
    }
}
