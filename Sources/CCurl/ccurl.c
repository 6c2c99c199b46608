#include "ccurl.h"

#if __has_include(<curl/curl.h>)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The soname of Debian's libcurl4 (and of libcurl 7.16 onwards everywhere): the ABI the headers
// this target compiles against describe.
static const char library_name[] = "libcurl.so.4";

static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char failure_text[512];

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot) return 1;
    snprintf(failure_text, sizeof failure_text, "%s has no %s", library_name, name);
    load_failure = failure_text;
    return 0;
}

static void load(void) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure_text, sizeof failure_text, "%s", reason ? reason : library_name);
        load_failure = failure_text;
        return;
    }
    // Never closed: the process fetches until it exits.
    if (!resolve(library, (void **)&api.global_init, "curl_global_init")
        || !resolve(library, (void **)&api.easy_init, "curl_easy_init")
        || !resolve(library, (void **)&api.easy_cleanup, "curl_easy_cleanup")
        || !resolve(library, (void **)&api.easy_perform, "curl_easy_perform")
        || !resolve(library, (void **)&api.easy_strerror, "curl_easy_strerror")
        || !resolve(library, (void **)&api.easy_setopt, "curl_easy_setopt")
        || !resolve(library, (void **)&api.easy_getinfo, "curl_easy_getinfo")
        || !resolve(library, (void **)&api.slist_append, "curl_slist_append")
        || !resolve(library, (void **)&api.slist_free_all, "curl_slist_free_all")) {
        return;
    }
    CURLcode started = api.global_init(CURL_GLOBAL_DEFAULT);
    if (started != CURLE_OK) {
        snprintf(failure_text, sizeof failure_text, "curl_global_init failed: %s", api.easy_strerror(started));
        load_failure = failure_text;
    }
}

const char *ccurl_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

CURL *ccurl_easy_init(void) { return api.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { api.easy_cleanup(handle); }
CURLcode ccurl_easy_perform(CURL *handle) { return api.easy_perform(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) {
    return api.slist_append(list, text);
}
void ccurl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode ccurl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode ccurl_set_headers(CURL *handle, struct curl_slist *headers) {
    return api.easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}
CURLcode ccurl_set_write_function(CURL *handle, ccurl_data_callback callback) {
    return api.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
CURLcode ccurl_set_header_function(CURL *handle, ccurl_data_callback callback) {
    return api.easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}
CURLcode ccurl_set_progress_function(CURL *handle, ccurl_progress_callback callback) {
    return api.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
CURLcode ccurl_response_code(CURL *handle, long *code) {
    return api.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

#endif
