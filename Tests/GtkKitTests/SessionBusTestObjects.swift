import Foundation
import Testing
import TestSupport
@testable import GtkKit

/// A command run while the test turns the GLib loop (the service answers from it), its
/// output going to files that can be read at any time.
@MainActor
final class Command {
    let status: () -> Int32?
    private let process = Process()
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bus-test-\(UUID().uuidString)")

    init(_ arguments: [String]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["out", "err"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(file).path, contents: nil)
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("out"))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("err"))
        try process.runWithSignalsUnblocked()
        status = { [process] in process.isRunning ? nil : process.terminationStatus }
    }

    var output: String { read("out") }
    var errorOutput: String { read("err") }

    private func read(_ file: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    /// Waits for the command to exit; its status.
    func finish() async throws -> Int32 {
        #expect(await MainLoopDriver.run(until: { status() != nil }), "\(process.arguments ?? []) did not finish")
        return try #require(status())
    }

    isolated deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A player answering MPRIS (and the test interface's Echo), recording what it was asked.
@MainActor
final class FakePlayer: SessionBusObject {
    struct Call: Equatable {
        let interface: String, method: String, arguments: [DBusValue]
    }

    var calls: [Call] = []
    var volume = 1.0
    var propertiesSet: [String] = []

    static let metadata: [String: DBusValue] = [
        "mpris:trackid": .objectPath("/io/github/bluelibrary/Track/7"),
        "mpris:length": .int64(180_000_000),
        "xesam:title": .string("Blue Train"),
        "xesam:artist": .strings(["John Coltrane"]),
    ]

    func call(interface: String, method: String, arguments: [DBusValue]) throws(DBusError) -> [DBusValue] {
        calls.append(Call(interface: interface, method: method, arguments: arguments))
        switch method {
        case "Seek", "SetPosition", "Play": return []
        case "OpenUri": throw .notSupported("No URIs here")
        case "Echo":
            guard case .dictionary(let entries)? = arguments.first else { throw .invalidArgs("No dictionary") }
            return [.dictionary(entries), .strings(entries.keys.sorted())]
        case "Broken": return [.objectPath("not a path")]
        default: throw .unknownMethod(method)
        }
    }

    func property(interface: String, name: String) -> DBusValue? {
        switch name {
        case "PlaybackStatus": .string("Playing")
        case "Metadata": .dictionary(Self.metadata)
        case "Volume": .double(volume)
        case "SupportedUriSchemes": .strings(["file"])
        default: nil  // Rate, among others: left out
        }
    }

    func setProperty(interface: String, name: String, value: DBusValue) -> Bool {
        propertiesSet.append(name)
        guard name == "Volume", case .double(let volume) = value, (0...1).contains(volume) else { return false }
        self.volume = volume
        return true
    }
}
