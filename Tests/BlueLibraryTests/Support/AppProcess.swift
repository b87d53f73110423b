import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
import WindowDiagnostics

/// The real `bluelibrary` binary, run on temporary XDG folders, observed through the report
/// it writes to `$BLUELIBRARY_STATE_REPORT`, and driven with xdotool. What it prints goes to
/// a file; a GLib or GTK critical in it fails the test when the app exits.
final class AppProcess: @unchecked Sendable {
    /// The binary `swift build` made next to the test runner.
    static let binary = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("bluelibrary")
    /// GStreamer's registry for every launch, beside the binary. A launch with an empty cache
    /// folder would otherwise scan every plugin again (a third of a second, more under load);
    /// GStreamer rescans by itself when a plugin changes, and replaces the file atomically.
    static let gstreamerRegistry = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("gstreamer-registry.bin")

    let process = Process()
    let reportFile: URL
    /// What the app printed (standard output and error).
    let logFile: URL

    /// Launches the app; `bus` is a D-Bus session address (single-instance needs one, and so
    /// does `accessible`: the app then exports its accessible tree over AT-SPI, on the
    /// accessibility bus that bus's AT-SPI launcher runs).
    /// `environment` adds variables to (or replaces them in) the app's environment, such as
    /// `ADW_DEBUG_COLOR_SCHEME` to choose libadwaita's light or dark style.
    ///
    /// The app draws with GTK's Cairo renderer, as the in-process tests do, whichever test ran
    /// first (the app inherited the test runner's choice): under Xvfb, GTK's default renderer is
    /// GL on Mesa's llvmpipe, which made the large-cover test's memory depend on the order the
    /// tests ran in (584 MiB under ThreadSanitizer with GL, 228 MiB with Cairo).
    /// `binary` runs another copy of the app than the one built next to the tests (an
    /// installed one, say).
    init(folders: TestFolders, bus: String? = nil, accessible: Bool = false, arguments: [String] = [],
         environment extra: [String: String] = [:], binary other: URL? = nil) throws {
        let binary = try #require(other ?? Self.binary, "no bluelibrary binary next to the tests")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build bluelibrary first (swift build)")
        try FileManager.default.createDirectory(at: folders.root, withIntermediateDirectories: true)
        let run = UUID().uuidString
        reportFile = folders.root.appendingPathComponent("report-\(run).json")
        logFile = folders.root.appendingPathComponent("output-\(run).log")
        try #require(FileManager.default.createFile(atPath: logFile.path, contents: nil))
        let output = try FileHandle(forWritingTo: logFile)
        var environment = PrivateDisplay.environment()  // the test's own display, if it has one
        environment["XDG_DATA_HOME"] = folders.root.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = folders.root.appendingPathComponent("state").path
        environment["XDG_CACHE_HOME"] = folders.root.appendingPathComponent("cache").path
        environment[StateReporter.variable] = reportFile.path
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus ?? "disabled:"
        environment["GSK_RENDERER"] = "cairo"
        environment["GST_REGISTRY"] = Self.gstreamerRegistry?.path
        if accessible {
            environment["GTK_A11Y"] = nil
            if let bus {
                environment["AT_SPI_BUS_ADDRESS"] = try SessionBus.accessibilityBusAddress(onBusAt: bus)
            }
        } else {
            environment["GTK_A11Y"] = "none"
        }
        environment.merge(extra) { _, new in new }
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        try process.runWithSignalsUnblocked()  // a test thread blocks SIGTERM, which terminate() sends
    }

    /// What the app has printed so far.
    var output: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// How the app ended, for a failure's message: its status, or the signal that ended it.
    private var ending: String {
        guard !process.isRunning else { return "is running" }
        return process.terminationReason == .uncaughtSignal
            ? "was ended by signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The latest report, once one satisfies `condition`.
    func report(where condition: @Sendable (WindowReport) -> Bool = { _ in true }, timeout: Duration = MainLoopDriver.hangGuard) async throws -> WindowReport {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let data = try? Data(contentsOf: reportFile),
               let report = try? JSONDecoder().decode(WindowReport.self, from: data), condition(report) {
                return report
            }
            try #require(process.isRunning, "bluelibrary \(ending): \(output)")
            try await Task.sleep(for: .milliseconds(25))  // another process writes the file
        }
        let last = (try? Data(contentsOf: reportFile)).map { String(decoding: $0, as: UTF8.self) } ?? "none"
        Issue.record("timed out waiting for a report; last: \(last)\nthe app's last words: \(output.suffix(6_000))")
        throw CancellationError()
    }

    /// The X11 window of the app, once it is on show: a report can describe the window a
    /// moment before a loaded X server has mapped it.
    func windowID(timeout: Duration = MainLoopDriver.hangGuard) async throws -> UInt {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let window = try await Self.mainWindows(ownedBy: process.processIdentifier).last { return window }
            try #require(process.isRunning, "bluelibrary \(ending): \(output)")
            try await Task.sleep(for: .milliseconds(50))  // another process maps it
        }
        Issue.record("no BlueLibrary window on show")
        throw AppProcessError(description: "no BlueLibrary window within \(timeout)")
    }

    /// The app windows on the display: titled BlueLibrary, and larger than a tooltip or a
    /// popover (which carry the app's title too). With `owner`, only that process's (by the
    /// `_NET_WM_PID` GTK sets): on a loaded machine, the window of an app an earlier test
    /// ended can still be on show for a while, and keys sent there are lost.
    static func mainWindows(ownedBy owner: pid_t? = nil) async throws -> [UInt] {
        let ownerFilter = owner.map { ["--all", "--pid", "\($0)"] } ?? []
        let result = try await run(["xdotool", "search", "--onlyvisible"] + ownerFilter + ["--name", "^BlueLibrary$"])
        var windows: [UInt] = []
        for id in result.split(separator: "\n").compactMap({ UInt($0) }) {
            let geometry = try await run(["xdotool", "getwindowgeometry", "--shell", "\(id)"])
            let width = geometry.split(separator: "\n").first { $0.hasPrefix("WIDTH=") }.flatMap { Int($0.dropFirst(6)) } ?? 0
            if width >= 400 { windows.append(id) }
        }
        return windows
    }

    /// Presses keys in the app's window and waits until xdotool is done.
    func press(_ keys: String...) async throws {
        let driver = InputDriver(windowID: try await windowID())
        for key in keys {
            _ = try await Self.run(["xdotool"] + driver.press(key))
        }
    }

    /// The app's X11 window titled exactly `title` (a dialog, a file chooser), once it shows.
    func window(titled title: String, timeout: Duration = MainLoopDriver.hangGuard) async throws -> UInt {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let id = try await windows(titled: title).last { return id }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw AppProcessError(description: "no window titled \(title) within \(timeout)")
    }

    /// Waits until no window of the app titled `title` is on show (a dialog closed); false
    /// if one still is after `timeout`.
    func waitUntilGone(titled title: String, timeout: Duration = MainLoopDriver.hangGuard) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await !isWindowShown(titled: title) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Whether a window of the app titled `title` is on show.
    func isWindowShown(titled title: String) async throws -> Bool {
        try await !windows(titled: title).isEmpty
    }

    /// The app's own X11 windows titled `title` on show (by the `_NET_WM_PID` GTK sets): on a
    /// loaded machine, a window of an app an earlier test ended can stay on show for a while.
    private func windows(titled title: String) async throws -> [UInt] {
        let found = try await Self.run([
            "xdotool", "search", "--onlyvisible", "--all", "--pid", "\(process.processIdentifier)", "--name", "^\(title)$",
        ])
        return found.split(separator: "\n").compactMap { UInt($0) }
    }

    /// Presses Enter in the file chooser titled `title` until it closes: GTK's chooser may
    /// take the first Enter to complete the typed name, as it does for a person typing fast.
    func accept(fileChooserTitled title: String, attempts: Int = 3) async throws {
        try await answer(windowTitled: title, pressing: "Return", attempts: attempts)
    }

    /// Presses `key` in the window titled `title` (a file chooser, a dialog) until it closes,
    /// as a person presses again when a key seems not to have been taken (after 5 seconds, at
    /// most `attempts` presses); the last press is waited on until the hang guard.
    func answer(windowTitled title: String, pressing key: String, attempts: Int = 3) async throws {
        let shown = try await window(titled: title)
        let deadline = ContinuousClock.now + MainLoopDriver.hangGuard
        for attempt in 1...max(attempts, 1) {
            if attempt == 1 {
                try await press(key, inWindow: shown)
            } else {
                try? await press(key, inWindow: shown)  // the window may have closed meanwhile
            }
            let pressAgain = attempt < attempts ? min(deadline, ContinuousClock.now + .seconds(5)) : deadline
            while ContinuousClock.now < pressAgain {
                if try await !isWindowShown(titled: title) { return }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        throw AppProcessError(description: "the window \(title) did not close on \(key)")
    }

    /// Presses keys, or types words (`text`), in the X11 window `id`.
    func press(_ keys: String..., inWindow id: UInt) async throws {
        for key in keys {
            _ = try await Self.run(["xdotool"] + InputDriver(windowID: id).press(key))
        }
    }

    func type(_ text: String, inWindow id: UInt) async throws {
        _ = try await Self.run(["xdotool"] + InputDriver(windowID: id).type(text))
    }

    /// A memory figure of the app's own process, in bytes, from `/proc/<pid>/status`:
    /// `VmRSS` (resident now) or `VmHWM` (the peak of resident memory).
    func memory(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("\(field):") }, "no \(field) in the status")
        let kibibytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""), "unreadable: \(line)")
        return kibibytes * 1024
    }

    /// The files the app's process has mapped now (`/proc/<pid>/maps`): its libraries.
    func mappedFiles() throws -> Set<String> {
        let maps = try String(contentsOfFile: "/proc/\(process.processIdentifier)/maps", encoding: .utf8)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map(String.init)
        })
    }

    /// Waits until the app has printed one of `texts` (log lines saying it reached a state),
    /// and returns the first one found; fails the test if it exits or the deadline passes first.
    @discardableResult
    func waitForOutput(_ texts: String..., timeout: Duration = MainLoopDriver.hangGuard) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let printed = output
            if let found = texts.first(where: printed.contains) { return found }
            try #require(process.isRunning, "bluelibrary exited before printing any of \(texts): \(printed)")
            try #require(ContinuousClock.now < deadline, "bluelibrary did not print any of \(texts): \(printed.suffix(6_000))")
            try await Task.sleep(for: .milliseconds(25))  // another process writes the file
        }
    }

    /// Waits for the app to exit; returns its status. Fails the test if the app logged a
    /// critical warning while it ran.
    func waitForExit(timeout: Duration = MainLoopDriver.hangGuard) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            try #require(ContinuousClock.now < deadline, "bluelibrary did not exit")
            try await Task.sleep(for: .milliseconds(25))  // another process
        }
        if process.terminationStatus != 0 {
            // A sanitizer's report, from its start; else the end of what it printed.
            let printed = output
            let report = printed.range(of: "WARNING: ThreadSanitizer").map { printed[$0.lowerBound...].prefix(12_000) }
            print("bluelibrary exited with status \(process.terminationStatus); it printed: \(report ?? printed.suffix(6_000))")
        }
        let criticals = Self.criticalWarnings(in: output)
        #expect(criticals.isEmpty, "bluelibrary logged: \(criticals.joined(separator: "\n"))")
        return process.terminationStatus
    }

    /// Each critical warning in `printed`, with the lines after it: GLib writes a warning's
    /// text on the lines that follow its "-CRITICAL **: time:" when the text holds a newline
    /// or the time alone fills the first line.
    static func criticalWarnings(in printed: String) -> [String] {
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.filter { lines[$0].contains("-CRITICAL **") }.map { start in
            lines[start..<min(start + 4, lines.endIndex)].joined(separator: "\n")
        }
    }

    /// Runs a command on the test's display and returns its standard output. The output is
    /// read on a thread of its own: the main actor goes on with the other tests meanwhile.
    @discardableResult
    static func run(_ arguments: [String]) async throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = PrivateDisplay.environment()
        process.standardOutput = output
        try process.runWithSignalsUnblocked()
        let reader = output.fileHandleForReading
        let data = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: reader.readDataToEndOfFile()) }
        }
        try? reader.close()
        while process.isRunning {
            try await Task.sleep(for: .milliseconds(5))  // it closed its output: it is ending
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A window a test waited for did not show.
struct AppProcessError: Error, CustomStringConvertible {
    let description: String
}
