// libcurl opened with dlopen at the first transfer: see CCurl.h for why.

#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// MARK: - Loading

/// libcurl's functions, found once by `load`.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *remaining);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
    /// NULL before libcurl 7.83.
    CURLHcode (*easy_header)(CURL *handle, const char *name, size_t index, unsigned int origin, int request, struct curl_header **header);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static bool is_loaded = false;
static char load_error[256] = "";

#define FIND(field, symbol)                                                        \
    do {                                                                           \
        *(void **)(&curl.field) = dlsym(library, symbol);                          \
        if (curl.field == NULL) {                                                  \
            snprintf(load_error, sizeof load_error, "libcurl has no %s", symbol);  \
            return;                                                                \
        }                                                                          \
    } while (0)

static void load(void) {
    // The soname of libcurl 7.16 and later (the Debian package libcurl4).
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : "libcurl.so.4 could not be opened");
        return;
    }
    FIND(global_init, "curl_global_init");
    FIND(easy_init, "curl_easy_init");
    FIND(easy_cleanup, "curl_easy_cleanup");
    FIND(easy_strerror, "curl_easy_strerror");
    FIND(easy_setopt, "curl_easy_setopt");
    FIND(easy_getinfo, "curl_easy_getinfo");
    FIND(multi_init, "curl_multi_init");
    FIND(multi_cleanup, "curl_multi_cleanup");
    FIND(multi_add_handle, "curl_multi_add_handle");
    FIND(multi_remove_handle, "curl_multi_remove_handle");
    FIND(multi_perform, "curl_multi_perform");
    FIND(multi_poll, "curl_multi_poll");
    FIND(multi_wakeup, "curl_multi_wakeup");
    FIND(multi_info_read, "curl_multi_info_read");
    FIND(slist_append, "curl_slist_append");
    FIND(slist_free_all, "curl_slist_free_all");
    *(void **)(&curl.easy_header) = dlsym(library, "curl_easy_header");
    // The global set-up must run once, before any other call (it initialises OpenSSL).
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed: %s", curl.easy_strerror(code));
        return;
    }
    is_loaded = true;
}

bool bl_curl_load(void) {
    pthread_once(&load_once, load);
    return is_loaded;
}

const char *bl_curl_load_error(void) {
    pthread_once(&load_once, load);
    return load_error;
}

// MARK: - Easy handles

CURL *bl_curl_easy_init(void) { return curl.easy_init(); }
void bl_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
const char *bl_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode bl_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode bl_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode bl_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode bl_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode bl_curl_easy_setopt_write_function(CURL *handle, bl_curl_write_callback callback) {
    return curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

CURLcode bl_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode bl_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode bl_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl.easy_getinfo(handle, info, value);
}

// MARK: - Requests with a body and headers

struct curl_slist *bl_curl_slist_append(struct curl_slist *list, const char *header) { return curl.slist_append(list, header); }
void bl_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

const char *bl_curl_easy_header_value(CURL *handle, const char *name) {
    struct curl_header *header = NULL;
    if (curl.easy_header == NULL || curl.easy_header(handle, name, 0, CURLH_HEADER, -1, &header) != CURLHE_OK || header == NULL) {
        return NULL;
    }
    return header->value;
}

// MARK: - The multi handle

CURLM *bl_curl_multi_init(void) { return curl.multi_init(); }
CURLMcode bl_curl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode bl_curl_multi_add_handle(CURLM *multi, CURL *handle) { return curl.multi_add_handle(multi, handle); }
CURLMcode bl_curl_multi_remove_handle(CURLM *multi, CURL *handle) { return curl.multi_remove_handle(multi, handle); }
CURLMcode bl_curl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMcode bl_curl_multi_poll(CURLM *multi, int timeout_ms) { return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
CURLMcode bl_curl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
CURLMsg *bl_curl_multi_info_read(CURLM *multi, int *remaining) { return curl.multi_info_read(multi, remaining); }

CURLcode bl_curl_msg_result(const CURLMsg *message) { return message->data.result; }
