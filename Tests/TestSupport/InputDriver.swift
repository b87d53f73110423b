import Foundation

/// Delivers real input events to a window through the X server with `xdotool` (XTest), so
/// GTK receives them as it would from a user.
public struct InputDriver: Sendable {
    /// The X11 window that receives the events.
    public let windowID: UInt

    public init(windowID: UInt) {
        self.windowID = windowID
    }

    /// The xdotool arguments that click `button` (1 primary, 3 secondary) at `(x, y)` of the window.
    public func click(x: Double, y: Double, button: Int = 1) -> [String] {
        focus() + ["mousemove", "--window", "\(windowID)", "\(Int(x.rounded()))", "\(Int(y.rounded()))", "click", "\(button)"]
    }

    /// The xdotool arguments that press and release `keys` (e.g. "Right", "ctrl+z").
    public func press(_ keys: String...) -> [String] {
        focus() + ["key", "--clearmodifiers"] + keys
    }

    /// The xdotool arguments that type `text` as key presses.
    public func type(_ text: String) -> [String] {
        focus() + ["type", "--clearmodifiers", "--delay", "15", text]
    }

    /// The xdotool arguments that double-click the primary button at `(x, y)` of the window.
    public func doubleClick(x: Double, y: Double) -> [String] {
        focus() + ["mousemove", "--window", "\(windowID)", "\(Int(x.rounded()))", "\(Int(y.rounded()))", "click", "--repeat", "2", "--delay", "80", "1"]
    }

    /// The xdotool arguments that turn the mouse wheel `clicks` times (positive: down/right).
    public func wheel(clicks: Int, atX x: Double, y: Double) -> [String] {
        let button = clicks > 0 ? "5" : "4"
        return focus() + ["mousemove", "--window", "\(windowID)", "\(Int(x))", "\(Int(y))",
                          "click", "--repeat", "\(abs(clicks))", "--delay", "20", button]
    }

    /// The xdotool arguments that resize the window.
    public func resize(width: Int, height: Int) -> [String] {
        ["windowsize", "--sync", "\(windowID)", "\(width)", "\(height)"]
    }

    private func focus() -> [String] {
        ["windowfocus", "--sync", "\(windowID)"]
    }

    /// Starts xdotool with `arguments`; the caller keeps the loop running until it exits.
    public static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        try process.run()
        return process
    }
}
