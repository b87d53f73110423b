// MARK: - MusicImportScope

/// Which files an import looks at. An import the user asks for walks its folders whole; one
/// that follows a change looks only where the change was, so that a file copied into a music
/// folder of 100,000 tracks does not walk the other 99,999:
/// - `folders`, walked whole (a folder copied in, a music folder looked at again);
/// - `shallowFolders`, whose own files only are listed (a folder where a file was written,
///   added or removed; its subfolders did not change);
/// - `goneFolders`, no longer there since the last look (deleted, or renamed within a music
///   folder): the files earlier imports read in them are gone, not out of reach.
public struct MusicImportScope: Hashable, Sendable {
    public var folders: [MusicFilePath]
    public var shallowFolders: [MusicFilePath]
    public var goneFolders: [MusicFilePath]

    public init(folders: [MusicFilePath] = [], shallowFolders: [MusicFilePath] = [], goneFolders: [MusicFilePath] = []) {
        self.folders = folders
        self.shallowFolders = shallowFolders
        self.goneFolders = goneFolders
    }

    /// Whether the scope looks at nothing.
    public var isEmpty: Bool { folders.isEmpty && shallowFolders.isEmpty && goneFolders.isEmpty }

    /// Whether the file at `path` is among those the scope looks at.
    func contains(_ path: MusicFilePath) -> Bool {
        folders.contains { path.isInside($0) } || goneFolders.contains { path.isInside($0) }
            || shallowFolders.contains { path.parent == $0 || path == $0 }
    }

    /// The folders under which the files an earlier import read may be among those looked at.
    var foldersLookedIn: [MusicFilePath] { folders + shallowFolders + goneFolders }

    /// The scope and `other` together, each folder listed once, in the widest way it is
    /// looked at (a folder walked whole takes in what is inside it).
    func merged(with other: MusicImportScope) -> MusicImportScope {
        MusicImportScope(folders: folders + other.folders, shallowFolders: shallowFolders + other.shallowFolders,
                         goneFolders: goneFolders + other.goneFolders).simplified
    }

    /// Each folder once; none inside a folder walked whole or gone; a folder both walked
    /// whole and gone (deleted, then made again) is walked.
    var simplified: MusicImportScope {
        let whole = Self.outermost(Set(folders).union(goneFolders)), walked = Set(folders)
        let covering = Set(whole)
        return MusicImportScope(
            folders: whole.filter(walked.contains),
            shallowFolders: Set(shallowFolders).filter { folder in !covering.contains { folder.isInside($0) } }.sorted(),
            goneFolders: whole.filter { !walked.contains($0) }
        )
    }

    /// The folders among `paths` that are inside no other of them, sorted.
    private static func outermost(_ paths: Set<MusicFilePath>) -> [MusicFilePath] {
        let byLength = paths.sorted { $0.bytes.count < $1.bytes.count || ($0.bytes.count == $1.bytes.count && $0 < $1) }
        var kept: [MusicFilePath] = []
        for path in byLength where !kept.contains(where: { path.isInside($0) }) { kept.append(path) }
        return kept.sorted()
    }
}
