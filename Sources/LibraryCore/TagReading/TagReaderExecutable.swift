import Foundation

// MARK: - TagReaderExecutable

/// Where `bluelibrary-tag-reader` is: named by `BLUELIBRARY_TAG_READER` (the tests' faulty
/// stand-in), installed in `libexec` beside the app's `bin` (meson), or built beside the
/// running program (SwiftPM's build folder, where the test bundles run too).
public enum TagReaderExecutable {
    public static let variable = "BLUELIBRARY_TAG_READER"
    public static let name = "bluelibrary-tag-reader"

    /// The helper's path; `nil` when it is nowhere (an import then says so in words,
    /// `MissingTagReader`).
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = namedPath(in: environment) { return named }
        return searchedPaths(environment: environment).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The paths looked at, in order: the one `BLUELIBRARY_TAG_READER` names, or else
    /// `libexec` beside the program's `bin`, then the program's own folder.
    public static func searchedPaths(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let named = namedPath(in: environment) { return [named] }
        guard let folder = RunningProgram.folder else { return [] }
        return [
            folder.deletingLastPathComponent().appendingPathComponent("libexec").appendingPathComponent(name).path,
            folder.appendingPathComponent(name).path,
        ]
    }

    private static func namedPath(in environment: [String: String]) -> String? {
        guard let named = environment[variable], !named.isEmpty else { return nil }
        return named
    }
}
