// libcurl for the Swift side, loaded when the first transfer needs it.
//
// Linking libcurl would load it at every launch with its two dozen libraries (OpenSSL,
// GnuTLS, Kerberos, LDAP, RTMP, SSH...), whose own set-up runs as they load: 5.7 MiB of peak
// memory and 5 ms, measured with a libadwaita window, for an app that downloads only covers
// it has not cached. So the library is opened with dlopen by `bl_curl_load`, and Swift calls
// libcurl only through the functions below (a direct call to a curl_* function would not
// link: libcurl is not linked).
//
// The wrappers also fix the type of libcurl's variadic arguments (curl_easy_setopt,
// curl_easy_getinfo), which Swift cannot pass, and read what Swift reads awkwardly (a CURLMsg's
// union, CURL_GLOBAL_DEFAULT). Types and constants come from libcurl's own header.
#ifndef BLUELIBRARY_CCURL_H
#define BLUELIBRARY_CCURL_H

#include <stdbool.h>
#include <curl/curl.h>

/// Opens libcurl and runs its global set-up, once, whichever thread asks first; false when
/// libcurl cannot be loaded (then no other function here may be called).
bool bl_curl_load(void);

/// Why `bl_curl_load` failed, in dlopen's words; empty when it did not.
const char *bl_curl_load_error(void);

/// The write callback type libcurl expects for CURLOPT_WRITEFUNCTION.
typedef size_t (*bl_curl_write_callback)(char *data, size_t size, size_t count, void *userdata);

// MARK: Easy handles

CURL *bl_curl_easy_init(void);
void bl_curl_easy_cleanup(CURL *handle);
const char *bl_curl_easy_strerror(CURLcode code);
CURLcode bl_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode bl_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
/// libcurl copies string options (since 7.17), so the Swift string may go away after the call.
CURLcode bl_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode bl_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode bl_curl_easy_setopt_write_function(CURL *handle, bl_curl_write_callback callback);
CURLcode bl_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode bl_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode bl_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);

// MARK: Requests with a body and headers

/// A list of "Name: value" request headers (curl_slist_append); NULL when it failed.
struct curl_slist *bl_curl_slist_append(struct curl_slist *list, const char *header);
void bl_curl_slist_free_all(struct curl_slist *list);
/// The value of the answer's header `name` (its first one), or NULL when it has none or this
/// libcurl cannot say (curl_easy_header is 7.83's). Valid until the handle's next use.
const char *bl_curl_easy_header_value(CURL *handle, const char *name);

// MARK: The multi handle

CURLM *bl_curl_multi_init(void);
CURLMcode bl_curl_multi_cleanup(CURLM *multi);
CURLMcode bl_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode bl_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode bl_curl_multi_perform(CURLM *multi, int *running);
CURLMcode bl_curl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode bl_curl_multi_wakeup(CURLM *multi);
CURLMsg *bl_curl_multi_info_read(CURLM *multi, int *remaining);

/// The result code of a finished transfer; CURLMsg keeps it in a union Swift reads awkwardly.
CURLcode bl_curl_msg_result(const CURLMsg *message);

#endif
