import Foundation

// MARK: - StorageLocations

/// Where the app keeps the user's data (XDG base directories) and where it finds the default
/// library it ships. Tests build one over temporary folders.
public struct StorageLocations: Sendable {
    /// `$XDG_DATA_HOME/bluelibrary/library.sqlite3`: the albums and the undo history.
    public var databaseFile: URL
    /// `$XDG_DATA_HOME/bluelibrary/albums.json`: where versions before the database kept the
    /// albums; imported once, then renamed.
    public var legacyLibraryFile: URL
    /// `$XDG_STATE_HOME/bluelibrary/state.json`
    public var stateFile: URL
    /// `$XDG_CACHE_HOME/bluelibrary/covers/`
    public var coverDirectory: URL
    /// The bundled `albums.json` that seeds the library on first run; `nil` if none was found.
    public var defaultLibrary: URL?

    /// `$XDG_CACHE_HOME/bluelibrary/lookups/`: the answers of the cover lookup services.
    public var lookupDirectory: URL {
        coverDirectory.deletingLastPathComponent().appendingPathComponent("lookups", isDirectory: true)
    }
    /// `$XDG_CACHE_HOME/bluelibrary/unreadable-files.json`: the music files that crashed the
    /// tag reader or got no answer, not read again until they change (`UnreadableFiles`).
    public var unreadableFilesFile: URL {
        coverDirectory.deletingLastPathComponent().appendingPathComponent("unreadable-files.json")
    }
    /// The folder of the library database.
    public var dataFolder: URL { databaseFile.deletingLastPathComponent() }
    /// The covers the user gave (`OwnCovers`), beside the library.
    public var ownCoverDirectory: URL { dataFolder.appendingPathComponent("covers", isDirectory: true) }
    /// The latest backup of the database (before each schema migration, at most daily).
    public var backupFile: URL { dataFolder.appendingPathComponent("library.sqlite3.backup") }
    /// What SQLite found wrong in the database after a launch (`LibraryAPI.checkWholeFile()`),
    /// written for the next launch, which checks the whole file before its first frame and
    /// repairs it (`LibraryOpener`), then removes this note.
    public var damageFoundFile: URL { dataFolder.appendingPathComponent("library.sqlite3.damage-found") }
    /// Held (`flock`) by the one instance that uses this library.
    public var lockFile: URL { dataFolder.appendingPathComponent("library.lock") }

    /// Makes the folder of `separateLibrary`; whether it is there (a failure is logged).
    func makeSeparateLibraryFolder() -> Bool {
        let folder = separateLibrary.dataFolder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return true
        } catch {
            Log.core.warning("\(folder.path) could not be made: \(error)")
            return false
        }
    }

    /// The app's folder name inside each XDG base directory.
    public static let appFolder = "bluelibrary"

    public init(dataHome: URL, stateHome: URL, cacheHome: URL, defaultLibrary: URL?) {
        let dataFolder = dataHome.appendingPathComponent(Self.appFolder, isDirectory: true)
        databaseFile = dataFolder.appendingPathComponent("library.sqlite3")
        legacyLibraryFile = dataFolder.appendingPathComponent("albums.json")
        stateFile = stateHome.appendingPathComponent(Self.appFolder).appendingPathComponent("state.json")
        coverDirectory = cacheHome.appendingPathComponent(Self.appFolder).appendingPathComponent("covers", isDirectory: true)
        self.defaultLibrary = defaultLibrary
    }

    /// The user's real locations, as the XDG specification and GLib define them; those of
    /// the separate library when the user started one beside a newer version's
    /// (`inUseByThisVersion`). Found once per process (that check opens the database).
    public static let standard: StorageLocations = StorageLocations(
        dataHome: XDGDirectories.dataHome,
        stateHome: XDGDirectories.stateHome,
        cacheHome: XDGDirectories.cacheHome,
        defaultLibrary: BundledData.file(named: "albums.json")
    ).inUseByThisVersion
}

// MARK: - A separate library

extension StorageLocations {
    /// The folder name of the separate library, inside the data folder and the state folder.
    public static let separateLibraryFolder = "separate-library"

    /// Where this version keeps a library of its own, started by the user when the library
    /// is a newer version's (which it shows read-only): its own database, covers, backup,
    /// lock and `state.json`, so that nothing of the newer version's is moved, deleted or
    /// written. The cover cache is shared (it only holds downloads).
    public var separateLibrary: StorageLocations {
        var separate = self
        let folder = dataFolder.appendingPathComponent(Self.separateLibraryFolder, isDirectory: true)
        separate.databaseFile = folder.appendingPathComponent("library.sqlite3")
        separate.legacyLibraryFile = folder.appendingPathComponent("albums.json")
        separate.stateFile = stateFile.deletingLastPathComponent()
            .appendingPathComponent(Self.separateLibraryFolder, isDirectory: true)
            .appendingPathComponent("state.json")
        return separate
    }

    /// These locations, or the separate library's when the user started one and the library
    /// here is still a newer version's. Once the newer version is gone from the library
    /// (it was replaced or removed), this one is used again; the separate one stays.
    public var inUseByThisVersion: StorageLocations {
        let separate = separateLibrary
        guard FileManager.default.fileExists(atPath: separate.dataFolder.path),
              LibrarySnapshot.isFromNewerVersion(databaseFile) else { return self }
        return separate
    }
}

// MARK: - BundledData

/// Finds the read-only data the app ships (the default library), without compiling any
/// absolute path into the binary.
public enum BundledData {
    /// Environment variable naming a folder that overrides every other location.
    public static let overrideVariable = "BLUELIBRARY_DATA_DIR"

    /// The first existing file called `name` in, in order: `$BLUELIBRARY_DATA_DIR`;
    /// `<prefix>/share/bluelibrary` next to an installed binary (`<prefix>/bin`); the source
    /// tree's `data/` folder above a `swift build` binary.
    public static func file(named name: String) -> URL? {
        candidateFolders()
            .map { $0.appendingPathComponent(name) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    static func candidateFolders() -> [URL] {
        var folders: [URL] = []
        if let override = ProcessInfo.processInfo.environment[overrideVariable], !override.isEmpty {
            folders.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        guard let binFolder = RunningProgram.folder else { return folders }
        folders.append(binFolder.deletingLastPathComponent().appendingPathComponent("share/\(StorageLocations.appFolder)"))
        // A development build: the source tree's data/.
        if let source = RunningProgram.sourceFolder {
            folders.append(source.appendingPathComponent("data"))
        }
        return folders
    }

    /// `<prefix>/share` for a binary installed as `<prefix>/bin/bluelibrary`, if it exists.
    public static func installedShareFolder() -> URL? {
        guard let binFolder = RunningProgram.folder else { return nil }
        let share = binFolder.deletingLastPathComponent().appendingPathComponent("share", isDirectory: true)
        return FileManager.default.fileExists(atPath: share.path) ? share : nil
    }
}
