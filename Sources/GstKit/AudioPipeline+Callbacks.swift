// Why this file exists: GStreamer calls back through C function pointers, on its own threads
// (`about-to-finish`, a pipeline let go of) or the main context's (the bus watch). These are
// those entry points, and the boxes that carry an `AudioPipeline`'s closure or weak reference
// through them.

import CGStreamer

// MARK: - Callbacks from GStreamer

/// The owner's next-URI closure, kept alive by the signal connection.
final class NextURIBox: Sendable {
    let nextURI: @Sendable () -> String?
    init(_ nextURI: @escaping @Sendable () -> String?) { self.nextURI = nextURI }
}

/// The pipeline, weakly, for the bus watch (the watch must not keep the pipeline alive).
final class BusWatcher {
    weak var pipeline: AudioPipeline?
    init(pipeline: AudioPipeline) { self.pipeline = pipeline }
}

/// `about-to-finish`, on a streaming thread: sets the next URI before returning, or leaves
/// the pipeline to end.
let aboutToFinishTrampoline: @convention(c) (UnsafeMutablePointer<GstElement>?, gpointer?) -> Void = { playbin, data in
    guard let playbin, let data else { return }
    let box = Unmanaged<NextURIBox>.fromOpaque(data).takeUnretainedValue()
    guard let uri = box.nextURI() else { return }
    bl_gst_set_uri(playbin, uri)
}

/// The thread of a pipeline let go of: stops it (once its stuck read returns) and frees it.
let stopAndReleaseTrampoline: GThreadFunc = { playbin in
    guard let playbin else { return nil }
    bl_gst_stop_and_release(playbin.assumingMemoryBound(to: GstElement.self))
    AudioPipeline.stuck.subtract(1, ordering: .relaxed)
    return nil
}

let releaseNextURIBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<NextURIBox>.fromOpaque(data).release()
}

/// The bus watch, on the main context: hands each message to the pipeline.
let busTrampoline: GstBusFunc = { _, posted, data in
    guard let posted, let data else { return 1 }
    nonisolated(unsafe) let watcher = Unmanaged<BusWatcher>.fromOpaque(data).takeUnretainedValue()
    nonisolated(unsafe) let message = posted  // the watch runs on the main context's thread
    MainActor.assumeIsolated { watcher.pipeline?.handle(message) }
    return 1  // keep watching
}

let releaseBusWatcher: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<BusWatcher>.fromOpaque(data).release()
}
