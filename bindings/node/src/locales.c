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

static ef_status call_chain(const void *chain, size_t *out_length, char *buffer, size_t capacity,
                            ef_error_details **err) {
    return ef_locale_chain_packed(out_length, buffer, capacity, chain, err);
}

/* localeChain(locale) -> the items of ef_locale_chain_packed's output */
napi_value locale_chain(napi_env env, napi_callback_info info) {
    char *locale = NULL;
    ef_locale_chain *chain = NULL;
    ef_error_details *details = NULL;
    if (!get_string_argument(env, info, "locale", &locale))
        return NULL;
    ef_status status = ef_locale_chain_new(&chain, locale, &details);
    free(locale);
    if (status != EF_OK)
        return throw_details(env, status, details);
    napi_value items = run_packed(env, call_chain, chain, EF_OK);
    ef_locale_chain_free(chain);
    return items;
}

static ef_status call_list(const void *list, size_t *out_length, char *buffer, size_t capacity,
                           ef_error_details **err) {
    return ef_locale_list_packed(out_length, buffer, capacity, list, err);
}

/* The items of ef_locale_list_packed's output for a list the library made, then frees it. */
static napi_value take_locale_list(napi_env env, ef_locale_list *list) {
    napi_value items = run_packed(env, call_list, list, EF_OK);
    ef_locale_list_free(list);
    return items;
}
/* preferencesFromEnvironment() -> the items of the list (the process's environment, gettext's
 * precedence) */
napi_value preferences_from_environment(napi_env env, napi_callback_info info) {
    ef_locale_list *list = NULL;
    ef_error_details *details = NULL;
    (void)info;
    ef_status status = ef_locale_list_from_environment(&list, &details);
    if (status != EF_OK)
        return throw_details(env, status, details);
    return take_locale_list(env, list);
}

/* preferencesFromAcceptLanguage(header) -> the items of the list */
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
