import Foundation
import LibraryCore

// MARK: - OpenedMusic

/// Files and folders handed to the app from outside ("Open With BlueLibrary" in Files,
/// `bluelibrary FILE…`, a drop on the window), sorted into what to import and what to refuse:
/// a folder is imported; an audio file brings in its whole folder (its album, and the
/// albums beside it, as `bluelibrary FOLDER` does), once its tags have been read; anything
/// else is refused, in words, and changes nothing.
struct OpenedMusic: Sendable {
    /// The folders to import, in the order given, each once.
    private(set) var folders: [URL] = []
    /// The first audio file given: its album is selected, and it plays, once imported.
    private(set) var firstFile: MusicFilePath?
    /// Why each item refused was not imported, one sentence each.
    private(set) var refusals: [String] = []

    /// Sorts `items` on a dispatch queue, off the GTK thread and off Swift's cooperative
    /// threads: a file on a drive that stops answering, or one that takes TagLib long to read,
    /// holds neither the window nor the tasks that draw it.
    static func sort(_ items: [URL]) async -> OpenedMusic {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: OpenedMusic(items)) }
        }
    }

    private init(_ items: [URL]) {
        for item in items {
            guard let path = MusicFilePath(url: item) else {
                refusals.append(localized("“%@” is not on this computer: only music on its drives can be imported.", item.lastPathComponent))
                continue
            }
            sort(item, at: path)
        }
    }

    private mutating func sort(_ item: URL, at path: MusicFilePath) {
        let name = path.displayName.isEmpty ? path.displayString : path.displayName
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            let reason = String(cString: strerror(errno))
            return refusals.append(localized("“%1$@” could not be opened: %2$@.", name, reason))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            add(item)
        case S_IFREG where MusicFiles.isAudioFile(named: name):
            do throws(TagReadError) {
                _ = try TrackTagReader.read(path: path)
            } catch .readerMissing {
                // Not the file's fault: its import says so, once, with how to bring the reader back.
            } catch {
                return refusals.append(localized("“%@” could not be read as music: it is damaged, cut short, or another kind of file.", name))
            }
            add(item.deletingLastPathComponent())
            if firstFile == nil { firstFile = path }
        default:
            refusals.append(localized("“%@” is not a music file. BlueLibrary imports folders, and FLAC, MP3, Ogg Vorbis, Opus, M4A and WAV files.", name))
        }
    }

    private mutating func add(_ folder: URL) {
        if !folders.contains(where: { $0.standardizedFileURL == folder.standardizedFileURL }) { folders.append(folder) }
    }
}
