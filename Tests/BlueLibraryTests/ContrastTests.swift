import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// Text stays readable in libadwaita's light and dark styles. The real app is started in each
/// style (`ADW_DEBUG_COLOR_SCHEME`, as the system's colour scheme would choose it), its texts
/// are found as a screen reader finds them (their place in the accessible tree), and a
/// screenshot gives each text's contrast with the background right behind it (WCAG 2's
/// relative luminance), which must be at least 4.5:1, WCAG AA for normal text: the strip's
/// captions (the selected one, bold on its tinted background, and another) and the properties
/// list's titles (dimmed) and values. Each run must also show the style it asked for, so that
/// measuring one style twice cannot pass.
@Suite(.serialized)
struct ContrastTests {
    /// libadwaita's two styles, as `ADW_DEBUG_COLOR_SCHEME` asks for them.
    enum Style: String, CaseIterable, Sendable {
        case light, dark

        var colorScheme: String { "prefer-\(rawValue)" }
    }

    /// WCAG 2, success criterion 1.4.3 (level AA), for text under 18 points (14 bold).
    static let minimumRatio = 4.5

    @Test(arguments: Style.allCases)
    func everyTextStandsOutFromTheBackgroundBehindIt(in style: Style) async throws {
        try await DisplayLock.ownDisplay {
            let bus = try SessionBus()
            defer { bus.stop() }
            let folders = TestFolders()
            try folders.writeLibrary(BrowsingWindowTests.albums)  // no cover address: placeholders, at once
            let app = try AppProcess(folders: folders, bus: bus.address, accessible: true,
                                     environment: ["ADW_DEBUG_COLOR_SCHEME": style.colorScheme])
            let report = try await app.report { $0.selectedCoverHasFocus && $0.spinnersRunning == 0 }
            #expect(report.isDark == (style == .dark), "the app says it is \(report.isDark ? "dark" : "light") in the \(style.rawValue) run")

            let tree = try await AccessibleNode.read(app, bus: bus)
            let window = try await WindowPlace(app: app, tree: tree)
            let screenshot = try await Screenshot.settled(of: window, in: folders)

            let items = tree.filter { $0.role == "table cell" }
            let selected = try #require(items.first { $0.states.contains("selected") }, "a cover is selected")
            let unselected = try #require(items.first { !$0.states.contains("selected") }, "more than one cover is shown")
            let properties = try #require(tree.first { $0.name == "Album properties" }?.extents, "the properties list is shown")
            let artist = try #require(tree.first { $0.role == "label" && $0.name == "Artist: David Bowie" }, "the artist's value")
            let value = try #require(artist.extents)
            let selectedCaption = try caption(of: selected)
            let otherCaption = try caption(of: unselected)
            // The titles are not in the tree (the value's name says them): a title is what lies
            // left of its value, in the value's row.
            let title = AccessibleNode.Extents(x: properties.x, y: value.y, width: value.x - properties.x, height: value.height)
            let texts: [(description: String, place: AccessibleNode.Extents)] = [
                ("the selected caption “\(selectedCaption.text)”", selectedCaption.place),
                ("the caption “\(otherCaption.text)”", otherCaption.place),
                ("the properties title “Artist”", title),
                ("the properties value “David Bowie”", value),
            ]
            var measured: [String] = []
            for text in texts {
                let contrast = screenshot.contrast(in: window.onScreen(text.place))
                measured.append("\(text.description) \(contrast)")
                #expect(contrast.ratio >= Self.minimumRatio,
                        "\(text.description) in the \(style.rawValue) style: \(contrast), below \(Self.minimumRatio):1")
            }
            print("\(style.rawValue) style: \(measured.joined(separator: "; "))")

            let behindProperties = screenshot.contrast(in: window.onScreen(value)).background
            switch style {
            case .dark: #expect(behindProperties.luminance < 0.2, "the dark style's window is \(behindProperties), not dark")
            case .light: #expect(behindProperties.luminance > 0.6, "the light style's window is \(behindProperties), not light")
            }

            app.process.terminate()
            #expect(try await app.waitForExit() == 0)
        }
    }

    /// The caption (the label under the cover) of the strip's `item`, and where it lies.
    private func caption(of item: AccessibleNode) throws -> (text: String, place: AccessibleNode.Extents) {
        let label = try #require(item.descendants.first { $0.role == "label" }, "\(item.name) has a caption")
        return (label.name, try #require(label.extents, "\(item.name)'s caption is on screen"))
    }
}

// MARK: - Where the window is

/// Where the app's window lies on the screen, to put its accessible objects' places (relative
/// to the window's frame, as GTK 4.8 gives them) on the screen.
private struct WindowPlace {
    /// The X11 window, on the screen.
    let x, y, width, height: Int
    /// Where the frame lies in the X11 window. With no compositing manager (Xvfb), GTK draws
    /// no shadow: the frame lies in the middle of an even border of its client-side decorations.
    let frameX, frameY: Int

    @MainActor
    init(app: AppProcess, tree: [AccessibleNode]) async throws {
        let frame = try #require(tree.first { $0.role == "frame" && $0.name == "BlueLibrary" }?.extents, "the window's frame")
        let geometry = try await AppProcess.run(["xdotool", "getwindowgeometry", "--shell", "\(try await app.windowID())"])
        let values = Dictionary(geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            return (String(parts[0]), value)
        }, uniquingKeysWith: { _, last in last })
        x = try #require(values["X"], "unreadable geometry: \(geometry)")
        y = try #require(values["Y"], "unreadable geometry: \(geometry)")
        width = try #require(values["WIDTH"], "unreadable geometry: \(geometry)")
        height = try #require(values["HEIGHT"], "unreadable geometry: \(geometry)")
        frameX = (width - frame.width) / 2
        frameY = (height - frame.height) / 2
        try #require(frameX >= 0 && frameY >= 0, "a \(frame.width) × \(frame.height) frame in a \(width) × \(height) window")
    }

    /// `place`, relative to the frame, as a place in a screenshot of the X11 window.
    func onScreen(_ place: AccessibleNode.Extents) -> AccessibleNode.Extents {
        .init(x: frameX + place.x, y: frameY + place.y, width: place.width, height: place.height)
    }
}

// MARK: - Screenshots

/// A picture of the app's window as the screen shows it, taken with ImageMagick's `import`.
private struct Screenshot: Equatable {
    let width: Int
    let height: Int
    /// Red, green and blue, a byte each, row by row.
    let pixels: [UInt8]

    /// A screenshot of `window` once two in a row are the same: the window is drawn and has
    /// stopped changing (the frames after the report's change, and any transition, are done).
    @MainActor
    static func settled(of window: WindowPlace, in folders: TestFolders, timeout: Duration = MainLoopDriver.hangGuard) async throws -> Screenshot {
        let file = folders.root.appendingPathComponent("screenshot.ppm")
        let deadline = ContinuousClock.now + timeout
        var last: Screenshot?
        while ContinuousClock.now < deadline {
            try? FileManager.default.removeItem(at: file)
            try await AppProcess.run(["import", "-silent", "-window", "root",
                                      "-crop", "\(window.width)x\(window.height)+\(window.x)+\(window.y)", "+repage",
                                      "-depth", "8", "ppm:\(file.path)"])
            let data = try #require(try? Data(contentsOf: file), "no screenshot: install ImageMagick (scripts/install-dependencies --tests)")
            let shot = try #require(Screenshot(ppm: data), "unreadable screenshot")
            if shot == last { return shot }
            last = shot
        }
        Issue.record("the window kept changing for \(timeout)")
        throw CancellationError()
    }

    /// Reads a binary PPM (P6) with 8 bits a channel.
    init?(ppm data: Data) {
        let bytes = [UInt8](data)
        var index = 0
        var fields: [Int] = []
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        index = 2
        while fields.count < 3 {
            while index < bytes.count, bytes[index] == UInt8(ascii: "#") || Character(UnicodeScalar(bytes[index])).isWhitespace {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                }
                index += 1
            }
            var number = 0
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            fields.append(number)
        }
        index += 1  // the one whitespace before the pixels
        let (width, height, maximum) = (fields[0], fields[1], fields[2])
        guard maximum == 255, bytes.count - index >= width * height * 3 else { return nil }
        self.width = width
        self.height = height
        pixels = Array(bytes[index..<(index + width * height * 3)])
    }

    /// The contrast of the text in `place` (a text's place in the screenshot): the background
    /// is the colour most of the place has, the text's colour the one farthest from it in
    /// luminance (the cores of the glyphs, which antialiasing leaves in the text's own colour).
    func contrast(in place: AccessibleNode.Extents) -> Contrast {
        var counts: [Colour: Int] = [:]
        let columns = max(place.x, 0)..<min(place.x + place.width, width)
        let rows = max(place.y, 0)..<min(place.y + place.height, height)
        for y in rows {
            for x in columns {
                let offset = (y * width + x) * 3
                counts[Colour(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2]), default: 0] += 1
            }
        }
        guard let background = counts.max(by: { $0.value < $1.value })?.key else {
            return Contrast(background: Colour(red: 0, green: 0, blue: 0), text: Colour(red: 0, green: 0, blue: 0))
        }
        let text = counts.keys.max { abs($0.luminance - background.luminance) < abs($1.luminance - background.luminance) } ?? background
        return Contrast(background: background, text: text)
    }
}

/// A colour of the screen, in sRGB.
private struct Colour: Hashable, CustomStringConvertible {
    var red, green, blue: UInt8

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    var description: String {
        "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
    }
}

/// A text's colour against its background.
private struct Contrast: CustomStringConvertible {
    var background: Colour
    var text: Colour

    /// WCAG 2's contrast ratio, from 1 (the same) to 21 (black on white).
    var ratio: Double {
        let (lighter, darker) = (max(background.luminance, text.luminance), min(background.luminance, text.luminance))
        return (lighter + 0.05) / (darker + 0.05)
    }

    var description: String {
        String(format: "%.2f:1", ratio) + " (\(text) on \(background))"
    }
}
