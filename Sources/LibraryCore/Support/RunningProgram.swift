import Foundation

// MARK: - RunningProgram

/// Where the running program is, to find what ships beside it without compiling any absolute
/// path into the binary: an installed one in `<prefix>/bin`, or a development build in
/// `<source>/.build/<triple>/<configuration>` (where the test bundles run too).
public enum RunningProgram {
    /// The folder of the running program, links resolved.
    public static var folder: URL? {
        Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Whether the program is a release build of SwiftPM's (`swift build -c release`).
    public static var isReleaseBuild: Bool {
        folder?.lastPathComponent == "release"
    }

    /// The source folder a development build belongs to: the nearest folder above the program
    /// with a `Package.swift` (at most five levels up, as in `<source>/.build/<triple>/debug`);
    /// `nil` for an installed copy.
    public static var sourceFolder: URL? {
        guard var folder else { return nil }
        for _ in 0..<5 {
            folder = folder.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
        }
        return nil
    }
}
