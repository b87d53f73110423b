// What the core needs from GLib (and libintl, which GLib's gettext helpers wrap) that Swift
// cannot import directly.
//
// g_log is variadic (a printf-style format), so the wrapper passes the message through a
// fixed "%s" format: a message containing '%' is logged as written, never interpreted.
#ifndef BLUELIBRARY_CGLIB_SHIM_H
#define BLUELIBRARY_CGLIB_SHIM_H

#include <glib.h>
#include <libintl.h>  // bindtextdomain; GLib wraps dgettext as g_dgettext
#include <locale.h>
#include <malloc.h>  // mallopt, malloc_trim

static inline void bl_g_log(const char *domain, GLogLevelFlags level, const char *message) {
    g_log(domain, level, "%s", message);
}

// Blocks of `bytes` and more come from the kernel and go back to it when freed: glibc's
// M_MMAP_THRESHOLD, fixed (by default glibc raises it after the first such block is freed).
static inline void bl_map_blocks_from(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
}

/// Gives the heap's free memory back to the system (a benchmark's rounds start alike).
static inline void bl_trim_heap(void) {
    malloc_trim(0);
}

#endif
