/*
 * TagReader.h — a plain C API for reading (and, for tests, writing) audio tags
 * with TagLib 1.13. Supported formats, chosen by file extension (case-insensitive):
 * .mp3 (ID3v2), .flac, .ogg/.oga (Vorbis, falling back to Opus), .opus,
 * .m4a/.mp4/.m4b (MP4 atoms).
 *
 * Every function is safe to call with any input file: no C++ exception escapes,
 * and all returned strings are valid UTF-8.
 */
#ifndef BL_TAG_READER_H
#define BL_TAG_READER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The tags of one audio file.
/// Every string is malloc'd, valid UTF-8 and never NULL after a successful read
/// ("" when the tag is absent). Free the struct's contents with bl_tags_free().
typedef struct bl_tags {
    char *title;
    char *artist;
    char *album_artist;
    char *album;
    char *genre;
    char *musicbrainz_album_id;
    /// The MusicBrainz recording id (MUSICBRAINZ_TRACKID: Picard's "MusicBrainz Track Id").
    char *musicbrainz_recording_id;
    /// 0 when absent.
    unsigned year;
    /// 0 when absent.
    unsigned track;
    /// 0 when absent.
    unsigned disc;
    /// Length in seconds (TagLib milliseconds / 1000.0).
    double duration;
    /// 1 when an embedded picture usable as front cover exists, else 0.
    int has_front_cover;
} bl_tags;

/// Result codes of bl_tags_read().
enum { BL_TAGS_OK = 0, BL_TAGS_UNREADABLE = 1, BL_TAGS_NOT_AUDIO = 2 };

/// Reads the tags and duration of the audio file at `path`.
/// Returns BL_TAGS_OK and fills `*out` on success; BL_TAGS_NOT_AUDIO when the
/// extension is not a supported audio type; BL_TAGS_UNREADABLE when TagLib
/// cannot parse the file (or on any other failure). `*out` is left untouched
/// unless the result is BL_TAGS_OK.
int bl_tags_read(const char *path, bl_tags *out);

/// Frees the strings of `tags` and sets them to NULL. Safe on a zeroed struct
/// and on NULL.
void bl_tags_free(bl_tags *tags);

/// Result codes of bl_tags_front_cover().
enum { BL_COVER_OK = 0, BL_COVER_NONE = 1, BL_COVER_TOO_LARGE = 2, BL_COVER_UNREADABLE = 3 };

/// Extracts the embedded front cover of the file at `path`.
/// - BL_COVER_OK: `*data` is a malloc'd copy of the picture (free it with
///   bl_tags_free_data()) and `*size` its length in bytes.
/// - BL_COVER_TOO_LARGE: the picture is larger than `max_bytes`; `*size` is its
///   size and `*data` is NULL (nothing is copied).
/// - BL_COVER_NONE: no embedded picture; `*data` NULL, `*size` 0.
/// - BL_COVER_UNREADABLE: the file cannot be parsed, is not a supported audio
///   type, or memory ran out; `*data` NULL, `*size` 0.
int bl_tags_front_cover(const char *path, size_t max_bytes, unsigned char **data, size_t *size);

/// Frees data returned by bl_tags_front_cover(). Safe on NULL.
void bl_tags_free_data(unsigned char *data);

/// What bl_tags_write() stores. Strings that are NULL or "" are left out,
/// numbers that are 0 are left out, and `cover` NULL means no picture.
typedef struct bl_tags_write_request {
    const char *title, *artist, *album_artist, *album, *genre, *musicbrainz_album_id, *musicbrainz_recording_id;
    unsigned year, track, disc;
    const unsigned char *cover;
    size_t cover_size;
    /// MIME type of `cover`, e.g. "image/png" or "image/jpeg".
    const char *cover_mime;
} bl_tags_write_request;

/// Writes the tags of `request` into the existing audio file at `path`,
/// replacing the fields it covers (and all embedded pictures when `cover` is
/// given). Intended for tests. Returns 1 on success, 0 on failure.
int bl_tags_write(const char *path, const bl_tags_write_request *request);

#ifdef __cplusplus
}
#endif

#endif /* BL_TAG_READER_H */
