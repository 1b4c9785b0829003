#ifndef FREMONT_CURL_SHIM_H
#define FREMONT_CURL_SHIM_H

// libcurl's easy interface for Swift, which cannot call curl_easy_setopt and
// curl_easy_getinfo (they are variadic): one typed function for each kind of argument.
#include <curl/curl.h>

typedef size_t (*fremont_curl_data_function)(char *data, size_t size, size_t count, void *context);
typedef int (*fremont_curl_progress_function)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                              curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode fremont_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode fremont_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fremont_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fremont_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fremont_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fremont_curl_set_data_function(CURL *handle, CURLoption option, fremont_curl_data_function value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode fremont_curl_set_progress_function(CURL *handle, fremont_curl_progress_function value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

/// The errno of the last failed connect (ECONNREFUSED, ETIMEDOUT, …), 0 when none.
static inline long fremont_curl_os_errno(CURL *handle) {
    long value = 0;
    curl_easy_getinfo(handle, CURLINFO_OS_ERRNO, &value);
    return value;
}

/// The status a proxy answered the tunnel's CONNECT with (407, 502, …), 0 when there was none.
static inline long fremont_curl_connect_code(CURL *handle) {
    long value = 0;
    curl_easy_getinfo(handle, CURLINFO_HTTP_CONNECTCODE, &value);
    return value;
}

#endif
