import CCurl
import Foundation

// MARK: - CurlMultiLoop

/// A background thread that drives a libcurl multi handle.
///
/// Other threads only hand transfers in (`enqueue`) and wake the loop with
/// `curl_multi_wakeup`, the one multi call libcurl allows from another thread. Everything
/// else — easy handles, the running set, completions — happens on the loop's thread. At most
/// `maximumConcurrentTransfers` transfers run at once; the others wait in arrival order.
final class CurlMultiLoop: @unchecked Sendable {
    private struct Inbox {
        var arrivals: [CurlTransfer] = []
        var isShuttingDown = false
    }

    private let maximumConcurrentTransfers: Int
    /// The longest the loop sleeps with nothing to do.
    private let idleWakeMilliseconds: Int32
    private let multi: UnsafeMutableRawPointer
    private let inbox = Protected(Inbox())

    // Loop-thread state.
    private var waiting: [CurlTransfer] = []
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// Starts the loop's thread; nil when libcurl cannot be loaded (`bl_curl_load` opens it,
    /// and runs its global set-up, at the first loop).
    init?(maximumConcurrentTransfers: Int, idleWake: Duration) {
        guard bl_curl_load() else { return nil }
        self.maximumConcurrentTransfers = max(maximumConcurrentTransfers, 1)
        let milliseconds = idleWake.components.seconds * 1_000 + idleWake.components.attoseconds / 1_000_000_000_000_000
        idleWakeMilliseconds = Int32(clamping: max(milliseconds, 1))
        guard let multi = bl_curl_multi_init() else {
            preconditionFailure("libcurl could not create a multi handle (out of memory)")
        }
        self.multi = multi
        Thread { [self] in run() }.start()
    }

    // MARK: Any thread

    /// Queues a transfer; it starts as soon as fewer than the maximum are running.
    func enqueue(_ transfer: CurlTransfer) {
        let accepted = inbox.withLock { inbox in
            guard !inbox.isShuttingDown else { return false }
            inbox.arrivals.append(transfer)
            // Inside the lock: the loop frees `multi` only after it has seen the shutdown.
            bl_curl_multi_wakeup(multi)
            return true
        }
        if !accepted { transfer.fail(.cancelled) }
    }

    /// Cancels every transfer and ends the thread.
    func shutDown() {
        inbox.withLock { inbox in
            inbox.isShuttingDown = true
            bl_curl_multi_wakeup(multi)
        }
    }

    // MARK: Loop thread

    private func run() {
        while true {
            let (arrivals, isShuttingDown) = inbox.withLock { inbox in
                defer { inbox.arrivals.removeAll() }
                return (inbox.arrivals, inbox.isShuttingDown)
            }
            waiting.append(contentsOf: arrivals)
            if isShuttingDown { break }

            // Transfers that finish free places for waiting ones, which start right away:
            // nothing else would wake the poll below for them.
            repeat {
                startWaitingTransfers()
                var stillRunning: Int32 = 0
                bl_curl_multi_perform(multi, &stillRunning)
            } while collectFinishedTransfers() > 0 && !waiting.isEmpty
            // Returns early for network activity, libcurl's own timers (timeouts) and
            // curl_multi_wakeup, so an idle app does not wake up on a short tick.
            bl_curl_multi_poll(multi, idleWakeMilliseconds)
        }
        cancelEverything()
    }

    private func startWaitingTransfers() {
        while running.count < maximumConcurrentTransfers, !waiting.isEmpty {
            let transfer = waiting.removeFirst()
            switch transfer.makeEasyHandle() {
            case .success(let handle):
                bl_curl_multi_add_handle(multi, handle)
                running[handle] = transfer
            case .failure(let error):
                transfer.fail(error)
            }
        }
    }

    /// Completes the transfers libcurl reports as done and returns how many there were.
    private func collectFinishedTransfers() -> Int {
        var finished = 0
        var remaining: Int32 = 0
        while let message = bl_curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = bl_curl_msg_result(message)
            bl_curl_multi_remove_handle(multi, handle)
            running.removeValue(forKey: handle)?.finish(code, handle: handle)
            bl_curl_easy_cleanup(handle)
            finished += 1
        }
        return finished
    }

    private func cancelEverything() {
        for (handle, transfer) in running {
            bl_curl_multi_remove_handle(multi, handle)
            bl_curl_easy_cleanup(handle)
            transfer.fail(.cancelled)
        }
        running.removeAll()
        waiting.forEach { $0.fail(.cancelled) }
        waiting.removeAll()
        bl_curl_multi_cleanup(multi)
    }
}
