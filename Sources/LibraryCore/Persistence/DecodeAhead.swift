import Dispatch
import Foundation

// MARK: - DecodeAhead

/// Reads and decodes the album list on a background thread while the app starts, so that
/// `LibraryAPI` finds it decoded instead of decoding it on the GTK thread.
///
/// Decoding 100,000 albums (12.8 MB of JSON) takes about 0.2 s, about as long as GTK needs to
/// start; done side by side, the window appears that much sooner. The decoded list is used
/// only if the file has not changed since (same size and modification date); otherwise, or
/// if nobody started it, the file is read as usual.
public enum DecodeAhead {
    /// One decode under way or done: what the file was when read, and what it decoded to
    /// (`Result<Value, DocumentDecodingError>`; nil if it could not be read).
    private final class Decode: @unchecked Sendable {
        let finished = DispatchSemaphore(value: 0)
        // Written once on the background thread before `finished` is signalled, read after.
        var identity: FileIdentity?
        var outcome: Any?
    }

    private static let decodes = Protected<[URL: Decode]>([:])

    /// Starts decoding the user's album list (`locations.libraryFile`) in the background.
    public static func startLibrary(at locations: StorageLocations = .standard) {
        start(locations.libraryFile, decode: AlbumList.decode)
    }

    static func start<Value>(_ url: URL, decode: @escaping @Sendable (Data) throws(DocumentDecodingError) -> Value) {
        let work = Decode()
        decodes.withLock { $0[url] = work }
        DispatchQueue.global(qos: .userInitiated).async {
            work.identity = FileIdentity(of: url)
            work.outcome = (try? Data(contentsOf: url)).map { data in
                Result { () throws(DocumentDecodingError) -> Value in try decode(data) }
            }
            work.finished.signal()
        }
    }

    /// The decoded content of `url` if a decode was started for it and the file is unchanged
    /// since; waits for the decode to finish. Each decode is handed out once.
    static func take<Value>(_ url: URL, as type: Value.Type) -> Result<Value, DocumentDecodingError>? {
        guard let work = decodes.withLock({ $0.removeValue(forKey: url) }) else { return nil }
        work.finished.wait()
        guard let identity = work.identity, identity == FileIdentity(of: url) else { return nil }
        return work.outcome as? Result<Value, DocumentDecodingError>
    }
}

// MARK: - FileIdentity

/// Size and modification time: enough to tell that a file was not rewritten in between.
struct FileIdentity: Equatable {
    let size: UInt64
    let modified: Date

    init?(of url: URL) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date else { return nil }
        self.size = size.uint64Value
        self.modified = modified
    }
}
