import Foundation

/// Runs a short Python 3 program (`python3 -c`) for a test: writing a database as another
/// program would, or making many fixture files at once. Throws when it fails.
public enum PythonScript {
    public struct Failure: Error, CustomStringConvertible {
        public let status: Int32
        public var description: String { "the Python script ended with status \(status)" }
    }

    /// Runs `source` with `arguments` (its `sys.argv[1...]`) and waits for it.
    public static func run(_ source: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", source] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(status: process.terminationStatus) }
    }
}
