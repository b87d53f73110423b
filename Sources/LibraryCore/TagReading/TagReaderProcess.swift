import CChildProcess
import Foundation

// MARK: - TagReaderProcess

/// One running `bluelibrary-tag-reader`, behind a socket: asked one question at a time, by one
/// thread at a time (the pool lends it out). When it dies or stops answering it is ended,
/// and the pool starts another.
final class TagReaderProcess: @unchecked Sendable {
    /// How a question ended.
    enum Outcome: Sendable {
        case answer(TagReaderAnswer)
        /// The helper died (the signal, 0 when it exited) before it answered.
        case crashed(signal: Int32)
        /// No answer within the time limit; the helper was killed.
        case timedOut
    }

    let processID: pid_t
    private var channel: Int32
    /// What the helper could not give up, in words ("" when its confinement held).
    private(set) var confinementReport = ""

    /// Starts the helper at `executable` and waits for its greeting.
    init(executable: String, timeLimit: Duration) throws(TagReadError) {
        var channel: Int32 = -1
        let processID = executable.withCString { bl_child_spawn($0, &channel) }
        guard processID > 0 else { throw .readerMissing }
        self.processID = processID
        self.channel = channel
        switch receiveAnswer(timeLimit: timeLimit) {
        case .answer(let greeting) where greeting.status == TagReaderAnswer.ready:
            self.confinementReport = String(decoding: greeting.payload, as: UTF8.self)
        default:
            end()
            throw .readerMissing
        }
    }

    deinit {
        end()
    }

    /// Asks `requests` at once (the helper reads the next file while its last answer is taken
    /// in), waiting at most `timeLimit` for each answer from the one before. The answers, in
    /// order, up to the first request that got none; then how that one ended (`nil` when
    /// all were answered).
    func ask(_ requests: [TagReaderRequest], timeLimit: Duration) -> (answers: [TagReaderAnswer], failure: Outcome?) {
        let bytes = requests.flatMap(\.bytes)
        guard channel >= 0 else { return ([], .crashed(signal: 0)) }
        guard bl_child_send(channel, bytes, bytes.count) == 0 else { return ([], ended()) }
        var answers: [TagReaderAnswer] = []
        answers.reserveCapacity(requests.count)
        for _ in requests {
            switch receiveAnswer(timeLimit: timeLimit) {
            case .answer(let answer): answers.append(answer)
            case let failure: return (answers, failure)
            }
        }
        return (answers, nil)
    }

    /// Kills the helper (if it still runs) and reaps it.
    func end() {
        finish(killing: true)
    }

    /// Closes the channel, kills the helper when `killing` (else gives it 2 s to end by
    /// itself, then kills it) and reaps it. What ended it: the signal, 0 when it exited.
    @discardableResult
    private func finish(killing: Bool) -> Int32 {
        guard channel >= 0 else { return 0 }
        bl_child_kill(killing ? processID : 0, channel)
        channel = -1
        var signal = bl_child_reap_waiting(processID, killing ? 1000 : 2000)
        if signal < 0 && !killing {
            bl_child_kill(processID, -1)
            signal = bl_child_reap_waiting(processID, 1000)
        }
        // A helper stuck in a read of a drive that stopped answering dies only when the
        // read returns; it is reaped by `reapEnded` then.
        if signal < 0 { Self.stillEnding.withLock { _ = $0.insert(processID) } }
        return max(0, signal)
    }

    // MARK: Reading an answer

    private func receiveAnswer(timeLimit: Duration) -> Outcome {
        let started = ContinuousClock.now
        var header = [UInt8](repeating: 0, count: TagReaderAnswer.headerSize)
        switch bl_child_receive(channel, &header, header.count, Self.milliseconds(timeLimit)) {
        case Int32(BL_CHILD_OK): break
        case Int32(BL_CHILD_TIMED_OUT): return timedOut()
        default: return ended()
        }
        guard let (status, value, length) = TagReaderAnswer.header(header) else { return ended() }
        var payload = [UInt8](repeating: 0, count: length)
        if length > 0 {
            let left = timeLimit - (ContinuousClock.now - started)
            switch bl_child_receive(channel, &payload, length, max(1, Self.milliseconds(left))) {
            case Int32(BL_CHILD_OK): break
            case Int32(BL_CHILD_TIMED_OUT): return timedOut()
            default: return ended()
            }
        }
        return .answer(TagReaderAnswer(status: status, value: value, payload: payload))
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    private func timedOut() -> Outcome {
        end()
        return .timedOut
    }

    /// The helper closed its side: it died (or exited).
    private func ended() -> Outcome {
        .crashed(signal: finish(killing: false))
    }

    // MARK: Helpers that outlive their end

    /// Killed helpers not reaped yet (a read of a stalled drive holds them).
    private static let stillEnding = Protected(Set<pid_t>())

    /// Reaps the killed helpers that have ended since.
    static func reapEnded() {
        stillEnding.withLock { ending in
            ending = ending.filter { bl_child_reap($0) < 0 }
        }
    }
}

extension TagReaderAnswer {
    /// A greeting's status (`BL_ANSWER_READY`).
    static let ready = UInt8(0x52)
}
