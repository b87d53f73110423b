// Why this file exists: GStreamer must be initialised once per process before any element is
// made, and what it can decode depends on which plugin packages are installed; both are
// asked here, so the layers above never call gst_* themselves. Initialising it reads its
// plugin registry and loading a plugin opens shared libraries, tens to hundreds of
// milliseconds that must not delay the window: `preload` does both on a thread of its own,
// when the app expects to play.

import CGStreamer
import Foundation

/// GStreamer itself: initialising it, and asking what it can do on this machine.
public enum GStreamer {
    /// Whether GStreamer is usable, once initialised: a static constant is initialised once,
    /// thread-safely, by whichever thread asks first.
    private static let isInitialized: Bool = {
        var error: UnsafeMutablePointer<GError>?
        let initialized = gst_init_check(nil, nil, &error) != 0
        if let error { g_error_free(error) }
        return initialized
    }()

    /// The elements the first Play needs: the pipeline, the output, the decoders of the usual
    /// formats. (Not libav's: FFmpeg's libraries weigh tens of megabytes, for AAC alone.)
    static let playingElements = [
        "playbin", "autoaudiosink", "pulsesink", "audioconvert", "audioresample", "volume",
        "flacparse", "flacdec", "mpegaudioparse", "mpg123audiodec", "oggdemux", "vorbisdec", "opusdec",
    ]

    /// Initialises GStreamer (once; later calls return at once). Returns whether it is usable.
    @discardableResult
    public static func initialize() -> Bool {
        isInitialized
    }

    /// Initialises GStreamer and loads the plugins of `playingElements` on a thread of its own,
    /// so that neither the window's first frame nor the first Play waits for them; then calls
    /// `finished` on that thread (also when GStreamer could not be initialised).
    public static func preload(then finished: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            defer { finished() }
            guard initialize() else { return }
            for name in playingElements {
                guard let factory = gst_element_factory_find(name) else { continue }
                if let loaded = gst_plugin_feature_load(factory) {
                    gst_object_unref(UnsafeMutableRawPointer(loaded))
                }
                gst_object_unref(UnsafeMutableRawPointer(factory))
            }
        }
    }

    /// The version of the GStreamer library loaded ("1.22.0").
    public static var version: String {
        guard let text = gst_version_string() else { return "" }
        defer { g_free(text) }
        let words = String(cString: text).split(separator: " ")
        return words.last.map(String.init) ?? ""
    }

    /// Whether an element factory called `name` (a plugin's element, such as `flacdec`) exists.
    public static func hasElement(_ name: String) -> Bool {
        guard initialize(), let factory = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }
}
