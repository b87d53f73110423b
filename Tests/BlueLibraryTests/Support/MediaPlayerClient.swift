import Foundation
import Testing
import TestSupport

/// Talks to the app's MPRIS service from outside, as GNOME Shell's media controls do: over a
/// private session bus, with `gdbus` (and `playerctl`, the tool users script it with).
struct MediaPlayerClient {
    let busAddress: String
    static let name = "org.mpris.MediaPlayer2.BlueLibrary"
    static let path = "/org/mpris/MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"

    /// Calls a Player method ("PlayPause", "Seek 5000000"); returns gdbus's output.
    @discardableResult
    func call(_ method: String, _ arguments: String...) async throws -> String {
        try await gdbus(["call", "--method", "\(Self.player).\(method)"] + arguments)
    }

    /// Calls a method of the root interface ("Raise", "Quit"); returns gdbus's output.
    @discardableResult
    func callRoot(_ method: String) async throws -> String {
        try await gdbus(["call", "--method", "org.mpris.MediaPlayer2.\(method)"])
    }

    /// A property of the Player interface as gdbus prints it ("<'Playing'>").
    func property(_ name: String, interface: String = player) async throws -> String {
        try await gdbus(["call", "--method", "org.freedesktop.DBus.Properties.Get", interface, name])
    }

    /// Sets a property of the Player interface to a GVariant text ("<true>", "<'Playlist'>",
    /// "<0.5>"), as GNOME Shell or `playerctl` would.
    func set(_ name: String, to value: String) async throws {
        _ = try await gdbus(["call", "--method", "org.freedesktop.DBus.Properties.Set", Self.player, name, value])
    }

    /// Waits until the property `name` prints with `text` in it; returns what it printed.
    @discardableResult
    func waitFor(_ name: String, containing text: String, timeout: Duration = MainLoopDriver.hangGuard) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = (try? await property(name)) ?? ""
            if last.contains(text) { return last }
            try await Task.sleep(for: .milliseconds(50))  // another process
        }
        Issue.record("\(name) never contained \(text); last: \(last)")
        throw CancellationError()
    }

    /// Runs `playerctl` against the app; returns its output without the newline.
    func playerctl(_ arguments: String...) async throws -> String {
        try await AppProcess.run(["env", "DBUS_SESSION_BUS_ADDRESS=\(busAddress)", "playerctl", "--player=BlueLibrary"] + arguments)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func gdbus(_ arguments: [String]) async throws -> String {
        try await AppProcess.run(["gdbus"] + [arguments[0], "--address", busAddress, "--dest", Self.name, "--object-path", Self.path] + arguments.dropFirst())
    }
}
