import Foundation

// MARK: - MusicFolder

/// A folder the user imported music from, as the Music Folders window lists it: the library
/// remembers every one, outermost only.
public struct MusicFolder: Hashable, Sendable {
    public var path: MusicFilePath
    /// How many albums of the library were made of files inside it.
    public var albumCount: Int
    /// Whether the folder is there now (false: its drive is not mounted, or it was moved).
    public var isReachable: Bool

    public init(path: MusicFilePath, albumCount: Int, isReachable: Bool) {
        self.path = path
        self.albumCount = albumCount
        self.isReachable = isReachable
    }

    /// The folder's own name ("Music").
    public var name: String { path.folderName }
}

extension MusicFilePath {
    /// The folder's own name ("Music"), or the whole path for the root.
    public var folderName: String {
        nameBytes.isEmpty ? displayString : displayName
    }
}

// MARK: - Whether a folder is there

extension MusicFilePath {
    /// Whether the path names a folder now.
    var isExistingFolder: Bool {
        var info = stat()
        return withCString { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The file at the path now (links followed); nil when there is none.
    var identity: FileIdentity? {
        var info = stat()
        return withCString { stat($0, &info) } == 0 ? FileIdentity(info) : nil
    }
}
