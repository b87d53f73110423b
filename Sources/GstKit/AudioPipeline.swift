// Why this file exists: a `playbin` is driven from two threads. Its control calls and its bus
// messages belong to the GTK thread (the bus is watched on the default main context), but
// `about-to-finish` is emitted on a streaming thread, and the next track's URI must be set
// inside that handler, synchronously: a hop to the GTK thread first is too late, and leaves a
// gap between tracks. So the next URI comes from a `@Sendable` closure the owner gives, and
// every other callback arrives on the main thread as a `PipelineEvent`.

import CGStreamer
import Synchronization

/// One `playbin` playing audio files to the system's default output (`autoaudiosink`: PulseAudio
/// or PipeWire), gaplessly: the next file is queued while the current one ends.
@MainActor
public final class AudioPipeline {
    private let playbin: UnsafeMutablePointer<GstElement>
    /// The output: the system's default (`autoaudiosink`), kept to ask what it found.
    private let sink: UnsafeMutablePointer<GstElement>?
    /// Whether the output was checked since the last load (it is, once, when prerolled).
    private var isOutputChecked = false
    private var busWatchID: guint = 0
    private var aboutToFinishID: gulong = 0
    /// What an `ELEMENT` message said was missing, until the error that follows it.
    private var missingDecoder: String?
    /// When sound last reached the output (a probe on its sink pad).
    private let flow: UnsafeMutablePointer<bl_gst_flow_watch>?
    /// Whether the pipeline was let go (`letGo()`): it is no longer this object's to stop.
    private var isLetGo = false

    /// ReplayGain's filter, made once; nil when its plugins are not installed.
    private let replayGainFilter: UnsafeMutablePointer<GstElement>?

    /// Whether files play at the loudness their ReplayGain tags give (from the next file
    /// loaded; untagged files play as they are).
    public var appliesReplayGain = false
    /// Whether ReplayGain uses the album's gain (an album played in order) rather than each
    /// track's (shuffled tracks).
    public var usesAlbumGain = true {
        didSet { if let replayGainFilter { bl_gst_set_replay_gain_album_mode(replayGainFilter, usesAlbumGain ? 1 : 0) } }
    }
    /// Whether ReplayGain can be applied: its elements (gstreamer1.0-plugins-good) are there.
    public var canApplyReplayGain: Bool { replayGainFilter != nil }

    /// The volume, 0 (muted) to 1, on the cubic scale the ear finds even (GstStreamVolume's).
    public var volume: Double = 1 {
        didSet { bl_gst_set_cubic_volume(playbin, min(max(volume, 0), 1)) }
    }

    /// Where the output was in the file playing when the last failure was posted (a failure of
    /// the next, queued file cuts the current one short).
    public private(set) var positionAtFailure: Double?

    /// Called on the main thread with what the pipeline reports.
    public var onEvent: ((PipelineEvent) -> Void)?

    /// Makes a pipeline; `nextURI` is called on a GStreamer streaming thread when the current
    /// file is about to end and returns the URI to play next without a gap, or nil to end.
    /// Returns nil when GStreamer or its `playbin` is not available.
    public init?(nextURI: @escaping @Sendable () -> String?) {
        guard GStreamer.initialize(), let element = gst_element_factory_make("playbin", "player") else { return nil }
        playbin = UnsafeMutablePointer<GstElement>(OpaquePointer(element))
        gst_object_ref_sink(UnsafeMutableRawPointer(playbin))
        bl_gst_set_audio_only(playbin)
        sink = gst_element_factory_make("autoaudiosink", "output")
        if let sink { bl_gst_set_audio_sink(playbin, sink) }  // playbin takes the floating reference
        flow = sink.flatMap { bl_gst_watch_flow($0) }
        replayGainFilter = bl_gst_make_replay_gain_filter()
        aboutToFinishID = bl_gst_connect_about_to_finish(
            playbin, aboutToFinishTrampoline, Unmanaged.passRetained(NextURIBox(nextURI)).toOpaque(), releaseNextURIBox
        )
        if let bus = gst_element_get_bus(playbin) {
            bl_gst_bus_drop_unread(bus)
            let watcher = Unmanaged.passRetained(BusWatcher(pipeline: self)).toOpaque()
            busWatchID = gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, busTrampoline, watcher, releaseBusWatcher)
            gst_object_unref(UnsafeMutableRawPointer(bus))
        }
    }

    isolated deinit {
        guard !isLetGo else { return }
        gst_element_set_state(playbin, GST_STATE_NULL)
        disconnect()
        gst_object_unref(UnsafeMutableRawPointer(playbin))
        if let replayGainFilter { gst_object_unref(UnsafeMutableRawPointer(replayGainFilter)) }
    }

    private func disconnect() {
        if busWatchID != 0 { g_source_remove(busWatchID) }
        busWatchID = 0
        if aboutToFinishID != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(playbin), aboutToFinishID) }
        aboutToFinishID = 0
    }

    // MARK: A pipeline stuck in a read

    /// How long no sound has reached the output, in seconds, since it last did or was last
    /// expected to (a load, a play, a seek). While playing, a long silence means the file is
    /// not coming: its drive does not answer (a network share gone away, a failing disk).
    public var secondsWithoutSound: Double {
        flow.map { Double(bl_gst_flow_silence($0)) / 1e6 } ?? 0
    }

    /// Lets go of a pipeline stuck in a read: it says nothing more, asks for no next file, and
    /// is stopped and freed on a thread of its own (stopping waits for the read, which returns
    /// only when the drive answers, if ever). The object is of no use after; make another.
    public func letGo() {
        guard !isLetGo else { return }
        isLetGo = true
        onEvent = nil
        disconnect()
        if let replayGainFilter { gst_object_unref(UnsafeMutableRawPointer(replayGainFilter)) }
        Self.stuck.add(1, ordering: .relaxed)
        // The thread takes this object's reference on the playbin.
        let thread = g_thread_new("bl-let-go", stopAndReleaseTrampoline, UnsafeMutableRawPointer(playbin))
        g_thread_unref(thread)
    }

    /// How many pipelines let go of are still stuck (their stop has not returned): each holds
    /// a thread in a read of a drive that does not answer.
    public nonisolated static var pipelinesStuckInARead: Int { stuck.load(ordering: .relaxed) }
    nonisolated static let stuck = Atomic<Int>(0)

    private func expectSound() {
        if let flow { bl_gst_flow_expect(flow) }
    }

    // MARK: Control

    /// Stops whatever plays and makes `uri` the next file to play (from its start). What the
    /// pipeline said of the file before and has not been read yet is dropped: quick presses of
    /// Next load one file after another, and a stream start or an error posted by a file left
    /// behind would otherwise reach the player after the presses, as if about the new file.
    public func load(_ uri: String) {
        gst_element_set_state(playbin, GST_STATE_READY)  // its streaming threads have stopped
        if let bus = gst_element_get_bus(playbin) {
            gst_bus_set_flushing(bus, 1)  // drops the messages waiting on the bus
            gst_bus_set_flushing(bus, 0)
            gst_object_unref(UnsafeMutableRawPointer(bus))
        }
        missingDecoder = nil
        isOutputChecked = false
        bl_gst_set_audio_filter(playbin, appliesReplayGain ? replayGainFilter : nil)
        bl_gst_set_uri(playbin, uri)
        expectSound()
    }

    /// Starts or continues playing. Returns false when the pipeline refused at once (the reason
    /// follows as a `.failed` event).
    @discardableResult
    public func play() -> Bool {
        expectSound()
        return gst_element_set_state(playbin, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE
    }

    /// Pauses, keeping the position (and the output open).
    @discardableResult
    public func pause() -> Bool {
        gst_element_set_state(playbin, GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE
    }

    /// Stops and lets go of the output and the file.
    public func stop() {
        gst_element_set_state(playbin, GST_STATE_NULL)
        missingDecoder = nil
        isOutputChecked = false
    }

    /// Moves to `seconds` into the current file (sample-accurate). Works once the pipeline has
    /// prerolled (paused or playing); returns whether the seek was accepted.
    @discardableResult
    public func seek(to seconds: Double) -> Bool {
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        expectSound()
        return gst_element_seek_simple(playbin, GST_FORMAT_TIME, flags, Self.nanoseconds(seconds)) != 0
    }

    // MARK: Position

    /// Where the output is in the current file, in seconds; nil before it prerolled.
    public var position: Double? {
        var value: gint64 = 0
        guard gst_element_query_position(playbin, GST_FORMAT_TIME, &value) != 0, value >= 0 else { return nil }
        return Double(value) / 1e9
    }

    /// The current file's length in seconds; nil while unknown.
    public var duration: Double? {
        var value: gint64 = 0
        guard gst_element_query_duration(playbin, GST_FORMAT_TIME, &value) != 0, value > 0 else { return nil }
        return Double(value) / 1e9
    }

    private static func nanoseconds(_ seconds: Double) -> gint64 {
        gint64((max(seconds, 0) * 1e9).rounded())
    }

    // MARK: Bus messages

    func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch bl_gst_message_type(message) {
        case GST_MESSAGE_STREAM_START: onEvent?(.streamStarted)
        case GST_MESSAGE_EOS: onEvent?(.endOfStream)
        case GST_MESSAGE_ASYNC_DONE: onEvent?(.asyncDone)
        case GST_MESSAGE_DURATION_CHANGED: onEvent?(.durationChanged)
        case GST_MESSAGE_STATE_CHANGED:
            guard bl_gst_message_is_from(message, playbin) != 0 else { return }
            var old = GST_STATE_NULL, new = GST_STATE_NULL, pending = GST_STATE_NULL
            gst_message_parse_state_changed(message, &old, &new, &pending)
            if new == GST_STATE_PAUSED, !isOutputChecked {
                // autoaudiosink falls back to a fake sink, with only a warning, when there is no
                // sound server and no device: playing would go on in silence.
                isOutputChecked = true
                if let sink, bl_gst_auto_sink_is_fake(sink) != 0 {
                    gst_element_set_state(playbin, GST_STATE_NULL)
                    onEvent?(.failed(PlaybackFailure(kind: .noOutput, message: "No audio output could be opened")))
                    return
                }
            }
            switch new {
            case GST_STATE_PLAYING: onEvent?(.stateChanged(.playing))
            case GST_STATE_PAUSED: onEvent?(.stateChanged(.paused))
            default: onEvent?(.stateChanged(.stopped))
            }
        case GST_MESSAGE_ELEMENT:
            guard gst_is_missing_plugin_message(message) != 0, let text = gst_missing_plugin_message_get_description(message) else { return }
            missingDecoder = String(cString: text)
            g_free(text)
        case GST_MESSAGE_ERROR:
            let failure = failure(from: message)
            positionAtFailure = position
            onEvent?(.failed(failure))
        default:
            break
        }
    }

    private func failure(from message: UnsafeMutablePointer<GstMessage>) -> PlaybackFailure {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        defer {
            if let error { g_error_free(error) }
            g_free(debug)
        }
        let text = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? ""
        let details = debug.map { String(cString: $0) } ?? ""
        let domain = error?.pointee.domain ?? 0
        let code = error?.pointee.code ?? 0
        let kind: PlaybackFailure.Kind
        if let missingDecoder {
            kind = .missingDecoder(format: missingDecoder)
        } else if bl_gst_message_is_from_audio_sink(message) != 0 {
            kind = .noOutput
        } else if domain == gst_resource_error_quark() {
            kind = [GST_RESOURCE_ERROR_NOT_FOUND, GST_RESOURCE_ERROR_OPEN_READ, GST_RESOURCE_ERROR_READ]
                .map { gint($0.rawValue) }.contains(code) ? .unreadable : .other
        } else if domain == gst_stream_error_quark() {
            kind = code == gint(GST_STREAM_ERROR_CODEC_NOT_FOUND.rawValue) ? .missingDecoder(format: "") : .undecodable
        } else if domain == gst_core_error_quark(), code == gint(GST_CORE_ERROR_MISSING_PLUGIN.rawValue) {
            kind = .missingDecoder(format: "")
        } else {
            kind = .other
        }
        return PlaybackFailure(kind: kind, message: text, details: details, uri: bl_gst_error_uri(message).map { String(cString: $0) })
    }
}
