import Foundation

// MARK: - TagReaderPool

/// The tag reader helpers: up to one `bluelibrary-tag-reader` per core, started when first
/// needed and lent to one reading thread at a time. A file that crashes a helper, or that it
/// does not answer for within `timeLimit`, costs that file and that helper: the file is
/// skipped, with the reason; a new helper takes the next file. The helpers are the process's;
/// the files that failed are each library's (`remembering(failuresIn:)`): not tried again
/// until their size or modification time changes, across launches too.
public final class TagReaderPool: MusicFileReader, @unchecked Sendable {
    /// The app's pool, with the helper `TagReaderExecutable.locate()` finds: looked for again
    /// at each read until found, so a helper built or installed while the app runs is used
    /// by the next import.
    public static let shared = TagReaderPool(locating: { TagReaderExecutable.locate() })

    /// Ten seconds per file, from the question (the helper's last answer came before it).
    public static let defaultTimeLimit: Duration = .seconds(10)

    /// Where the helper is looked for, until it is found (`executable`).
    private let locate: @Sendable () -> String?
    private let found = Protected<String?>(nil)
    private let timeLimit: Duration
    private let size: Int
    /// One reading thread per helper.
    public var readers: Int { size }
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var idle: [TagReaderProcess] = []
    private var running = 0
    /// Whether the confinement report was logged already.
    private let toldConfinement = Protected(false)

    /// A pool of up to `size` helpers at `executable` (`nil`: none was found; every read
    /// fails with `TagReadError.readerMissing`).
    public convenience init(executable: String?, size: Int = ProcessInfo.processInfo.activeProcessorCount,
                            timeLimit: Duration = TagReaderPool.defaultTimeLimit) {
        self.init(locating: { executable }, size: size, timeLimit: timeLimit)
    }

    /// A pool of up to `size` helpers at the path `locate` gives, asked again at each read
    /// until it gives one (`nil`: that read fails with `TagReadError.readerMissing`).
    public init(locating locate: @escaping @Sendable () -> String?, size: Int = ProcessInfo.processInfo.activeProcessorCount,
                timeLimit: Duration = TagReaderPool.defaultTimeLimit) {
        self.locate = locate
        self.size = max(1, size)
        self.timeLimit = timeLimit
    }

    /// The helper's path, once found.
    private var executable: String? {
        if let known = found.withLock({ $0 }) { return known }
        let path = locate()
        if let path { found.withLock { $0 = path } }
        return path
    }

    /// The helpers, for the library whose files that failed are kept in `file`
    /// (`UnreadableFiles`): each library its own, however many share the process.
    public func remembering(failuresIn file: URL) -> any MusicFileReader {
        FailureKeepingReader(pool: self, failures: UnreadableFiles(keptIn: file))
    }

    // MARK: Reading

    /// The tags and length of the audio file at `path`.
    public func tags(of path: MusicFilePath) throws(TagReadError) -> TrackTags {
        try tags(of: [path])[0].get()
    }

    /// The tags of each of `paths`, asked of one helper at once: it reads the next file while
    /// its last answer is taken in. A file it crashes or hangs on is that file's failure; the
    /// ones after it go to a new helper.
    public func tags(of paths: [MusicFilePath]) -> [Result<TrackTags, TagReadError>] {
        tags(of: paths, failures: nil)
    }

    /// The tags of each of `paths`; a file in `failures` that did not change is not asked
    /// about, and one that fails for good is added to it.
    func tags(of paths: [MusicFilePath], failures: UnreadableFiles?) -> [Result<TrackTags, TagReadError>] {
        ask(paths.map { TagReaderRequest(kind: .tags, path: $0) }, failures: failures).map { result in
            result.flatMap { answer in
                switch Int32(answer.status) {
                case 0: answer.tags.map { .success($0) } ?? .failure(.unreadable)  // BL_TAGS_OK
                case 2: .failure(.notAudio)  // BL_TAGS_NOT_AUDIO
                default: .failure(.unreadable)
                }
            }
        }
    }

    /// The file's embedded front cover, refused when larger than `maxBytes`.
    public func frontCover(of path: MusicFilePath, maxBytes: Int) -> FrontCoverResult {
        frontCover(of: path, maxBytes: maxBytes, failures: nil)
    }

    /// The file's embedded front cover, with the failures of the library asking.
    func frontCover(of path: MusicFilePath, maxBytes: Int, failures: UnreadableFiles?) -> FrontCoverResult {
        switch ask([TagReaderRequest(kind: .frontCover, path: path, maxBytes: maxBytes)], failures: failures)[0] {
        case .failure(let error): .readerFailed(error)
        case .success(let answer):
            switch answer.status {
            case 0: answer.payload.isEmpty ? .unreadable : .image(Data(answer.payload))  // BL_COVER_OK
            case 1: .none  // BL_COVER_NONE
            case 2: .tooLarge(bytes: Int(clamping: answer.value))  // BL_COVER_TOO_LARGE
            default: .unreadable
            }
        }
    }

    // MARK: Asking a helper

    /// The answers to `requests`, in order. A file a helper crashed or hung on earlier, and
    /// that did not change since, is not asked again (when `failures` keeps them).
    private func ask(_ requests: [TagReaderRequest], failures: UnreadableFiles?) -> [Result<TagReaderAnswer, TagReadError>] {
        var results = [Result<TagReaderAnswer, TagReadError>?](repeating: nil, count: requests.count)
        let failed = failures?.remembered ?? [:]
        // Only a file that failed before is looked at (`stat`) here: the walk did it for the rest.
        var pending = requests.indices.filter { index in
            guard let earlier = failed[requests[index].path], FileVersion(of: requests[index].path) == earlier.version else { return true }
            results[index] = .failure(earlier.error)
            return false
        }[...]
        while !pending.isEmpty {
            let helper: TagReaderProcess
            do throws(TagReadError) {
                helper = try borrow()
            } catch {
                for index in pending { results[index] = .failure(error) }
                break
            }
            let (answers, failure) = helper.ask(pending.map { requests[$0] }, timeLimit: timeLimit)
            for (index, answer) in zip(pending, answers) { results[index] = .success(answer) }
            pending = pending.dropFirst(answers.count)
            guard let failure, let stuck = pending.first else {
                giveBack(helper)
                continue
            }
            giveBack(nil)
            let path = requests[stuck].path
            let error: TagReadError
            if case .crashed(let signal) = failure {
                Log.core.warning("the tag reader ended (signal \(signal)) on “\(path.displayString)”; it is skipped until it changes")
                error = .readerCrashed
            } else {
                Log.core.warning("the tag reader gave no answer on “\(path.displayString)” within \(timeLimit); it is skipped until it changes")
                error = .readerTimedOut
            }
            failures?.remember(path, error)
            results[stuck] = .failure(error)
            pending = pending.dropFirst()
        }
        return results.map { $0 ?? .failure(.unreadable) }
    }

    /// An idle helper, a new one while fewer than `size` run, or the next one given back.
    private func borrow() throws(TagReadError) -> TagReaderProcess {
        guard let executable else { throw .readerMissing }
        condition.lock()
        while idle.isEmpty && running >= size { condition.wait() }
        if let helper = idle.popLast() {
            condition.unlock()
            return helper
        }
        running += 1
        condition.unlock()
        TagReaderProcess.reapEnded()
        do throws(TagReadError) {
            let helper = try TagReaderProcess(executable: executable, timeLimit: timeLimit)
            tellConfinement(helper.confinementReport)
            return helper
        } catch {
            giveBack(nil)
            Log.core.warning("the tag reader “\(executable)” could not be started")
            throw error
        }
    }

    /// Returns a helper that answered (`nil`: it ended, and its place is free).
    private func giveBack(_ helper: TagReaderProcess?) {
        condition.lock()
        if let helper { idle.append(helper) } else { running -= 1 }
        condition.signal()
        condition.unlock()
    }

    private func tellConfinement(_ report: String) {
        guard !report.isEmpty, !toldConfinement.withLock({ told in defer { told = true }; return told }) else { return }
        Log.core.message("the tag reader runs with less confinement than it asks for: \(report)")
    }
}
