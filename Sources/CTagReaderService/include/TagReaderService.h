/*
 * TagReaderService.h — the tag reader helper's side of its pipe: what the
 * `bluelibrary-tag-reader` process (and the tests' faulty stand-in) runs.
 *
 * The app never parses a music file itself. It hands paths to helper processes
 * over a socket, and each helper reads them with TagLib (CTagReader) and answers
 * with plain values. A file that crashes or hangs TagLib then costs the helper,
 * never the window. The wire format is below; LibraryCore's TagReaderProcess is
 * the other side.
 *
 * Every number is in the machine's byte order: both ends run on one machine.
 */
#ifndef BL_TAG_READER_SERVICE_H
#define BL_TAG_READER_SERVICE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Requests

/// What a request asks for.
enum { BL_REQUEST_TAGS = 'T', BL_REQUEST_FRONT_COVER = 'C' };

/// The longest path a request may carry (the kernel's PATH_MAX is 4096).
enum { BL_REQUEST_MAX_PATH = 65536 };

/// A request: this header, then `path_length` bytes of the path (no NUL).
typedef struct bl_request_header {
    uint8_t kind;
    uint8_t reserved[3];
    uint32_t path_length;
    /// For BL_REQUEST_FRONT_COVER: the largest picture copied (bl_tags_front_cover).
    uint64_t max_bytes;
} bl_request_header;

// MARK: - Answers

/// An answer's status: BL_TAGS_* for tags, BL_COVER_* for a cover (TagReader.h),
/// or BL_ANSWER_READY for the greeting a helper sends once it started.
enum { BL_ANSWER_READY = 0x52 };

/// An answer: this header, then `payload_length` bytes.
/// - The greeting: the payload is what confinement could not do, in words ("" when all held).
/// - Tags (BL_TAGS_OK): six strings (title, artist, album artist, album, genre,
///   MusicBrainz album id), each a uint32_t length and its UTF-8 bytes; then uint32_t
///   year, track and disc (0 when absent), a double duration in seconds, and a
///   uint32_t that is 1 when the file holds a front cover.
/// - A cover (BL_COVER_OK): the picture's bytes. BL_COVER_TOO_LARGE: `value` is its size.
typedef struct bl_answer_header {
    uint8_t status;
    uint8_t reserved[7];
    uint64_t value;
    uint64_t payload_length;
} bl_answer_header;

// MARK: - Serving

/// Called with each request before it is read (the tests' faulty helper crashes or
/// hangs here on purpose). NULL for none.
typedef void (*bl_service_hook)(uint8_t kind, const char *path);

/// Answers requests read from `input` on `output` until `input` ends. Returns 0 when
/// the other side closed it, 1 on a malformed request or a failed write.
int bl_service_serve(int input, int output, bl_service_hook hook);

/// Writes the greeting, with `confinement_report` ("" or NULL when all held). 0 on success.
int bl_service_greet(int output, const char *confinement_report);

// MARK: - Confinement

/// Takes from this process what reading files does not need: new privileges
/// (PR_SET_NO_NEW_PRIVS), writing, creating, removing and running files (Landlock),
/// and sockets, new processes, other processes and writes to descriptors other than
/// 0–2 (seccomp). Returns 0 when every layer held; otherwise writes what the kernel
/// refused, in words, to `report` and returns 1 (the layers that held stay).
int bl_service_confine(char *report, size_t report_size);

#ifdef __cplusplus
}
#endif

#endif /* BL_TAG_READER_SERVICE_H */
