#ifndef CWATERFALLCURL_SHIM_H
#define CWATERFALLCURL_SHIM_H

// A machine without libcurl's headers gets one line that says what to run, instead of clang's
// "file not found".
#if !__has_include(<curl/curl.h>)
#error "libcurl's headers are missing (curl/curl.h): run bash scripts/setup.sh (Debian/Ubuntu: libcurl4-openssl-dev) or brew install curl"
#else

#include <curl/curl.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper for each kind of value they take.

static inline CURLcode wf_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode wf_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// A string, copied by libcurl; NULL for none.
static inline CURLcode wf_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// An slist, a buffer or a callback's data, which must outlive the request; NULL for none.
static inline CURLcode wf_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode wf_curl_setopt_write(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode wf_curl_setopt_opensocket(CURL *handle, curl_opensocket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}

/// Bytes (certificates in PEM for CURLOPT_CAINFO_BLOB), copied by libcurl.
static inline CURLcode wf_curl_setopt_blob(CURL *handle, CURLoption option, const void *bytes, size_t length) {
    struct curl_blob blob = {(void *)bytes, length, CURL_BLOB_COPY};
    return curl_easy_setopt(handle, option, &blob);
}

static inline CURLcode wf_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode wf_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// A string libcurl owns (NULL when it has none).
static inline CURLcode wf_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

/// The address of a socket libcurl is about to open: its 4 (IPv4) or 16 (IPv6) bytes copied to
/// `out`; how many, or 0 for another family.
static inline int wf_curl_sockaddr_bytes(const struct curl_sockaddr *address, unsigned char out[16]) {
    if (address->family == AF_INET && address->addrlen >= sizeof(struct sockaddr_in)) {
        memcpy(out, &((const struct sockaddr_in *)&address->addr)->sin_addr, 4);
        return 4;
    }
    if (address->family == AF_INET6 && address->addrlen >= sizeof(struct sockaddr_in6)) {
        memcpy(out, &((const struct sockaddr_in6 *)&address->addr)->sin6_addr, 16);
        return 16;
    }
    return 0;
}

#endif
#endif
