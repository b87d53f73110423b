import GstKit
import GtkKit

// MARK: - GStreamer set up off the GTK thread

extension Player {
    /// Where GStreamer's set-up is.
    enum GStreamerSetUp {
        case notStarted, started, ready
    }

    /// Sets GStreamer up off the GTK thread, once, when something may soon be played (an album
    /// with files is selected, or one was playing at the last quit): the first Play then finds
    /// it ready, and a window that never plays never pays for it.
    ///
    /// A Play that comes first (a fresh GStreamer registry takes a third of a second to build)
    /// does not make the pipeline, which would block the GTK thread until the set-up is done:
    /// the player shows that it plays, and the track starts once GStreamer is ready.
    func prepare() {
        guard setUp == .notStarted else { return }
        setUp = .started
        GStreamer.preload {
            MainLoop.perform { [weak self] in self?.gstreamerIsReady() }
        }
    }

    /// GStreamer's set-up has finished: the track a Play asked for starts now, from where the
    /// player is (a seek or a change of track may have come meanwhile), unless it was paused.
    private func gstreamerIsReady() {
        setUp = .ready
        guard startsWhenReady else { return }
        startsWhenReady = false
        guard status == .playing, let track = currentTrack else { return }
        if !load(track, at: position) {
            stop()
            notify(.problem(.noGStreamer))
        }
    }
}
