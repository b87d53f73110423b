import Foundation

// MARK: - MusicImportRun

/// Runs a `MusicImporter` on a thread of its own and hands its parts to the main actor one at
/// a time. The importer waits until each part has been taken in before it reads on, so parts
/// never pile up, and a stop (the taker says so, or the calling task is cancelled) takes
/// effect at the next chunk. The one place where the import's thread, its hand-over and its
/// stop flag meet.
struct MusicImportRun {
    let importer: MusicImporter

    /// What the run ended with.
    struct Outcome {
        /// The importer's summary (what it skipped, whether it stopped early).
        var summary: MusicImportSummary
        /// Whether the run was stopped: by `take`, or by cancelling the calling task.
        var wasStopped: Bool
    }

    /// Runs the import; `take` gets each part on the main actor and returns `false` to stop.
    @MainActor
    func run(taking take: (MusicImporter.Part) -> Bool) async -> Outcome {
        let stop = Protected(false)
        let (parts, continuation) = AsyncStream.makeStream(of: MusicImporter.Part.self)
        let taken = DispatchSemaphore(value: 0)
        let result = Protected<MusicImportSummary?>(nil)
        let importer = importer
        let worker = Thread {
            let summary = importer.run(isCancelled: { stop.withLock { $0 } }, deliver: { part in
                continuation.yield(part)
                taken.wait()
            })
            result.withLock { $0 = summary }
            continuation.finish()
        }
        worker.name = "music import"
        worker.start()
        await withTaskCancellationHandler {
            for await part in parts {
                defer { taken.signal() }
                guard !stop.withLock({ $0 }) else { continue }
                if !take(part) { stop.withLock { $0 = true } }
            }
        } onCancel: {
            stop.withLock { $0 = true }
        }
        return Outcome(summary: result.withLock { $0 } ?? MusicImportSummary(), wasStopped: stop.withLock { $0 })
    }
}
