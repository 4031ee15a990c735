/*
 * live.c -- live catalogs (ef_live_catalog_*, library 1.3).
 *
 * A handle object wraps the ef_live_catalog (type-tagged, as catalog handles are), freed by
 * close() or by the finalizer. liveCurrent returns an ordinary catalog handle (wrap_catalog)
 * owning the reference ef_live_catalog_current gave: index.js makes a Catalog of it. Every call
 * here is synchronous and takes no lock a reload holds; a reload (liveReload) may wait for a
 * check in progress on the library's thread, one catalog open.
 */
#include <stdlib.h>

#include "addon.h"

static const napi_type_tag live_tag = {0x2b9e47d1c0a35f86ULL, 0x91d3f6a8e4b2c057ULL};

/* What a handle wraps: the live catalog, NULL once closed. */
typedef struct live_box {
    ef_live_catalog *live;
} live_box;

static void finalize_live(napi_env env, void *data, void *hint) {
    live_box *box = data;
    (void)env;
    (void)hint;
    ef_live_catalog_free(box->live);
    free(box);
}

/* The box of a live catalog that is not closed; throws (and returns NULL) otherwise. */
static live_box *unwrap_live(napi_env env, napi_value handle) {
    bool is_live = false;
    napi_valuetype type = napi_undefined;
    void *box = NULL;
    if (napi_typeof(env, handle, &type) != napi_ok || type != napi_object ||
        napi_check_object_type_tag(env, handle, &live_tag, &is_live) != napi_ok || !is_live ||
        napi_unwrap(env, handle, &box) != napi_ok || box == NULL) {
        throw_type(env, "the live catalog handle", "a handle made by this addon");
        return NULL;
    }
    if (((live_box *)box)->live == NULL) {
        throw_status(env, EF_E_INVALID_ARGUMENT, "the live catalog is closed", NULL, 0, 0);
        return NULL;
    }
    return box;
}

/* An interval in milliseconds: a safe integer within 0 ... 2^32-1. 1 / 0 thrown. */
static int get_milliseconds(napi_env env, napi_value value, const char *what, uint32_t *out) {
    int64_t number = 0;
    if (!get_int64(env, value, what, &number))
        return 0;
    if (number < 0 || number > UINT32_MAX) {
        throw_status(env, EF_E_INVALID_ARGUMENT, "an interval out of 0 ... 4294967295 ms", NULL, 0, 0);
        return 0;
    }
    *out = (uint32_t)number;
    return 1;
}

/* liveOpen(path, developmentLocale, strict, onDemand, mapped, localizedNumbers, pseudoLocales,
 *          lintClean, checkIntervalMs, debounceMs|null) -> handle: the open's flags as catalogOpen
 * reads them (onDemand is the library's to refuse). */
napi_value live_open(napi_env env, napi_callback_info info) {
    napi_value arguments[10];
    napi_value handle = NULL;
    napi_valuetype debounce_type = napi_undefined;
    char *path = NULL;
    char *development_locale = NULL;
    uint32_t flags = 0, interval = 0, debounce = 0;
    int lint_clean = 0;
    ef_live_catalog *live = NULL;
    ef_error_details *details = NULL;
    ef_status status;
    if (!get_arguments(env, info, 10, arguments) || !get_open_flags(env, arguments + 2, &flags) ||
        !get_bool(env, arguments[7], "lintClean", &lint_clean) ||
        !get_milliseconds(env, arguments[8], "checkIntervalMs", &interval))
        return NULL;
    NAPI_CALL(env, napi_typeof(env, arguments[9], &debounce_type));
    if (debounce_type != napi_null && debounce_type != napi_undefined &&
        !get_milliseconds(env, arguments[9], "debounceMs", &debounce))
        return NULL;
    if (!get_path(env, arguments[0], "path", &path))
        return NULL;
    if (!get_utf8(env, arguments[1], "developmentLocale", 1, &development_locale)) {
        free(path);
        return NULL;
    }
    flags |= lint_clean ? EF_LIVE_CATALOG_LINT_CLEAN : 0u;
    status = debounce_type == napi_null || debounce_type == napi_undefined
        ? ef_live_catalog_open(&live, path, development_locale, flags, interval, &details)
        : ef_live_catalog_open_with_debounce(&live, path, development_locale, flags, interval, debounce, &details);
    free(path);
    free(development_locale);
    if (status != EF_OK)
        return throw_details(env, status, details);
    live_box *box = malloc(sizeof *box);
    if (box == NULL) {
        ef_live_catalog_free(live);
        return throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
    }
    box->live = live;
    if (napi_create_object(env, &handle) != napi_ok ||
        napi_wrap(env, handle, box, finalize_live, NULL, NULL) != napi_ok) {
        finalize_live(env, box, NULL);
        return throw_napi_failure(env);
    }
    /* From here the finalizer owns the box. */
    NAPI_CALL(env, napi_type_tag_object(env, handle, &live_tag));
    return handle;
}

/* The callback's one argument, a live catalog handle that is not closed; NULL if thrown. */
static live_box *live_argument(napi_env env, napi_callback_info info) {
    napi_value handle = NULL;
    if (!get_arguments(env, info, 1, &handle))
        return NULL;
    return unwrap_live(env, handle);
}

/* liveCurrent(handle) -> a catalog handle owning the version served now */
napi_value live_current(napi_env env, napi_callback_info info) {
    live_box *box = live_argument(env, info);
    if (box == NULL)
        return NULL;
    return wrap_catalog(env, ef_live_catalog_current(box->live));
}

/* liveReload(handle): throws the refusal */
napi_value live_reload(napi_env env, napi_callback_info info) {
    live_box *box = live_argument(env, info);
    ef_error_details *details = NULL;
    if (box == NULL)
        return NULL;
    ef_status status = ef_live_catalog_reload(box->live, &details);
    if (status != EF_OK)
        return throw_details(env, status, details);
    return NULL;
}

/* liveGeneration(handle) -> number (a count of versions: far below 2^53) */
napi_value live_generation(napi_env env, napi_callback_info info) {
    live_box *box = live_argument(env, info);
    if (box == NULL)
        return NULL;
    uint64_t generation = ef_live_catalog_generation(box->live);
    return make_int(env, generation > INT64_MAX ? INT64_MAX : (int64_t)generation);
}

/* liveLastError(handle) -> an ErrorFormatterError (not thrown), or null */
napi_value live_last_error(napi_env env, napi_callback_info info) {
    live_box *box = live_argument(env, info);
    ef_error_details *details = NULL;
    napi_value none = NULL;
    if (box == NULL)
        return NULL;
    ef_status status = ef_live_catalog_last_error(box->live, &details);
    if (status == EF_OK) {
        ef_error_details_free(details);
        NAPI_CALL(env, napi_get_null(env, &none));
        return none;
    }
    napi_value error = make_error_from_details(env, status, details);
    return error != NULL ? error : throw_napi_failure(env);
}

/* liveClose(handle): frees the live catalog now (idempotent); versions taken stay valid */
napi_value live_close(napi_env env, napi_callback_info info) {
    napi_value handle = NULL;
    bool is_live = false;
    void *box = NULL;
    if (!get_arguments(env, info, 1, &handle))
        return NULL;
    if (napi_check_object_type_tag(env, handle, &live_tag, &is_live) != napi_ok || !is_live ||
        napi_unwrap(env, handle, &box) != napi_ok || box == NULL)
        return throw_type(env, "the live catalog handle", "a handle made by this addon");
    ef_live_catalog_free(((live_box *)box)->live);
    ((live_box *)box)->live = NULL;
    return NULL;
}
