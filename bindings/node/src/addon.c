/*
 * addon.c -- the module's entry point: the functions index.js calls, and the state of each
 * environment.
 *
 * NAPI_MODULE_INIT makes the addon context-aware: Node runs this once per environment (the main
 * thread and each worker thread), and everything mutable lives in that environment's instance
 * data, freed with it.
 */
#include "addon.h"

#include <stdlib.h>

static void free_state(napi_env env, void *data, void *hint) {
    addon_state *state = data;
    (void)hint;
    if (state->error_class != NULL)
        napi_delete_reference(env, state->error_class);
    free(state);
}

/* versionString() -> the loaded library's version, e.g. "1.3.0" */
static napi_value version_string(napi_env env, napi_callback_info info) {
    (void)info;
    return make_string(env, ef_version_string());
}

/* statusName(status) -> "EF_E_PARSE", "EF_E_UNKNOWN" for an unknown status */
static napi_value status_name(napi_env env, napi_callback_info info) {
    napi_value argument = NULL;
    int32_t status = 0;
    if (!get_arguments(env, info, 1, &argument))
        return NULL;
    if (napi_get_value_int32(env, argument, &status) != napi_ok)
        return throw_type(env, "status", "a number");
    return make_string(env, ef_status_name(status));
}

NAPI_MODULE_INIT() {
    static const struct {
        const char *name;
        napi_callback function;
    } functions[] = {
        {"registerErrorClass", register_error_class},
        {"versionString", version_string},
        {"statusName", status_name},
        {"catalogOpen", catalog_open},
        {"catalogOpenAsync", catalog_open_async},
        {"catalogBuild", catalog_build},
        {"catalogClose", catalog_close},
        {"catalogDescribe", catalog_describe},
        {"catalogDevelopmentLocale", catalog_development_locale},
        {"catalogCompile", catalog_compile},
        {"catalogCompileAsync", catalog_compile_async},
        {"formatPacked", format_packed},
        {"lookupPacked", lookup_packed},
        {"normalizeLocale", normalize_locale},
        {"localeChain", locale_chain},
        {"preferencesFromEnvironment", preferences_from_environment},
        {"preferencesFromAcceptLanguage", preferences_from_accept_language},
        {"lintPaths", lint_paths},
        {"lintCatalog", lint_catalog},
        {"splitItems", split_items},
        {"liveOpen", live_open},
        {"liveCurrent", live_current},
        {"liveReload", live_reload},
        {"liveGeneration", live_generation},
        {"liveLastError", live_last_error},
        {"liveClose", live_close},
        {"formatProblem", format_problem},
    };
    addon_state *state = calloc(1, sizeof *state);
    if (state == NULL) {
        napi_throw_error(env, "EF_E_INTERNAL", "out of memory");
        return NULL;
    }
    if (napi_set_instance_data(env, state, free_state, NULL) != napi_ok) {
        free(state);
        return throw_napi_failure(env);
    }
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++) {
        napi_value function = NULL;
        NAPI_CALL(env, napi_create_function(env, functions[i].name, NAPI_AUTO_LENGTH,
                                            functions[i].function, NULL, &function));
        NAPI_CALL(env, napi_set_named_property(env, exports, functions[i].name, function));
    }
    return exports;
}
