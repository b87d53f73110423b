import Foundation
import LibraryCore

// MARK: - FaultyTagReaderLink

/// The tests' faulty tag reader (Tests/FaultyTagReader: it crashes on a file named
/// "…crashes-the-reader…" and never answers on "…hangs-the-reader…"), started through a link
/// in a test's own folder, so that the files it was asked for are that test's alone.
public struct FaultyTagReaderLink: Sendable {
    /// The link; `BLUELIBRARY_TAG_READER` names it for a launched app.
    public let path: URL

    /// Makes the link in `folder`.
    public init(in folder: URL) throws {
        let built = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent("FaultyTagReader")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("faulty-tag-reader")
        try FileManager.default.createSymbolicLink(at: path, withDestinationURL: built)
    }

    /// A pool of `size` faulty helpers, in place of the app's.
    public func pool(size: Int = 1, timeLimit: Duration = TagReaderPool.defaultTimeLimit) -> TagReaderPool {
        TagReaderPool(executable: path.path, size: size, timeLimit: timeLimit)
    }

    /// The names of the files asked for so far, in order, once per question.
    public var requestedNames: [String] {
        let log = (try? String(contentsOf: URL(fileURLWithPath: path.path + ".requests"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }
    }
}
