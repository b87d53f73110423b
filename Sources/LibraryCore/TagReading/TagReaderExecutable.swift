import Foundation

// MARK: - TagReaderExecutable

/// Where `bluelibrary-tag-reader` is: named by `BLUELIBRARY_TAG_READER` (the tests' faulty
/// stand-in), installed in `libexec` beside the app's `bin` (meson), or built beside the
/// running program (SwiftPM's build folder, where the test bundles run too).
public enum TagReaderExecutable {
    public static let variable = "BLUELIBRARY_TAG_READER"
    public static let name = "bluelibrary-tag-reader"

    /// The helper's path; `nil` when it is nowhere (logged once by the pool's first read).
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment[variable], !named.isEmpty { return named }
        guard let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let folder = URL(fileURLWithPath: program).deletingLastPathComponent()
        let candidates = [
            folder.deletingLastPathComponent().appendingPathComponent("libexec").appendingPathComponent(name),
            folder.appendingPathComponent(name),
        ]
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
