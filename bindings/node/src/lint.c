/*
 * lint.c -- the checks of `errfmt lint`, on paths or on a catalog already opened.
 */
#include "addon.h"

#include <stdlib.h>

static ef_status call_report(const void *report, size_t *out_length, char *buffer, size_t capacity,
                             ef_error_details **err) {
    return ef_lint_report_packed(out_length, buffer, capacity, report, err);
}

/* The items of ef_lint_report_packed's output for `report`, then frees it. */
static napi_value take_report(napi_env env, ef_lint_report *report) {
    napi_value items = run_packed(env, call_report, report, EF_OK);
    ef_lint_report_free(report);
    return items;
}

/* lintPaths([path...], developmentLocale) -> the report's items; a path is a string or a Buffer */
napi_value lint_paths(napi_env env, napi_callback_info info) {
    napi_value arguments[2];
    bool is_array = false;
    uint32_t count = 0;
    char **paths = NULL;
    uint32_t filled = 0;
    char *development_locale = NULL;
    ef_lint_report *report = NULL;
    ef_error_details *details = NULL;
    napi_value result = NULL;
    if (!get_arguments(env, info, 2, arguments))
        return NULL;
    NAPI_CALL(env, napi_is_array(env, arguments[0], &is_array));
    if (!is_array)
        return throw_type(env, "paths", "an array of paths");
    NAPI_CALL(env, napi_get_array_length(env, arguments[0], &count));
    paths = calloc(count > 0 ? count : 1, sizeof *paths);
    if (paths == NULL)
        return throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
    for (; filled < count; filled++) {
        napi_value path = NULL;
        if (napi_get_element(env, arguments[0], filled, &path) != napi_ok) {
            throw_napi_failure(env);
            goto done;
        }
        if (!get_path(env, path, "a path", &paths[filled]))
            goto done;
    }
    if (!get_utf8(env, arguments[1], "developmentLocale", 1, &development_locale))
        goto done;
    ef_status status = ef_lint_paths(&report, (const char *const *)paths, count,
                                     development_locale, &details);
    if (status != EF_OK) {
        throw_details(env, status, details);
        goto done;
    }
    result = take_report(env, report);
done:
    free_strings(paths, filled);
    free(development_locale);
    return result;
}

/* lintCatalog(handle) -> the report's items */
napi_value lint_catalog(napi_env env, napi_callback_info info) {
    napi_value handle = NULL;
    const ef_catalog *catalog = NULL;
    ef_lint_report *report = NULL;
    ef_error_details *details = NULL;
    if (!get_arguments(env, info, 1, &handle) || (catalog = unwrap_catalog(env, handle)) == NULL)
        return NULL;
    ef_status status = ef_lint_catalog(&report, catalog, &details);
    if (status != EF_OK)
        return throw_details(env, status, details);
    return take_report(env, report);
}
