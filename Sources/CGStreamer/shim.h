// What GstKit needs from GStreamer 1.22 that Swift cannot import directly: the message and
// object macros, g_object_set/get on playbin's properties (variadic), and the connection of
// playbin's `about-to-finish` signal (g_signal_connect is a macro), the bus's sync handler, a
// probe of the sound reaching the output, and a pipeline stopped off the calling thread.
// Everything here is a tiny
// static inline helper; the safe Swift API lives in GstKit.
#ifndef BLUELIBRARY_CGSTREAMER_SHIM_H
#define BLUELIBRARY_CGSTREAMER_SHIM_H

#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <gst/audio/streamvolume.h>
#include <string.h>

// MARK: - Messages

static inline GstMessageType bl_gst_message_type(GstMessage *message) { return GST_MESSAGE_TYPE(message); }

/// Whether `message` was posted by `object` (playbin's own state changes, not its children's).
static inline gboolean bl_gst_message_is_from(GstMessage *message, GstElement *object) {
    return GST_MESSAGE_SRC(message) == GST_OBJECT(object);
}

/// The name of the element that posted `message` (a new string, freed by the caller).
static inline gchar *bl_gst_message_source_name(GstMessage *message) {
    return GST_MESSAGE_SRC(message) ? gst_object_get_name(GST_MESSAGE_SRC(message)) : NULL;
}

/// Whether the element that posted `message` is an audio sink (its class says "Sink/Audio").
static inline gboolean bl_gst_message_is_from_audio_sink(GstMessage *message) {
    GstObject *source = GST_MESSAGE_SRC(message);
    if (!source || !GST_IS_ELEMENT(source)) return FALSE;
    GstElementFactory *factory = gst_element_get_factory(GST_ELEMENT(source));
    const gchar *klass = factory ? gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS) : NULL;
    if (klass && strstr(klass, "Sink") && strstr(klass, "Audio")) return TRUE;
    // autoaudiosink's fake fallback and its child sinks are named after it
    gchar *name = gst_object_get_name(source);
    gboolean sink = name && strstr(name, "sink") != NULL;
    g_free(name);
    return sink;
}

// MARK: - playbin's properties

static inline void bl_gst_set_uri(GstElement *playbin, const gchar *uri) {
    g_object_set(playbin, "uri", uri, NULL);
}

/// playbin's flags: audio only, with its own volume (no video, no subtitles, no visualisation).
static inline void bl_gst_set_audio_only(GstElement *playbin) {
    g_object_set(playbin, "flags", 0x00000002 | 0x00000010, NULL);
}

/// playbin's volume, on the cubic scale the ear finds even (GstStreamVolume's, as GNOME's
/// players use); 0 is muted.
static inline void bl_gst_set_cubic_volume(GstElement *playbin, gdouble volume) {
    gst_stream_volume_set_volume(GST_STREAM_VOLUME(playbin), GST_STREAM_VOLUME_FORMAT_CUBIC, volume);
}

/// ReplayGain's filter: `rgvolume` (which applies the gain the file's tags give) then
/// `rglimiter` (which keeps a raised track from clipping), in a bin with a sink reference the
/// caller owns; NULL when gstreamer1.0-plugins-good is not installed.
static inline GstElement *bl_gst_make_replay_gain_filter(void) {
    GstElement *bin = gst_parse_bin_from_description("rgvolume name=replaygain ! rglimiter", TRUE, NULL);
    if (bin != NULL) gst_object_ref_sink(bin);
    return bin;
}

/// Album gain (an album played in order) or track gain (shuffled tracks).
static inline void bl_gst_set_replay_gain_album_mode(GstElement *filter, gboolean album) {
    GstElement *volume = gst_bin_get_by_name(GST_BIN(filter), "replaygain");
    if (volume == NULL) return;
    g_object_set(volume, "album-mode", album, NULL);
    gst_object_unref(volume);
}

/// playbin's audio filter (NULL: none). playbin takes it when the next file is loaded (it
/// may change only while the pipeline is stopped or ready).
static inline void bl_gst_set_audio_filter(GstElement *playbin, GstElement *filter) {
    g_object_set(playbin, "audio-filter", filter, NULL);
}

static inline void bl_gst_set_audio_sink(GstElement *playbin, GstElement *sink) {
    g_object_set(playbin, "audio-sink", sink, NULL);
}

// MARK: - The output

/// Whether `autoaudiosink` (a bin) ended up with a fake sink inside: it found no sound server
/// and no device it could open, and plays into nothing at the clock's pace.
static inline gboolean bl_gst_auto_sink_is_fake(GstElement *autosink) {
    if (!GST_IS_BIN(autosink)) return FALSE;
    gboolean fake = FALSE;
    GstIterator *children = gst_bin_iterate_elements(GST_BIN(autosink));
    GValue item = G_VALUE_INIT;
    while (gst_iterator_next(children, &item) == GST_ITERATOR_OK) {
        GstElement *child = GST_ELEMENT(g_value_get_object(&item));
        GstElementFactory *factory = gst_element_get_factory(child);
        const gchar *name = factory ? gst_plugin_feature_get_name(GST_PLUGIN_FEATURE(factory)) : NULL;
        if (name && (strcmp(name, "fakesink") == 0 || strcmp(name, "fakeaudiosink") == 0)) fake = TRUE;
        g_value_reset(&item);
    }
    g_value_unset(&item);
    gst_iterator_free(children);
    return fake;
}

// MARK: - The bus

/// The field an error message gains, as it is posted, naming the file it is about.
#define BL_GST_FAILED_URI_FIELD "bluelibrary-uri"

/// The URI of the file the element `object` reads: the `uri` of the nearest `uridecodebin`
/// above it (a new string), or NULL (the output, or playbin itself).
static inline gchar *bl_gst_uri_read_by(GstObject *object) {
    GstObject *current = object ? gst_object_ref(object) : NULL;
    while (current) {
        GstElementFactory *factory = GST_IS_ELEMENT(current) ? gst_element_get_factory(GST_ELEMENT(current)) : NULL;
        if (factory && strcmp(gst_plugin_feature_get_name(GST_PLUGIN_FEATURE(factory)), "uridecodebin") == 0) {
            gchar *uri = NULL;
            g_object_get(current, "uri", &uri, NULL);
            gst_object_unref(current);
            return uri;
        }
        GstObject *parent = gst_object_get_parent(current);
        gst_object_unref(current);
        current = parent;
    }
    return NULL;
}

/// On the thread that posts them: drops the messages nobody reads (tags: a FLAC parser posts
/// its bitrate several times a minute), so they never wake the GTK thread; and has an error
/// name the file it is about, while the element that failed is still inside playbin (by the
/// time the GTK thread reads it, a failed file's decoder may have been taken apart). The bins
/// it passed through may hold the error too, so it is posted again as a named copy.
static inline GstBusSyncReply bl_gst_drop_unread(GstBus *bus, GstMessage *message, gpointer data) {
    (void)data;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_TAG) return GST_BUS_DROP;
    if (GST_MESSAGE_TYPE(message) != GST_MESSAGE_ERROR) return GST_BUS_PASS;
    const GstStructure *structure = gst_message_get_structure(message);
    if (structure && gst_structure_has_field(structure, BL_GST_FAILED_URI_FIELD)) return GST_BUS_PASS;
    gchar *uri = bl_gst_uri_read_by(GST_MESSAGE_SRC(message));
    if (!uri) return GST_BUS_PASS;
    GstMessage *named = gst_message_copy(message);
    gst_structure_set(gst_message_writable_structure(named), BL_GST_FAILED_URI_FIELD, G_TYPE_STRING, uri, NULL);
    g_free(uri);
    gst_bus_post(bus, named);
    return GST_BUS_DROP;
}

/// The file an error message is about (see `bl_gst_drop_unread`), or NULL; owned by the message.
static inline const gchar *bl_gst_error_uri(GstMessage *message) {
    const GstStructure *structure = gst_message_get_structure(message);
    return structure ? gst_structure_get_string(structure, BL_GST_FAILED_URI_FIELD) : NULL;
}

static inline void bl_gst_bus_drop_unread(GstBus *bus) {
    gst_bus_set_sync_handler(bus, bl_gst_drop_unread, NULL, NULL);
}

// MARK: - Sound flowing

/// When sound last reached the output (g_get_monotonic_time), written on a streaming thread,
/// read on the GTK thread.
typedef struct bl_gst_flow_watch {
    gint64 last_seen;
} bl_gst_flow_watch;

static inline GstPadProbeReturn bl_gst_flow_seen(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad;
    (void)info;
    __atomic_store_n(&((bl_gst_flow_watch *)data)->last_seen, g_get_monotonic_time(), __ATOMIC_RELAXED);
    return GST_PAD_PROBE_OK;
}

/// Watches the buffers that reach `sink`'s sink pad; NULL when it has none. The watch lives
/// as long as the pad (freed with it).
static inline bl_gst_flow_watch *bl_gst_watch_flow(GstElement *sink) {
    GstPad *pad = gst_element_get_static_pad(sink, "sink");
    if (!pad) return NULL;
    bl_gst_flow_watch *watch = g_new0(bl_gst_flow_watch, 1);
    watch->last_seen = g_get_monotonic_time();
    gst_pad_add_probe(pad, (GstPadProbeType)(GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST),
                      bl_gst_flow_seen, watch, g_free);
    gst_object_unref(pad);
    return watch;
}

/// From now on, sound is expected: the time without it counts from now.
static inline void bl_gst_flow_expect(bl_gst_flow_watch *watch) {
    __atomic_store_n(&watch->last_seen, g_get_monotonic_time(), __ATOMIC_RELAXED);
}

/// Microseconds since sound last reached the output (or since it was last expected).
static inline gint64 bl_gst_flow_silence(bl_gst_flow_watch *watch) {
    return g_get_monotonic_time() - __atomic_load_n(&watch->last_seen, __ATOMIC_RELAXED);
}

// MARK: - Letting go of a pipeline stuck in a read

/// Stops `element` and drops a reference on it: the body of a thread of its own (stopping
/// waits for the streaming threads, and one stuck in a read returns when the read does).
static inline void bl_gst_stop_and_release(GstElement *element) {
    gst_element_set_state(element, GST_STATE_NULL);
    gst_object_unref(element);
}

// MARK: - Signals

/// Connects `about-to-finish` (emitted on a streaming thread) to `handler`.
static inline gulong bl_gst_connect_about_to_finish(GstElement *playbin, void (*handler)(GstElement *, gpointer),
                                                    gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(playbin, "about-to-finish", G_CALLBACK(handler), data, destroy, 0);
}

#endif
