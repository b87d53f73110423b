// bluelibrary-tag-reader — reads the tags and covers of the files BlueLibrary names, so
// that TagLib parses untrusted files in a process of its own (TagReaderService.h). The app
// starts one per core, each with a socket on its standard input and output.

#define _GNU_SOURCE
#include "TagReaderService.h"

#include <stdio.h>
#include <unistd.h>

int main(void) {
    // It ends with the app, even a killed one: the socket then ends, and so does the loop.
    // (Not PR_SET_PDEATHSIG: that fires when the *thread* that started the helper ends, and
    // the app's reading threads come and go.)
    // Nothing but its socket and the log stays open.
    close_range(3, ~0U, 0);
    char report[512];
    bl_service_confine(report, sizeof report);
    if (bl_service_greet(STDOUT_FILENO, report) != 0) return 1;
    return bl_service_serve(STDIN_FILENO, STDOUT_FILENO, NULL);
}
