import Foundation
import Testing
import TestSupport
@testable import GtkKit

@MainActor
@Suite(.serialized)
struct SessionBusServiceTests {
    static let name = "org.mpris.MediaPlayer2.bluelibrary_test"
    static let path = "/org/mpris/MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"
    static let testXML = """
        <node><interface name="io.github.bluelibrary.Test">
          <method name="Echo"><arg type="a{sv}" direction="in"/><arg type="a{sv}" direction="out"/><arg type="as" direction="out"/></method>
          <method name="Broken"><arg type="o" direction="out"/></method>
        </interface></node>
        """

    init() throws {
        try #require(MainLoopDriver.start(), "GTK needs a display: run the tests under xvfb-run")
    }

    static func mprisXML() throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent("Resources/org.mpris.MediaPlayer2.xml"), encoding: .utf8)
    }

    /// A service on `bus` exporting `object`, once published.
    func publish(_ object: SessionBusObject, on bus: SessionBus, xml: String? = nil) async throws -> SessionBusService {
        let service = try SessionBusService(name: Self.name, path: Self.path, introspectionXML: try xml ?? Self.mprisXML(),
                                            object: object, busAddress: bus.address)
        try #require(await MainLoopDriver.run(until: { service.isPublished }), "the service was not published")
        return service
    }

    /// `gdbus call` from another process: its status, standard output and error.
    func call(_ bus: SessionBus, _ method: String, _ arguments: String..., destination: String = Self.name,
              path: String = Self.path) async throws -> (status: Int32, output: String, error: String) {
        // The reply is waited for up to the hang guard: under a sanitizer and a loaded machine the
        // service's main loop can take longer than D-Bus's 25-second default to answer.
        let command = try Command(["gdbus", "call", "--timeout", "120", "--address", bus.address,
                                   "--dest", destination, "--object-path", path, "--method", method] + arguments)
        let status = try await command.finish()
        return (status, command.output, command.errorOutput)
    }

    func nameHasOwner(_ bus: SessionBus) async throws -> String {
        try await call(bus, "org.freedesktop.DBus.NameHasOwner", Self.name, destination: "org.freedesktop.DBus",
                       path: "/org/freedesktop/DBus").output
    }

    // MARK: Values

    @Test func valuesRoundTripThroughGVariant() throws {
        let metadata = DBusValue.dictionary(FakePlayer.metadata.merging([
            "xesam:trackNumber": .int32(3), "xesam:useCount": .uint32(2), "size": .uint64(1 << 40),
            "rating": .double(0.5), "liked": .bool(true), "boxed": .variant(.string("x")), "genres": .strings([]),
            "nested": .dictionary(["a": .array(elementSignature: "as", [.strings(["b"])])]),
        ]) { $1 })
        #expect(metadata.signature == "a{sv}")
        let text = try #require(metadata.gVariantText)
        #expect(DBusValue(gVariantText: text) == metadata)

        let small = DBusValue.dictionary(["a": .int64(5), "b": .strings(["x", "y"]), "c": .objectPath("/p"), "d": .string("é")])
        #expect(small.gVariantText == "{'a': <int64 5>, 'b': <['x', 'y']>, 'c': <objectpath '/p'>, 'd': <'é'>}")
        #expect(DBusValue.strings([]).gVariantText == "@as []")
        #expect(DBusValue.array(elementSignature: "v", [.int32(1), .variant(.string("x"))]).gVariantText == "[<1>, <'x'>]")

        // Nothing GLib would reject reaches it; types without a case read as nil.
        #expect(DBusValue.objectPath("not a path").gVariantText == nil)
        #expect(DBusValue.dictionary(["p": .objectPath("")]).gVariantText == nil)
        #expect(DBusValue.array(elementSignature: "s", [.string("a"), .int32(1)]).gVariantText == nil)
        #expect(DBusValue.array(elementSignature: "(s", []).gVariantText == nil)
        #expect(DBusValue.array(elementSignature: "ms", []).gVariantText == nil)
        #expect(DBusValue(gVariantText: "(1, 'a')") == nil)
        #expect(DBusValue(gVariantText: "{'a': 'b'}") == nil)
    }

    // MARK: Calls

    @Test func methodsAreCalledFromAnotherProcess() async throws {
        let bus = try SessionBus()
        let player = FakePlayer()
        let service = try SessionBusService(name: Self.name, path: Self.path, introspectionXML: try Self.mprisXML(),
                                            object: player, busAddress: bus.address)
        var published = 0
        service.onPublished = { published += 1 }
        try #require(await MainLoopDriver.run(until: { service.isPublished }))
        #expect(published == 1)

        let seek = try await call(bus, "\(Self.player).Seek", "5000000")
        #expect(seek.status == 0 && seek.output == "()\n", "\(seek.error)")
        let setPosition = try await call(bus, "\(Self.player).SetPosition", "'/io/github/bluelibrary/Track/7'", "1000")
        #expect(setPosition.status == 0, "\(setPosition.error)")
        #expect(player.calls == [
            .init(interface: Self.player, method: "Seek", arguments: [.int64(5_000_000)]),
            .init(interface: Self.player, method: "SetPosition",
                  arguments: [.objectPath("/io/github/bluelibrary/Track/7"), .int64(1000)]),
        ])

        let openUri = try await call(bus, "\(Self.player).OpenUri", "file:///a.flac")
        #expect(openUri.status != 0 && openUri.error.contains("org.freedesktop.DBus.Error.NotSupported: No URIs here"))
        let raise = try await call(bus, "org.mpris.MediaPlayer2.Raise")
        #expect(raise.status != 0 && raise.error.contains("org.freedesktop.DBus.Error.UnknownMethod"))
        // Not in the XML: GDBus answers without asking the object.
        let calls = player.calls.count
        let undeclared = try await call(bus, "\(Self.player).Explode")
        #expect(undeclared.status != 0 && undeclared.error.contains("org.freedesktop.DBus.Error.UnknownMethod"))
        #expect(player.calls.count == calls)
        service.unpublish()
    }

    @Test func repliesCarryValuesAndAnUnsendableOneIsAnError() async throws {
        let bus = try SessionBus()
        let object = FakePlayer()
        let service = try await publish(object, on: bus, xml: Self.testXML)
        let echo = try await call(bus, "io.github.bluelibrary.Test.Echo", "{'n': <int64 5>, 'p': <objectpath '/a'>, 's': <['x']>}")
        #expect(echo.output == "({'n': <int64 5>, 'p': <objectpath '/a'>, 's': <['x']>}, ['n', 'p', 's'])\n", "\(echo.error)")
        #expect(object.calls.first?.arguments == [.dictionary(["n": .int64(5), "p": .objectPath("/a"), "s": .strings(["x"])])])
        let broken = try await call(bus, "io.github.bluelibrary.Test.Broken")
        #expect(broken.status != 0 && broken.error.contains("org.freedesktop.DBus.Error.Failed"))
        service.unpublish()
    }

    // MARK: Properties

    @Test func propertiesAreReadAndWrittenFromAnotherProcess() async throws {
        let bus = try SessionBus()
        let player = FakePlayer()
        let service = try await publish(player, on: bus)
        let get = "org.freedesktop.DBus.Properties.Get", set = "org.freedesktop.DBus.Properties.Set"

        #expect(try await call(bus, get, Self.player, "PlaybackStatus").output == "(<'Playing'>,)\n")
        let metadata = try await call(bus, get, Self.player, "Metadata").output
        #expect(metadata.contains("'mpris:trackid': <objectpath '/io/github/bluelibrary/Track/7'>"))
        #expect(metadata.contains("'mpris:length': <int64 180000000>") && metadata.contains("'xesam:artist': <['John Coltrane']>"))
        let all = try await call(bus, "org.freedesktop.DBus.Properties.GetAll", Self.player)
        #expect(all.output.contains("'PlaybackStatus': <'Playing'>") && all.output.contains("'Volume': <1.0>"), "\(all)")
        #expect(!all.output.contains("'Rate'"))  // the object has no value: left out
        let rate = try await call(bus, get, Self.player, "Rate")
        #expect(rate.status != 0 && rate.error.contains("org.freedesktop.DBus.Error.UnknownProperty"))

        #expect(try await call(bus, set, Self.player, "Volume", "<0.25>").status == 0)
        #expect(player.volume == 0.25)
        let refused = try await call(bus, set, Self.player, "Volume", "<2.0>")
        #expect(refused.status != 0 && refused.error.contains("org.freedesktop.DBus.Error.InvalidArgs"))
        #expect(player.volume == 0.25)
        // Read-only, or of the wrong type: GDBus refuses without asking the object.
        #expect(try await call(bus, set, Self.player, "PlaybackStatus", "<'Paused'>").status != 0)
        #expect(try await call(bus, set, Self.player, "Volume", "<'loud'>").status != 0)
        #expect(player.propertiesSet == ["Volume", "Volume"])
        service.unpublish()
    }

    // MARK: Signals

    @Test func signalsReachListeners() async throws {
        let bus = try SessionBus()
        let service = try await publish(FakePlayer(), on: bus)
        let monitor = try Command(["dbus-monitor", "--address", bus.address, "type='signal',path='\(Self.path)'"])
        // A monitor is told it lost its own name once the bus monitors for it.
        try #require(await MainLoopDriver.run(until: { monitor.output.contains("member=NameLost") }), "\(monitor.errorOutput)")

        service.emitPropertiesChanged(interface: Self.player, changed: ["PlaybackStatus": .string("Paused")], invalidated: ["Metadata"])
        service.emitSignal(interface: Self.player, name: "Seeked", arguments: [.int64(5_000_000)])
        try #require(await MainLoopDriver.run(until: { monitor.output.contains("int64 5000000") }), "\(monitor.output)")
        let changed = try #require(monitor.output.components(separatedBy: "member=PropertiesChanged").last)
        for text in ["string \"\(Self.player)\"", "string \"PlaybackStatus\"", "string \"Paused\"", "string \"Metadata\"", "member=Seeked"] {
            #expect(changed.contains(text), "\(text) in \(changed)")
        }
        service.unpublish()
    }

    // MARK: Lifetime

    @Test func unpublishingReleasesTheNameAndTheObjectIsHeldWeakly() async throws {
        let bus = try SessionBus()
        weak var weakPlayer: FakePlayer?
        var player: FakePlayer? = FakePlayer()
        weakPlayer = player
        let service = try await publish(try #require(player), on: bus)
        #expect(try await nameHasOwner(bus) == "(true,)\n")
        player = nil
        #expect(weakPlayer == nil)
        let play = try await call(bus, "\(Self.player).Play")
        #expect(play.status != 0 && play.error.contains("org.freedesktop.DBus.Error.UnknownObject"))

        service.unpublish()
        #expect(!service.isPublished)
        #expect(try await nameHasOwner(bus) == "(false,)\n")
        service.emitSignal(interface: Self.player, name: "Seeked", arguments: [.int64(1)])  // nothing to emit from

        let again = FakePlayer()
        do { _ = try await publish(again, on: bus) }  // released at once
        #expect(try await nameHasOwner(bus) == "(false,)\n")
    }

    @Test func anObjectThatCannotBeExportedIsNotPublished() async throws {
        let bus = try SessionBus()
        let xml = "<node><interface name='a.B'><method name='C'/></interface><interface name='a.B'/></node>"
        let service = try SessionBusService(name: Self.name, path: Self.path, introspectionXML: xml, object: FakePlayer(),
                                            busAddress: bus.address)
        #expect(service.isUnavailable && !service.isPublished)
        #expect(try await nameHasOwner(bus) == "(false,)\n")
    }

    @Test func withoutABusItQuietlyStaysUnpublished() async throws {
        // MainLoopDriver set DBUS_SESSION_BUS_ADDRESS to "disabled:": no session bus.
        let player = FakePlayer()
        let service = try SessionBusService(name: Self.name, path: Self.path, introspectionXML: try Self.mprisXML(), object: player)
        #expect(await MainLoopDriver.run(until: { service.isUnavailable }))
        #expect(!service.isPublished)
        service.emitPropertiesChanged(interface: Self.player, changed: ["Volume": .double(1)])

        let unreachable = try SessionBusService(name: Self.name, path: Self.path, introspectionXML: try Self.mprisXML(),
                                                object: player, busAddress: "unix:path=/nonexistent/bus")
        #expect(unreachable.isUnavailable && !unreachable.isPublished)
    }

    @Test func rejectsInvalidNamesPathsAndXML() throws {
        let player = FakePlayer()
        let xml = try Self.mprisXML()
        #expect(throws: DBusError.self) { try SessionBusService(name: ":1.4", path: Self.path, introspectionXML: xml, object: player) }
        #expect(throws: DBusError.self) { try SessionBusService(name: "nodots", path: Self.path, introspectionXML: xml, object: player) }
        #expect(throws: DBusError.self) { try SessionBusService(name: Self.name, path: "relative/path", introspectionXML: xml, object: player) }
        #expect(throws: DBusError.self) { try SessionBusService(name: Self.name, path: Self.path, introspectionXML: "<node><interface", object: player) }
        #expect(throws: DBusError.self) { try SessionBusService(name: Self.name, path: Self.path, introspectionXML: "<node/>", object: player) }
    }
}
