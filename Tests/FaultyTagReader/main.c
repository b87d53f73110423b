// faulty-tag-reader — the tag reader helper, but it fails as a file that breaks TagLib
// would make it fail: on a file whose name contains "crashes-the-reader" it dies of
// SIGSEGV, on one with "hangs-the-reader" it never answers. Every other file it reads as
// bluelibrary-tag-reader does. Started through a symbolic link (a test's own, in its
// scratch folder), it appends each request's path to "<the link>.requests" first, so that
// the test can tell which files were read, and how often.

#include "TagReaderService.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int request_log = -1;

static void misbehave(uint8_t kind, const char *path) {
    (void)kind;
    if (request_log >= 0) {
        (void)!write(request_log, path, strlen(path));
        (void)!write(request_log, "\n", 1);
    }
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    if (strstr(name, "crashes-the-reader")) {
        // Killed by the signal itself, as a crash in TagLib would be, not reported by a
        // sanitizer's handler (the sanitizer runs count such reports as failures).
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    }
    if (strstr(name, "hangs-the-reader")) for (;;) pause();
}

int main(int argc, char **argv) {
    struct stat link;
    if (argc > 0 && lstat(argv[0], &link) == 0 && S_ISLNK(link.st_mode)) {
        char log[4096];
        if (snprintf(log, sizeof log, "%s.requests", argv[0]) < (int)sizeof log)
            request_log = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    }
    // Not confined: the log is a file it writes (the real helper's confinement has its own test).
    if (bl_service_greet(STDOUT_FILENO, "") != 0) return 1;
    return bl_service_serve(STDIN_FILENO, STDOUT_FILENO, misbehave);
}
