import Foundation

// MARK: - MusicFolderListing

/// One folder of the user's music as the walk found it: its audio files and its images.
struct MusicFolderListing: Sendable {
    var folder: MusicFilePath
    var audioFiles: [FileStamp] = []
    /// The image files whose names could make them the folder's cover.
    var coverCandidates: [MusicFilePath] = []
}

/// A regular file with what tells whether it changed since it was last read.
struct FileStamp: Hashable, Sendable {
    var path: MusicFilePath
    var size: Int64
    /// Nanoseconds since 1970.
    var modified: Int64
}

// MARK: - MusicFolderWalker

/// Walks music folders and lists what an import reads, never opening a file: only directory
/// entries and `stat`. A FIFO or a device is listed as skipped (reading it would block or
/// never end), a folder that cannot be read is skipped, and a folder reached twice (a symbolic
/// link loop) is walked once.
struct MusicFolderWalker {
    static let audioExtensions: Set<String> = ["mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "m4b", "wav"]
    /// The names a folder's cover image may have, in the order they are preferred.
    static let coverNames = ["cover", "folder", "front", "album"]
    static let coverExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    private(set) var listings: [MusicFolderListing] = []
    private(set) var skipped: [SkippedFile] = []
    private var visited: Set<FileIdentity> = []
    private var shallow: Set<MusicFilePath> = []

    /// Walks every root (a folder, or a single audio file) in order; of the folders among
    /// `shallow`, only their own files are listed, not their subfolders'.
    mutating func walk(_ roots: [MusicFilePath], shallow: Set<MusicFilePath> = [], isCancelled: () -> Bool) {
        self.shallow = shallow
        for root in roots {
            var info = stat()
            guard root.withCString({ stat($0, &info) }) == 0 else {
                skipped.append(SkippedFile(path: root, reason: .unreadable(String(cString: strerror(errno)))))
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                walkFolder(root, identity: FileIdentity(info), isCancelled: isCancelled)
            } else if Self.isAudio(root.nameBytes) {
                add(root, info, to: root.parent)
            } else {
                skipped.append(SkippedFile(path: root, reason: .notAudio))
            }
        }
        listings.sort { $0.folder < $1.folder }
    }

    // MARK: Walking

    private mutating func walkFolder(_ root: MusicFilePath, identity: FileIdentity, isCancelled: () -> Bool) {
        var pending = [(root, identity)]
        visited.insert(identity)
        while let (folder, _) = pending.popLast(), !isCancelled() {
            guard let directory = folder.withCString({ opendir($0) }) else {
                skipped.append(SkippedFile(path: folder, reason: .unreadable(String(cString: strerror(errno)))))
                continue
            }
            defer { closedir(directory) }
            var listing = MusicFolderListing(folder: folder)
            while let entry = readdir(directory) {
                let name = Self.name(of: entry)
                if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                let path = folder.appending(name)
                var info = stat()
                // Follows links (a linked album folder is music too); a dangling link is skipped.
                guard path.withCString({ stat($0, &info) }) == 0 else {
                    if Self.isAudio(name) { skipped.append(SkippedFile(path: path, reason: .unreadable(String(cString: strerror(errno))))) }
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    let identity = FileIdentity(info)
                    if !shallow.contains(folder), visited.insert(identity).inserted { pending.append((path, identity)) }
                case S_IFREG:
                    if Self.isAudio(name) {
                        listing.audioFiles.append(FileStamp(path: path, size: Int64(info.st_size), modified: Self.modified(info)))
                    } else if Self.isCoverCandidate(name) {
                        listing.coverCandidates.append(path)
                    }
                default:
                    if Self.isAudio(name) || Self.isCoverCandidate(name) {
                        skipped.append(SkippedFile(path: path, reason: .notAFile))
                    }
                }
            }
            if !listing.audioFiles.isEmpty {
                listing.audioFiles.sort { $0.path < $1.path }
                listing.coverCandidates.sort()
                listings.append(listing)
            }
        }
    }

    private mutating func add(_ file: MusicFilePath, _ info: stat, to folder: MusicFilePath) {
        let stamp = FileStamp(path: file, size: Int64(info.st_size), modified: Self.modified(info))
        if let index = listings.firstIndex(where: { $0.folder == folder }) {
            listings[index].audioFiles.append(stamp)
        } else {
            listings.append(MusicFolderListing(folder: folder, audioFiles: [stamp]))
        }
    }

    // MARK: Names

    static func isAudio(_ name: some Collection<UInt8>) -> Bool {
        fileExtension(of: name).map(audioExtensions.contains) ?? false
    }

    static func isCoverCandidate(_ name: some Collection<UInt8>) -> Bool {
        coverRank(of: name) != nil
    }

    /// Where a file named `name` comes in the cover names' order; `nil` if it is not one.
    static func coverRank(of name: some Collection<UInt8>) -> Int? {
        let text = String(decoding: name, as: UTF8.self).lowercased()
        guard let dot = text.lastIndex(of: "."), coverExtensions.contains(String(text[text.index(after: dot)...])) else { return nil }
        return coverNames.firstIndex(of: String(text[..<dot]))
    }

    private static func fileExtension(of name: some Collection<UInt8>) -> String? {
        let text = String(decoding: name, as: UTF8.self)
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex else { return nil }
        return text[text.index(after: dot)...].lowercased()
    }

    /// The entry's name. glibc sizes each entry to its name (`d_reclen`), so the 256 bytes of
    /// `d_name` must not be copied whole: the name is read up to its NUL, in place.
    /// A directory entry's name, as bytes.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return [] }
        let name = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        return Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
    }

    private static func modified(_ info: stat) -> Int64 {
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

// MARK: - MusicFiles

/// Which files an import reads.
public enum MusicFiles {
    /// Whether a file of this name is one of the audio formats BlueLibrary reads (MP3, FLAC,
    /// Ogg Vorbis and Opus, M4A, WAV).
    public static func isAudioFile(named name: String) -> Bool {
        MusicFolderWalker.isAudio(Array(name.utf8))
    }
}
