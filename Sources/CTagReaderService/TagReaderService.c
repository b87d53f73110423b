// TagReaderService.c — the helper's loop: a request in, TagLib's answer out (TagReaderService.h).

#include "TagReaderService.h"
#include "TagReader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

// MARK: - Whole reads and writes

/// Reads exactly `size` bytes. 1 on success, 0 at the end of input, -1 on an error or a
/// short read (the other side went away mid-request).
static int read_fully(int fd, void *buffer, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t got = read(fd, (char *)buffer + done, size - done);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return -1;
        if (got == 0) return done == 0 ? 0 : -1;
        done += (size_t)got;
    }
    return 1;
}

/// Writes `first` then `second` whole, in one call when the socket takes them: the app
/// wakes once for an answer, not once for its header and again for its payload.
static int write_both(int fd, const void *first, size_t first_size, const void *second, size_t second_size) {
    struct iovec parts[2] = {{(void *)first, first_size}, {(void *)second, second_size}};
    int count = second_size > 0 ? 2 : 1;
    struct iovec *part = parts;
    while (count > 0) {
        ssize_t put = writev(fd, part, count);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return 0;
        while (count > 0 && (size_t)put >= part->iov_len) {
            put -= (ssize_t)part->iov_len;
            part++;
            count--;
        }
        if (count > 0) {
            part->iov_base = (char *)part->iov_base + put;
            part->iov_len -= (size_t)put;
        }
    }
    return 1;
}

// MARK: - The answer being made

/// A growing byte buffer; `failed` once memory ran out.
typedef struct payload {
    unsigned char *bytes;
    size_t length, capacity;
    int failed;
} payload;

static void append(payload *p, const void *bytes, size_t size) {
    if (p->failed || size == 0) return;
    if (p->length + size > p->capacity) {
        size_t capacity = p->capacity ? p->capacity : 256;
        while (capacity < p->length + size) capacity *= 2;
        unsigned char *grown = realloc(p->bytes, capacity);
        if (!grown) {
            p->failed = 1;
            return;
        }
        p->bytes = grown;
        p->capacity = capacity;
    }
    memcpy(p->bytes + p->length, bytes, size);
    p->length += size;
}

static void append_u32(payload *p, uint32_t value) { append(p, &value, sizeof value); }

static void append_string(payload *p, const char *text) {
    size_t length = text ? strlen(text) : 0;
    append_u32(p, (uint32_t)length);
    append(p, text, length);
}

static int send_answer(int output, uint8_t status, uint64_t value, const payload *p) {
    bl_answer_header header = {.status = status, .value = value, .payload_length = p ? p->length : 0};
    return write_both(output, &header, sizeof header, p ? p->bytes : NULL, p ? p->length : 0);
}

// MARK: - Answering

static int answer_tags(int output, const char *path) {
    bl_tags tags;
    memset(&tags, 0, sizeof tags);
    int status = bl_tags_read(path, &tags);
    payload p = {0};
    if (status == BL_TAGS_OK) {
        const char *texts[] = {tags.title, tags.artist, tags.album_artist, tags.album, tags.genre,
                               tags.musicbrainz_album_id};
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) append_string(&p, texts[i]);
        append_u32(&p, tags.year);
        append_u32(&p, tags.track);
        append_u32(&p, tags.disc);
        append(&p, &tags.duration, sizeof tags.duration);
        append_u32(&p, tags.has_front_cover ? 1 : 0);
        append_string(&p, tags.musicbrainz_recording_id);
        bl_tags_free(&tags);
        if (p.failed) status = BL_TAGS_UNREADABLE;
    }
    int sent = send_answer(output, (uint8_t)status, 0, status == BL_TAGS_OK ? &p : NULL);
    free(p.bytes);
    return sent;
}

static int answer_front_cover(int output, const char *path, uint64_t max_bytes) {
    unsigned char *data = NULL;
    size_t size = 0;
    int status = bl_tags_front_cover(path, (size_t)max_bytes, &data, &size);
    payload p = {.bytes = data, .length = status == BL_COVER_OK ? size : 0, .capacity = size};
    int sent = send_answer(output, (uint8_t)status, status == BL_COVER_TOO_LARGE ? size : 0, &p);
    bl_tags_free_data(data);
    return sent;
}

int bl_service_serve(int input, int output, bl_service_hook hook) {
    for (;;) {
        bl_request_header header;
        int got = read_fully(input, &header, sizeof header);
        if (got == 0) return 0;
        if (got < 0 || header.path_length == 0 || header.path_length > BL_REQUEST_MAX_PATH) return 1;
        char *path = malloc((size_t)header.path_length + 1);
        if (!path) return 1;
        if (read_fully(input, path, header.path_length) != 1) {
            free(path);
            return 1;
        }
        path[header.path_length] = '\0';
        if (hook) hook(header.kind, path);
        int sent;
        switch (header.kind) {
        case BL_REQUEST_TAGS: sent = answer_tags(output, path); break;
        case BL_REQUEST_FRONT_COVER: sent = answer_front_cover(output, path, header.max_bytes); break;
        default: sent = 0; break;
        }
        free(path);
        if (!sent) return 1;
    }
}

int bl_service_greet(int output, const char *confinement_report) {
    payload p = {0};
    if (confinement_report) append(&p, confinement_report, strlen(confinement_report));
    int sent = !p.failed && send_answer(output, BL_ANSWER_READY, 0, &p);
    free(p.bytes);
    return sent ? 0 : 1;
}
