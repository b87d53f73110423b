// tag_reader_fuzzer.cpp — libFuzzer over CTagReader's readers (what bluelibrary-tag-reader
// runs on every music file): the tags, the length and the embedded front cover of an input
// read as MP3/ID3v2, FLAC, Ogg Vorbis, Opus, M4A or WAV. The first byte picks the format
// (the readers choose by the file's extension, as the app's do); the rest is the file.
//
// Built and run by scripts/fuzz (clang++ -fsanitize=fuzzer,address). TagLib itself is the
// system's, not instrumented: coverage guides the mutations through CTagReader's own code, and
// AddressSanitizer sees what TagLib does to memory that CTagReader hands it or gets from it.

#include "TagReader.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace {

const char *const kExtensions[] = {"mp3", "flac", "ogg", "opus", "m4a", "wav"};

/// One scratch file per format, rewritten for every input (in memory: /dev/shm).
std::string scratchPath(const char *extension) {
    return "/dev/shm/bluelibrary-fuzz-" + std::to_string(getpid()) + "." + extension;
}

bool writeFile(const std::string &path, const uint8_t *data, size_t size) {
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return false;
    size_t done = 0;
    while (done < size) {
        ssize_t put = write(fd, data + done, size - done);
        if (put <= 0) break;
        done += static_cast<size_t>(put);
    }
    close(fd);
    return done == size;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const char *extension = kExtensions[data[0] % (sizeof kExtensions / sizeof kExtensions[0])];
    const std::string path = scratchPath(extension);
    if (!writeFile(path, data + 1, size - 1)) return 0;

    bl_tags tags = {};
    if (bl_tags_read(path.c_str(), &tags) == BL_TAGS_OK) bl_tags_free(&tags);
    unsigned char *cover = nullptr;
    size_t coverSize = 0;
    bl_tags_front_cover(path.c_str(), 20u << 20, &cover, &coverSize);
    bl_tags_free_data(cover);
    unlink(path.c_str());
    return 0;
}
