import Foundation

// MARK: - TagReaderPool

/// The tag reader helpers: up to one `bluelibrary-tag-reader` per core, started when first
/// needed and lent to one reading thread at a time. A file that crashes a helper, or that it
/// does not answer for within `timeLimit`, costs that file and that helper: the file is
/// skipped, with the reason, and not tried again until its size or modification time
/// changes (in this run of the app); a new helper takes the next file.
public final class TagReaderPool: MusicFileReader, @unchecked Sendable {
    /// The app's pool, with the helper `TagReaderExecutable.locate()` finds.
    public static let shared = TagReaderPool(executable: TagReaderExecutable.locate())

    /// Ten seconds per file, from the question (the helper's last answer came before it).
    public static let defaultTimeLimit: Duration = .seconds(10)

    private let executable: String?
    private let timeLimit: Duration
    private let size: Int
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var idle: [TagReaderProcess] = []
    private var running = 0
    /// Files a helper crashed or hung on, as they were then.
    private let failedFiles = Protected([MusicFilePath: FailedFile]())
    /// Whether the confinement report was logged already.
    private let toldConfinement = Protected(false)

    /// A pool of up to `size` helpers at `executable` (`nil`: none was found; every read
    /// fails with `TagReadError.readerMissing`).
    public init(executable: String?, size: Int = ProcessInfo.processInfo.activeProcessorCount,
                timeLimit: Duration = TagReaderPool.defaultTimeLimit) {
        self.executable = executable
        self.size = max(1, size)
        self.timeLimit = timeLimit
    }

    // MARK: Reading

    /// The tags and length of the audio file at `path`.
    public func tags(of path: MusicFilePath) throws(TagReadError) -> TrackTags {
        let answer = try ask(TagReaderRequest(kind: .tags, path: path))
        switch Int32(answer.status) {
        case 0: // BL_TAGS_OK
            guard let tags = answer.tags else { throw .unreadable }
            return tags
        case 2: throw .notAudio  // BL_TAGS_NOT_AUDIO
        default: throw .unreadable
        }
    }

    /// The file's embedded front cover, refused when larger than `maxBytes`.
    public func frontCover(of path: MusicFilePath, maxBytes: Int) -> FrontCoverResult {
        let answer: TagReaderAnswer
        do throws(TagReadError) {
            answer = try ask(TagReaderRequest(kind: .frontCover, path: path, maxBytes: maxBytes))
        } catch {
            return .readerFailed(error)
        }
        switch answer.status {
        case 0: return answer.payload.isEmpty ? .unreadable : .image(Data(answer.payload))  // BL_COVER_OK
        case 1: return .none  // BL_COVER_NONE
        case 2: return .tooLarge(bytes: Int(clamping: answer.value))  // BL_COVER_TOO_LARGE
        default: return .unreadable
        }
    }

    // MARK: Asking a helper

    private func ask(_ request: TagReaderRequest) throws(TagReadError) -> TagReaderAnswer {
        let version = FileVersion(of: request.path)
        if let version, let failed = failedFiles.withLock({ $0[request.path] }), failed.version == version {
            throw failed.error
        }
        let helper = try borrow()
        switch helper.ask(request, timeLimit: timeLimit) {
        case .answer(let answer):
            giveBack(helper)
            return answer
        case .crashed(let signal):
            giveBack(nil)
            Log.core.warning("the tag reader ended (signal \(signal)) on “\(request.path.displayString)”; it is skipped until it changes")
            remember(request.path, version, .readerCrashed)
            throw .readerCrashed
        case .timedOut:
            giveBack(nil)
            Log.core.warning("the tag reader gave no answer on “\(request.path.displayString)” within \(timeLimit); it is skipped until it changes")
            remember(request.path, version, .readerTimedOut)
            throw .readerTimedOut
        }
    }

    private func remember(_ path: MusicFilePath, _ version: FileVersion?, _ error: TagReadError) {
        guard let version else { return }
        failedFiles.withLock { $0[path] = FailedFile(version: version, error: error) }
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

// MARK: - A file as it was

/// What makes a file "changed": its size and modification time.
struct FileVersion: Hashable, Sendable {
    var size: Int64
    var modified: Int64

    /// The file's version now; `nil` when it cannot be looked at.
    init?(of path: MusicFilePath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

/// A file a helper crashed or hung on, and how it was then.
private struct FailedFile: Sendable {
    var version: FileVersion
    var error: TagReadError
}
