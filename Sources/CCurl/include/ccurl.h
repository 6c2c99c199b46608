// libcurl for Swift, opened at run time: the binary does not link libcurl, so a server that never
// fetches neither needs it installed nor maps it and its TLS libraries into memory.
// ccurl_load() opens libcurl.so.4 once; every other function here calls into it and must follow a
// successful load. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call,
// so each argument type the transfers use gets a typed wrapper.
#ifndef CCURL_H
#define CCURL_H

// Without libcurl's headers (a build without the UpstreamFetch trait never compiles this target's
// users) the module is empty.
#if __has_include(<curl/curl.h>)
#include <curl/curl.h>

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ccurl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                       curl_off_t upload_total, curl_off_t uploaded);

/// Opens libcurl and runs curl_global_init, once per process, whoever calls first. Returns NULL
/// when libcurl is ready, or a sentence saying why it is not (the loader's own words).
const char *ccurl_load(void);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_set_headers(CURL *handle, struct curl_slist *headers);
CURLcode ccurl_set_write_function(CURL *handle, ccurl_data_callback callback);
CURLcode ccurl_set_header_function(CURL *handle, ccurl_data_callback callback);
CURLcode ccurl_set_progress_function(CURL *handle, ccurl_progress_callback callback);
CURLcode ccurl_response_code(CURL *handle, long *code);

#endif
#endif
