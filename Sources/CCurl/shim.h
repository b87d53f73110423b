// Typed, non-variadic wrappers over libcurl's variadic calls.
//
// Swift cannot call C variadic functions such as curl_easy_setopt, curl_easy_getinfo or
// curl_multi_setopt, and it cannot import CURL_GLOBAL_DEFAULT (a macro built from other
// macros). Each wrapper below fixes the type of the variadic argument, so the Swift side
// calls them with checked types. Nothing else belongs here.
#ifndef BLUELIBRARY_CCURL_SHIM_H
#define BLUELIBRARY_CCURL_SHIM_H

#include <curl/curl.h>

/// The write callback type libcurl expects for CURLOPT_WRITEFUNCTION.
typedef size_t (*bl_curl_write_callback)(char *data, size_t size, size_t count, void *userdata);

static inline CURLcode bl_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode bl_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bl_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// libcurl copies string options (since 7.17), so the Swift string may go away after the call.
static inline CURLcode bl_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bl_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bl_curl_easy_setopt_write_function(CURL *handle, bl_curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode bl_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode bl_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode bl_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode bl_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The result code of a finished transfer; CURLMsg keeps it in a union Swift reads awkwardly.
static inline CURLcode bl_curl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
