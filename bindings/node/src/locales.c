/*
 * locales.c -- locale identifiers, fallback chains and preference lists (no catalog needed).
 */
#include "addon.h"

#include <stdlib.h>

/* normalizeLocale(locale) -> ICU's canonical form */
napi_value normalize_locale(napi_env env, napi_callback_info info) {
    char *locale = NULL;
    char *normalized = NULL;
    ef_error_details *details = NULL;
    if (!get_string_argument(env, info, "locale", &locale))
        return NULL;
    ef_status status = ef_locale_normalize(&normalized, NULL, locale, &details);
    free(locale);
    if (status != EF_OK)
        return throw_details(env, status, details);
    napi_value result = make_string(env, normalized);
    ef_string_free(normalized);
    return result;
}

/* localeChain(locale) -> [normalized, untranslated, [[id, kind]...]] */
napi_value locale_chain(napi_env env, napi_callback_info info) {
    napi_value entries = NULL;
    napi_value untranslated = NULL;
    napi_value result = NULL;
    char *locale = NULL;
    ef_locale_chain *chain = NULL;
    ef_error_details *details = NULL;
    if (!get_string_argument(env, info, "locale", &locale))
        return NULL;
    ef_status status = ef_locale_chain_new(&chain, locale, &details);
    free(locale);
    if (status != EF_OK)
        return throw_details(env, status, details);
    size_t count = ef_locale_chain_count(chain);
    if (napi_create_array_with_length(env, count, &entries) != napi_ok ||
        napi_get_boolean(env, ef_locale_chain_untranslated(chain) != 0, &untranslated) != napi_ok) {
        ef_locale_chain_free(chain);
        return throw_napi_failure(env);
    }
    for (size_t i = 0; i < count; i++) {
        napi_value pair[2] = {make_string(env, ef_locale_chain_id(chain, i)),
                              make_int(env, ef_locale_chain_kind(chain, i))};
        napi_value entry = make_array(env, pair, 2);
        if (entry == NULL || napi_set_element(env, entries, (uint32_t)i, entry) != napi_ok) {
            ef_locale_chain_free(chain);
            return throw_napi_failure(env);
        }
    }
    napi_value parts[3] = {make_string(env, ef_locale_chain_normalized(chain)), untranslated, entries};
    result = make_array(env, parts, 3);
    ef_locale_chain_free(chain);
    return result;
}

/* The entries of a list the library made, then frees it. */
static napi_value take_locale_list(napi_env env, ef_locale_list *list) {
    napi_value result = NULL;
    size_t count = ef_locale_list_count(list);
    if (napi_create_array_with_length(env, count, &result) != napi_ok) {
        ef_locale_list_free(list);
        return throw_napi_failure(env);
    }
    for (size_t i = 0; i < count; i++) {
        napi_value entry = make_string(env, ef_locale_list_entry(list, i));
        if (entry == NULL || napi_set_element(env, result, (uint32_t)i, entry) != napi_ok) {
            ef_locale_list_free(list);
            return throw_napi_failure(env);
        }
    }
    ef_locale_list_free(list);
    return result;
}

/* preferencesFromEnvironment() -> [locale...] (the process's environment, gettext's precedence) */
napi_value preferences_from_environment(napi_env env, napi_callback_info info) {
    ef_locale_list *list = NULL;
    ef_error_details *details = NULL;
    (void)info;
    ef_status status = ef_locale_list_from_environment(&list, &details);
    if (status != EF_OK)
        return throw_details(env, status, details);
    return take_locale_list(env, list);
}

/* preferencesFromAcceptLanguage(header) -> [locale...] */
napi_value preferences_from_accept_language(napi_env env, napi_callback_info info) {
    char *header = NULL;
    ef_locale_list *list = NULL;
    ef_error_details *details = NULL;
    if (!get_string_argument(env, info, "header", &header))
        return NULL;
    ef_status status = ef_locale_list_from_accept_language(&list, header, &details);
    free(header);
    if (status != EF_OK)
        return throw_details(env, status, details);
    return take_locale_list(env, list);
}
