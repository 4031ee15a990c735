/*
 * addon.h -- what the files of the N-API addon share.
 *
 * The addon is a thin layer over the C ABI (include/errorformatter.h): it converts JavaScript
 * values to C, hands the library's packed outputs back as arrays of items, and throws
 * ErrorFormatterError for every failure. The classes and the shapes of the values users see are
 * made by index.js, from the items as packed.js reads them.
 *
 * The addon is context-aware: it keeps no mutable global state, only per-environment state
 * (one per main thread and per worker thread), so every worker can load it.
 */
#ifndef ERRORFORMATTER_NODE_ADDON_H
#define ERRORFORMATTER_NODE_ADDON_H

/* N-API 8 (Node 12.22, 14.17, 16.0 and later): type tags and Object.freeze. */
#define NAPI_VERSION 8
#include <node_api.h>
#include <stddef.h>
#include <stdint.h>

#include "errorformatter.h"
#include "packed_call.h"

/* The state of one environment (napi_set_instance_data). */
typedef struct addon_state {
    /* The ErrorFormatterError class of index.js, registered once by index.js. */
    napi_ref error_class;
} addon_state;

/* ------------------------------------------------------------------------- errors.c */

/* An ErrorFormatterError, not thrown (a promise is rejected with it). `file` may be NULL. NULL
 * if making it failed. */
napi_value make_error(napi_env env, ef_status status, const char *message, const char *file,
                      int32_t line, int32_t column);
/* The ErrorFormatterError that `details` describe (which it frees); NULL if making it failed. */
napi_value make_error_from_details(napi_env env, ef_status status, ef_error_details *details);
/* Throws an ErrorFormatterError. `file` may be NULL. Returns NULL, for `return throw_...;`. */
napi_value throw_status(napi_env env, ef_status status, const char *message, const char *file,
                        int32_t line, int32_t column);
/* Throws the ErrorFormatterError that `details` describe, then frees them. Returns NULL. */
napi_value throw_details(napi_env env, ef_status status, ef_error_details *details);
/* Throws a TypeError with code ERR_INVALID_ARG_TYPE: "<what> must be <expected>". Returns NULL. */
napi_value throw_type(napi_env env, const char *what, const char *expected);
/* After an N-API call failed: throws an Error saying so unless an exception is pending. */
napi_value throw_napi_failure(napi_env env);
/* registerErrorClass(ErrorFormatterError): index.js hands over its class. */
napi_value register_error_class(napi_env env, napi_callback_info info);

/* Returns NULL from the calling function after throwing, when an N-API call fails. */
#define NAPI_CALL(env, call)                  \
    do {                                      \
        if ((call) != napi_ok)                \
            return throw_napi_failure(env);   \
    } while (0)

/* ------------------------------------------------------------------------ convert.c */

/* The callback's arguments: exactly `count` are read (missing ones are undefined). */
int get_arguments(napi_env env, napi_callback_info info, size_t count, napi_value *out);
/* A JavaScript string as strict UTF-8 (malloc'd, free()): a lone surrogate throws
 * EF_E_INVALID_UTF8 and U+0000 throws EF_E_INVALID_ARGUMENT (C strings end there), never
 * repaired. With `optional`, null and undefined give *out = NULL. 1 on success, 0 thrown. */
int get_utf8(napi_env env, napi_value value, const char *what, int optional, char **out);
/* The callback's one argument, a string, as get_utf8 reads it. 1 on success, 0 thrown. */
int get_string_argument(napi_env env, napi_callback_info info, const char *what, char **out);
/* A path: a string (as get_utf8), or a Buffer/Uint8Array of bytes passed as they are (no
 * NUL). 1 on success, 0 thrown. */
int get_path(napi_env env, napi_value value, const char *what, char **out);
/* An array of strings (null/undefined: none). Free with free_strings(). 1 / 0 thrown. */
int get_strings(napi_env env, napi_value value, const char *what, char ***out, size_t *count);
void free_strings(char **strings, size_t count);
/* A BigInt that fits in int64 / uint64, or a number that is a safe integer. 1 / 0 thrown. */
int get_int64(napi_env env, napi_value value, const char *what, int64_t *out);
int get_uint64(napi_env env, napi_value value, const char *what, uint64_t *out);
/* A boolean. 1 / 0 thrown. */
int get_bool(napi_env env, napi_value value, const char *what, int *out);
/* A string value, or null for NULL. NULL (thrown) only if N-API fails. */
napi_value make_string(napi_env env, const char *text);
napi_value make_int(napi_env env, int64_t number);

/* ------------------------------------------------------------------------ catalog.c */

napi_value catalog_open(napi_env env, napi_callback_info info);
napi_value catalog_build(napi_env env, napi_callback_info info);
napi_value catalog_close(napi_env env, napi_callback_info info);
napi_value catalog_describe(napi_env env, napi_callback_info info);
napi_value catalog_development_locale(napi_env env, napi_callback_info info);
napi_value catalog_compile(napi_env env, napi_callback_info info);
/* The ef_catalog_open flags of the JavaScript booleans `strict`, `on_demand` and `mapped` (the
 * last two undefined: false, for callers that predate them); 0 if thrown (not a boolean). */
int get_open_flags(napi_env env, const napi_value *options, uint32_t *out);
/* A new handle object owning `catalog` (freed by close or the finalizer; freed at once if making
 * the handle fails). NULL if thrown. */
napi_value wrap_catalog(napi_env env, ef_catalog *catalog);
/* The catalog a JavaScript handle wraps; throws (and returns NULL) for something else, or
 * for a closed catalog. */
const ef_catalog *unwrap_catalog(napi_env env, napi_value handle);
/* What a handle wraps: the catalog and whether it is closed, and the holds on it. */
typedef struct catalog_box catalog_box;
/* unwrap_catalog for a call whose work runs off the JavaScript thread: also holds the catalog,
 * so that neither close() nor the finalizer frees it until release_catalog(). Returns the box
 * to release and sets *catalog; NULL if thrown. JavaScript thread only. */
catalog_box *hold_catalog(napi_env env, napi_value handle, const ef_catalog **catalog);
/* Ends a hold: frees the catalog (and the box) if it was closed (finalized) meanwhile and this
 * was the last hold. JavaScript thread only. */
void release_catalog(catalog_box *box);

/* ------------------------------------------------------------------- catalog_async.c */

napi_value catalog_open_async(napi_env env, napi_callback_info info);
napi_value catalog_compile_async(napi_env env, napi_callback_info info);

/* ------------------------------------------------------------------------- packed.c */

/* Runs a packed function (packed_call.h) and returns its output's items, an array of strings;
 * `accepted` is a status that still comes with an output, or EF_OK. NULL if thrown: the
 * library's failure, or EF_E_INTERNAL (out of memory, an output that did not settle). */
napi_value run_packed(napi_env env, packed_function function, const void *context, ef_status accepted);
napi_value split_items(napi_env env, napi_callback_info info);

/* ------------------------------------------------------------------------- format.c */

napi_value format_packed(napi_env env, napi_callback_info info);
napi_value lookup_packed(napi_env env, napi_callback_info info);

/* ------------------------------------------------------------------------ locales.c */

napi_value normalize_locale(napi_env env, napi_callback_info info);
napi_value locale_chain(napi_env env, napi_callback_info info);
napi_value preferences_from_environment(napi_env env, napi_callback_info info);
napi_value preferences_from_accept_language(napi_env env, napi_callback_info info);

/* --------------------------------------------------------------------------- lint.c */

napi_value lint_paths(napi_env env, napi_callback_info info);
napi_value lint_catalog(napi_env env, napi_callback_info info);

/* --------------------------------------------------------------------------- live.c */

napi_value live_open(napi_env env, napi_callback_info info);
napi_value live_current(napi_env env, napi_callback_info info);
napi_value live_reload(napi_env env, napi_callback_info info);
napi_value live_generation(napi_env env, napi_callback_info info);
napi_value live_last_error(napi_env env, napi_callback_info info);
napi_value live_close(napi_env env, napi_callback_info info);
/* ------------------------------------------------------------------------ problem.c */

napi_value format_problem(napi_env env, napi_callback_info info);

#endif
