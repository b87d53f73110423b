import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - FileIdentity

/// A file as the system knows it: its device and inode. The same folder reached twice has the
/// same one (the walker's loops); a file renamed over a path gives that path another (the
/// library replaced by a sync tool).
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of the file at `url` (links followed); `nil` when there is none.
    init?(of url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        self.init(info)
    }
}
