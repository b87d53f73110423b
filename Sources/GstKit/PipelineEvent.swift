// Why this file exists: GStreamer reports what happens in a pipeline as bus messages, C
// structures of many kinds; the app needs a handful of them as plain Swift values.

/// What an `AudioPipeline` reports on the main thread (from its bus).
public enum PipelineEvent: Sendable, Equatable {
    /// A new stream began playing out: the first track after `load`, or the one queued from
    /// `about-to-finish` (a gapless track change).
    case streamStarted
    /// The last queued track ended and nothing followed.
    case endOfStream
    /// A state change or a flushing seek completed (the pipeline prerolled).
    case asyncDone
    /// The pipeline itself (not one of its elements) reached `state`.
    case stateChanged(PipelineState)
    /// The stream's length became known or changed.
    case durationChanged
    /// Playing failed. The pipeline goes on as it was: the owner stops it, or leaves it
    /// playing when the failure is one it already handled (a decoder that fails posts more
    /// than one error).
    case failed(PlaybackFailure)
}

/// The states of a pipeline that matter to a player.
public enum PipelineState: Sendable, Equatable {
    case stopped, paused, playing
}

/// Why a pipeline could not play.
public struct PlaybackFailure: Error, Sendable, Equatable {
    /// The kinds of failure a user is told apart.
    public enum Kind: Sendable, Equatable {
        /// No decoder for the file's format is installed; `format` is GStreamer's description
        /// of what is missing ("MPEG-4 AAC decoder").
        case missingDecoder(format: String)
        /// The file is not a stream GStreamer can read (damaged, not audio, truncated).
        case undecodable
        /// The file could not be opened (moved, deleted, its drive not mounted).
        case unreadable
        /// No audio output could be opened (no sound server, no device).
        case noOutput
        /// The file stopped coming: no sound reached the output for a long while, as when
        /// its drive does not answer. The owner finds it out (`secondsWithoutSound`).
        case notAnswering
        /// Anything else.
        case other
    }

    public var kind: Kind
    /// GStreamer's message, in English, for the log.
    public var message: String
    /// GStreamer's debugging details, for the log.
    public var details: String
    /// The URI of the file that failed; nil when the failure was not reading a file (the output).
    public var uri: String?

    public init(kind: Kind, message: String, details: String = "", uri: String? = nil) {
        self.kind = kind
        self.message = message
        self.details = details
        self.uri = uri
    }
}
