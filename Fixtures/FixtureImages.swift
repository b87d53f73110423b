import Foundation

// MARK: - FixtureImages

/// The images the fixture server serves (`Fixtures/cover_server.py`), read without a
/// server, for tests that decode them themselves: `/large-jpeg/x`, `/shaped-cover/200x1000/x`,
/// `/webp-cover/x`, `/svg-cover/x`…
public enum FixtureImages {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The body the server sends for `path`.
    public static func body(of path: String) throws -> Data {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", CoverServer.script.path, "--body", path]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, !data.isEmpty else {
            throw Missing(description: "cover_server.py has no image at \(path) (status \(process.terminationStatus))")
        }
        return data
    }
}
