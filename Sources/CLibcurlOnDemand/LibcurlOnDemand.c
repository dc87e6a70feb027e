#include "LibcurlOnDemand.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// libcurl's types as its ABI has them (curl.h, soname 4), without its headers: their declarations
// differ between versions (curl_url_get's handle became const in 8.0), the ABI does not. Handles
// and structures are only passed through; enumerations are ints.
typedef void CURL;
typedef void CURLM;
typedef void CURLU;
typedef void CURLMsg;
typedef void curl_version_info_data;
struct curl_slist;
typedef int CURLcode;
typedef int CURLMcode;
typedef int CURLUcode;
typedef int CURLoption;
typedef int CURLMoption;
typedef int CURLINFO;
typedef int CURLUPart;
typedef int CURLversion;
typedef int curl_socket_t;
typedef int64_t curl_off_t;

// Where an option's number says its argument's type (curl.h's CURLOPTTYPE_*, the same for the
// multi options): long below 10000, then a pointer, a function, a curl_off_t, a blob's pointer.
enum {
    CURLOPTTYPE_OBJECTPOINT = 10000,
    CURLOPTTYPE_FUNCTIONPOINT = 20000,
    CURLOPTTYPE_OFF_T = 30000,
    CURLOPTTYPE_BLOB = 40000,
};

// The libcurl functions FoundationNetworking calls (swift-corelibs-foundation's
// _CFURLSessionInterface), as found in libcurl.so.4: those `nm -u lib_CFURLSessionInterface.a`
// lists for Swift 6.3's toolchain. A toolchain built against newer curl headers may call more (its
// WebSocket support, curl_ws_*); the release link, which leaves libcurl out, then fails on the
// undefined symbol, which is to be added here.
struct libcurl {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLcode (*easy_pause)(CURL *, int);
    const char *(*easy_strerror)(CURLcode);
    void (*free)(void *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_assign)(CURLM *, curl_socket_t, void *);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_socket_action)(CURLM *, curl_socket_t, int, int *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLU *(*url)(void);
    CURLUcode (*url_get)(const CURLU *, CURLUPart, char **, unsigned int);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    char *(*version)(void);
    curl_version_info_data *(*version_info)(CURLversion);
};

static struct libcurl functions;
static int loaded = 0;
static char failure_message[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static int resolve(void *library, const char *name, void **function) {
    *function = dlsym(library, name);
    if (*function) return 1;
    snprintf(failure_message, sizeof failure_message, "libcurl.so.4 has no %s (libcurl 7.62 or later is needed)", name);
    return 0;
}

#define RESOLVE(field, name) resolve(library, name, (void **)&functions.field)

static void load(void) {
    // RTLD_LOCAL: dlsym on the handle finds libcurl's own functions, never this file's.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *error = dlerror();
        snprintf(failure_message, sizeof failure_message, "%s", error ? error : "libcurl.so.4 could not be loaded");
        return;
    }
    loaded = RESOLVE(global_init, "curl_global_init") && RESOLVE(easy_init, "curl_easy_init")
        && RESOLVE(easy_cleanup, "curl_easy_cleanup") && RESOLVE(easy_setopt, "curl_easy_setopt")
        && RESOLVE(easy_getinfo, "curl_easy_getinfo") && RESOLVE(easy_pause, "curl_easy_pause")
        && RESOLVE(easy_strerror, "curl_easy_strerror") && RESOLVE(free, "curl_free")
        && RESOLVE(multi_init, "curl_multi_init") && RESOLVE(multi_add_handle, "curl_multi_add_handle")
        && RESOLVE(multi_remove_handle, "curl_multi_remove_handle") && RESOLVE(multi_assign, "curl_multi_assign")
        && RESOLVE(multi_cleanup, "curl_multi_cleanup") && RESOLVE(multi_info_read, "curl_multi_info_read")
        && RESOLVE(multi_setopt, "curl_multi_setopt") && RESOLVE(multi_socket_action, "curl_multi_socket_action")
        && RESOLVE(slist_append, "curl_slist_append") && RESOLVE(slist_free_all, "curl_slist_free_all")
        && RESOLVE(url, "curl_url") && RESOLVE(url_get, "curl_url_get") && RESOLVE(url_set, "curl_url_set")
        && RESOLVE(version, "curl_version") && RESOLVE(version_info, "curl_version_info");
}

int beagle_libcurl_load(const char **failure) {
    pthread_once(&load_once, load);
    *failure = loaded ? NULL : failure_message;
    return loaded;
}

/// The loaded functions; without libcurl, a URLSession cannot work at all: the process stops with
/// the loader's message. Commands that fetch call `beagle_libcurl_load` first and report it.
static const struct libcurl *libcurl(void) {
    const char *failure;
    if (!beagle_libcurl_load(&failure)) {
        fprintf(stderr, "beagle-mock: cannot load libcurl: %s\n", failure);
        abort();
    }
    return &functions;
}

typedef void (*any_function)(void);

/// Calls `setopt` with the one argument after `option`, read as the option's type says.
static int forward_option(int (*setopt)(void *, int, ...), void *handle, int option, va_list arguments) {
    if (option < CURLOPTTYPE_OBJECTPOINT) return setopt(handle, option, va_arg(arguments, long));
    if (option < CURLOPTTYPE_FUNCTIONPOINT) return setopt(handle, option, va_arg(arguments, void *));
    if (option < CURLOPTTYPE_OFF_T) return setopt(handle, option, va_arg(arguments, any_function));
    if (option < CURLOPTTYPE_BLOB) return setopt(handle, option, va_arg(arguments, curl_off_t));
    return setopt(handle, option, va_arg(arguments, void *));
}

// curl_easy_setopt and curl_multi_setopt, which differ only in their handle.
#define FORWARD_SETOPT(name, function, Code, Handle, Option)                          \
    Code name(Handle *handle, Option option, ...) {                                   \
        va_list arguments;                                                            \
        va_start(arguments, option);                                                  \
        Code result = forward_option(libcurl()->function, handle, option, arguments); \
        va_end(arguments);                                                            \
        return result;                                                                \
    }

FORWARD_SETOPT(curl_easy_setopt, easy_setopt, CURLcode, CURL, CURLoption)
FORWARD_SETOPT(curl_multi_setopt, multi_setopt, CURLMcode, CURLM, CURLMoption)

// Every CURLINFO takes a pointer to where the answer goes.
CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
    va_list arguments;
    va_start(arguments, info);
    CURLcode result = libcurl()->easy_getinfo(handle, info, va_arg(arguments, void *));
    va_end(arguments);
    return result;
}

CURLcode curl_global_init(long flags) { return libcurl()->global_init(flags); }
CURL *curl_easy_init(void) { return libcurl()->easy_init(); }
void curl_easy_cleanup(CURL *handle) { libcurl()->easy_cleanup(handle); }
CURLcode curl_easy_pause(CURL *handle, int bitmask) { return libcurl()->easy_pause(handle, bitmask); }
const char *curl_easy_strerror(CURLcode code) { return libcurl()->easy_strerror(code); }
void curl_free(void *pointer) { libcurl()->free(pointer); }
CURLM *curl_multi_init(void) { return libcurl()->multi_init(); }
CURLMcode curl_multi_add_handle(CURLM *multi, CURL *easy) { return libcurl()->multi_add_handle(multi, easy); }
CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *easy) { return libcurl()->multi_remove_handle(multi, easy); }
CURLMcode curl_multi_assign(CURLM *multi, curl_socket_t socket, void *data) {
    return libcurl()->multi_assign(multi, socket, data);
}
CURLMcode curl_multi_cleanup(CURLM *multi) { return libcurl()->multi_cleanup(multi); }
CURLMsg *curl_multi_info_read(CURLM *multi, int *left) { return libcurl()->multi_info_read(multi, left); }
CURLMcode curl_multi_socket_action(CURLM *multi, curl_socket_t socket, int events, int *running) {
    return libcurl()->multi_socket_action(multi, socket, events, running);
}
struct curl_slist *curl_slist_append(struct curl_slist *list, const char *text) {
    return libcurl()->slist_append(list, text);
}
void curl_slist_free_all(struct curl_slist *list) { libcurl()->slist_free_all(list); }
CURLU *curl_url(void) { return libcurl()->url(); }
CURLUcode curl_url_get(const CURLU *url, CURLUPart part, char **text, unsigned int flags) {
    return libcurl()->url_get(url, part, text, flags);
}
CURLUcode curl_url_set(CURLU *url, CURLUPart part, const char *text, unsigned int flags) {
    return libcurl()->url_set(url, part, text, flags);
}
char *curl_version(void) { return libcurl()->version(); }
curl_version_info_data *curl_version_info(CURLversion stamp) { return libcurl()->version_info(stamp); }

#else

int beagle_libcurl_load(const char **failure) {
    *failure = 0;
    return 1;
}

#endif
