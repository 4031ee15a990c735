/*
 * catalog_async.c -- opening a catalog directory off the JavaScript thread.
 *
 * Opening reads every table of the directory, which for a large catalog is long enough to stall
 * an event loop; catalogOpenAsync runs ef_catalog_open (safe on any thread) on libuv's thread
 * pool and settles a promise on the JavaScript thread. The work thread touches only the
 * request below and the library, never N-API.
 */
#include "addon.h"

#include <stdlib.h>

typedef struct open_request {
    napi_async_work work;
    napi_deferred deferred;
    char *path;
    char *development_locale;
    uint32_t flags;
    /* Set by the work thread. */
    ef_catalog *catalog;
    ef_status status;
    ef_error_details *details;
} open_request;

static void free_request(napi_env env, open_request *request) {
    if (request->work != NULL)
        napi_delete_async_work(env, request->work);
    free(request->path);
    free(request->development_locale);
    free(request);
}

/* On the thread pool: only the library. */
static void execute_open(napi_env env, void *data) {
    open_request *request = data;
    (void)env;
    request->status = ef_catalog_open(&request->catalog, request->path, request->development_locale,
                                      request->flags, &request->details);
}

/* Back on the JavaScript thread: resolves with the handle, or rejects with the error. */
static void complete_open(napi_env env, napi_status status, void *data) {
    open_request *request = data;
    napi_value outcome = NULL;
    if (status != napi_ok) {
        /* Cancelled (the environment is ending): nothing to settle, only to free. */
        ef_catalog_free(request->catalog);
        ef_error_details_free(request->details);
        free_request(env, request);
        return;
    }
    if (request->status != EF_OK) {
        outcome = make_error_from_details(env, request->status, request->details);
        if (outcome != NULL)
            napi_reject_deferred(env, request->deferred, outcome);
    } else {
        outcome = wrap_catalog(env, request->catalog); /* owns the catalog, even on failure */
        if (outcome != NULL)
            napi_resolve_deferred(env, request->deferred, outcome);
    }
    if (outcome == NULL) {
        /* Making the value failed: reject with the exception that says why. */
        napi_value exception = NULL;
        if (napi_get_and_clear_last_exception(env, &exception) != napi_ok || exception == NULL)
            napi_get_undefined(env, &exception);
        napi_reject_deferred(env, request->deferred, exception);
    }
    free_request(env, request);
}

/* catalogOpenAsync(path, developmentLocale, strict, onDemand, mapped) -> a promise of a handle */
napi_value catalog_open_async(napi_env env, napi_callback_info info) {
    napi_value arguments[5];
    napi_value promise = NULL;
    napi_value name = NULL;
    uint32_t flags = 0;
    open_request *request = NULL;
    if (!get_arguments(env, info, 5, arguments) ||
        !get_open_flags(env, arguments[2], arguments[3], arguments[4], &flags))
        return NULL;
    request = calloc(1, sizeof *request);
    if (request == NULL)
        return throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
    request->flags = flags;
    if (!get_path(env, arguments[0], "path", &request->path) ||
        !get_utf8(env, arguments[1], "developmentLocale", 1, &request->development_locale)) {
        free_request(env, request);
        return NULL;
    }
    if (napi_create_string_utf8(env, "errorformatter.Catalog.openAsync", NAPI_AUTO_LENGTH, &name) != napi_ok ||
        napi_create_async_work(env, NULL, name, execute_open, complete_open, request, &request->work) != napi_ok) {
        free_request(env, request);
        return throw_napi_failure(env);
    }
    if (napi_create_promise(env, &request->deferred, &promise) != napi_ok) {
        free_request(env, request);
        return throw_napi_failure(env);
    }
    if (napi_queue_async_work(env, request->work) != napi_ok) {
        /* The promise is never settled; it is unreachable once this throws. */
        free_request(env, request);
        return throw_napi_failure(env);
    }
    return promise;
}
