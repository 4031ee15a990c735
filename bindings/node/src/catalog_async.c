/*
 * catalog_async.c -- opening and compiling catalogs off the JavaScript thread.
 *
 * Opening reads every table of a directory, compiling writes a whole catalog: for a large
 * catalog either is long enough to stall an event loop. catalogOpenAsync and
 * catalogCompileAsync run ef_catalog_open and ef_catalog_compile (both safe on any thread) on
 * libuv's thread pool and settle a promise on the JavaScript thread. A work thread touches only
 * its request and the library, never N-API; a compile's catalog is held (hold_catalog) from
 * the call to the completion, so that close() meanwhile cannot free it under the work.
 */
#include "addon.h"

#include <stdlib.h>

/* Settles `deferred`: resolved with `value`, or rejected with it when `rejected`. A NULL value
 * (making it threw) rejects with the exception that says why. */
static void settle(napi_env env, napi_deferred deferred, int rejected, napi_value value) {
    if (value == NULL) {
        if (napi_get_and_clear_last_exception(env, &value) != napi_ok || value == NULL)
            napi_get_undefined(env, &value);
        rejected = 1;
    }
    if (rejected)
        napi_reject_deferred(env, deferred, value);
    else
        napi_resolve_deferred(env, deferred, value);
}

/* Queues `request`'s work (named `name` for async hooks) and returns the promise its completion
 * settles, setting *work and *deferred. NULL if thrown: the caller frees the request, and
 * deletes *work if it is set. */
static napi_value queue_work(napi_env env, const char *name, napi_async_execute_callback execute,
                             napi_async_complete_callback complete, void *request, napi_async_work *work,
                             napi_deferred *deferred) {
    napi_value resource_name = NULL;
    napi_value promise = NULL;
    if (napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &resource_name) != napi_ok ||
        napi_create_async_work(env, NULL, resource_name, execute, complete, request, work) != napi_ok ||
        napi_create_promise(env, deferred, &promise) != napi_ok ||
        napi_queue_async_work(env, *work) != napi_ok)
        return throw_napi_failure(env); /* a promise made is never settled; nothing reaches it */
    return promise;
}

/* ------------------------------------------------------------------------------- open */

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

static void free_open_request(napi_env env, open_request *request) {
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
    if (status != napi_ok) {
        /* Cancelled (the environment is ending): nothing to settle, only to free. */
        ef_catalog_free(request->catalog);
        ef_error_details_free(request->details);
    } else if (request->status != EF_OK) {
        settle(env, request->deferred, 1, make_error_from_details(env, request->status, request->details));
    } else {
        /* wrap_catalog owns the catalog, even when it fails. */
        settle(env, request->deferred, 0, wrap_catalog(env, request->catalog));
    }
    free_open_request(env, request);
}

/* catalogOpenAsync(path, developmentLocale, strict, onDemand, mapped, localizedNumbers,
 *                  pseudoLocales) -> a promise of a handle */
napi_value catalog_open_async(napi_env env, napi_callback_info info) {
    napi_value arguments[7];
    napi_value promise = NULL;
    uint32_t flags = 0;
    open_request *request = NULL;
    if (!get_arguments(env, info, 7, arguments) || !get_open_flags(env, arguments + 2, &flags))
        return NULL;
    request = calloc(1, sizeof *request);
    if (request == NULL)
        return throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
    request->flags = flags;
    if (!get_path(env, arguments[0], "path", &request->path) ||
        !get_utf8(env, arguments[1], "developmentLocale", 1, &request->development_locale) ||
        (promise = queue_work(env, "errorformatter.Catalog.openAsync", execute_open, complete_open, request,
                              &request->work, &request->deferred)) == NULL) {
        free_open_request(env, request);
        return NULL;
    }
    return promise;
}

/* ---------------------------------------------------------------------------- compile */

typedef struct compile_request {
    napi_async_work work;
    napi_deferred deferred;
    catalog_box *box; /* held until the completion */
    const ef_catalog *catalog;
    char *path;
    /* Set by the work thread. */
    ef_status status;
    ef_error_details *details;
} compile_request;

/* Frees the request and ends its hold on the catalog (which close() may have left to it). */
static void free_compile_request(napi_env env, compile_request *request) {
    if (request->work != NULL)
        napi_delete_async_work(env, request->work);
    release_catalog(request->box);
    free(request->path);
    free(request);
}

/* On the thread pool: only the library, on the held catalog. */
static void execute_compile(napi_env env, void *data) {
    compile_request *request = data;
    (void)env;
    request->status = ef_catalog_compile(request->catalog, request->path, &request->details);
}

/* Back on the JavaScript thread: resolves with undefined, or rejects with the error. */
static void complete_compile(napi_env env, napi_status status, void *data) {
    compile_request *request = data;
    napi_value nothing = NULL;
    if (status != napi_ok) {
        /* Cancelled (the environment is ending): nothing to settle, only to free. */
        ef_error_details_free(request->details);
    } else if (request->status != EF_OK) {
        settle(env, request->deferred, 1, make_error_from_details(env, request->status, request->details));
    } else {
        napi_get_undefined(env, &nothing);
        settle(env, request->deferred, 0, nothing);
    }
    free_compile_request(env, request);
}

/* catalogCompileAsync(handle, path) -> a promise of undefined, once the file is written. The
 * arguments are checked as catalogCompile checks them, in the same order, and throw. */
napi_value catalog_compile_async(napi_env env, napi_callback_info info) {
    napi_value arguments[2];
    napi_value promise = NULL;
    compile_request *request = NULL;
    catalog_box *box = NULL;
    const ef_catalog *catalog = NULL;
    if (!get_arguments(env, info, 2, arguments) || (box = hold_catalog(env, arguments[0], &catalog)) == NULL)
        return NULL;
    request = calloc(1, sizeof *request);
    if (request == NULL) {
        release_catalog(box);
        return throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
    }
    request->box = box;
    request->catalog = catalog;
    if (!get_path(env, arguments[1], "path", &request->path) ||
        (promise = queue_work(env, "errorformatter.Catalog.compileAsync", execute_compile, complete_compile,
                              request, &request->work, &request->deferred)) == NULL) {
        free_compile_request(env, request);
        return NULL;
    }
    return promise;
}
