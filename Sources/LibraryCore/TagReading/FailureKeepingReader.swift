import Foundation

// MARK: - FailureKeepingReader

/// The process's helpers, as one library reads through them: the files that failed for good
/// are that library's, kept in its cache (`$XDG_CACHE_HOME/bluelibrary/unreadable-files.json`).
struct FailureKeepingReader: MusicFileReader {
    let pool: TagReaderPool
    let failures: UnreadableFiles

    var readers: Int { pool.readers }

    func tags(of path: MusicFilePath) throws(TagReadError) -> TrackTags {
        try pool.tags(of: [path], failures: failures)[0].get()
    }

    func tags(of paths: [MusicFilePath]) -> [Result<TrackTags, TagReadError>] {
        pool.tags(of: paths, failures: failures)
    }

    func frontCover(of path: MusicFilePath, maxBytes: Int) -> FrontCoverResult {
        pool.frontCover(of: path, maxBytes: maxBytes, failures: failures)
    }

    /// The same helpers for another library (its own failures, not this one's).
    func remembering(failuresIn file: URL) -> any MusicFileReader {
        pool.remembering(failuresIn: file)
    }
}
