/*
 * format.c -- formatting an error and looking up a key, each in one call to the library
 * (ef_format_packed, ef_catalog_lookup_packed) whose whole output, NUL-terminated items, is
 * handed to index.js as an array of strings: the result is copied out before the call returns,
 * so it outlives the catalog.
 */
#include "addon.h"

#include <stdlib.h>
#include <string.h>

/* The kinds of typed arguments, as index.js numbers them. */
enum { ARGUMENT_STRING = 0, ARGUMENT_INT64 = 1, ARGUMENT_UINT64 = 2, ARGUMENT_DOUBLE = 3 };

/* The packed output of a first try fits in this many bytes for most errors. */
enum { FIRST_CAPACITY = 4096 };

/* Adds the argument `value` of kind `kind` to `arguments`. 1 on success, 0 thrown. */
static int add_argument(napi_env env, ef_error_info *arguments, int32_t kind, napi_value value) {
    ef_error_details *details = NULL;
    ef_status status = EF_OK;
    switch (kind) {
    case ARGUMENT_STRING: {
        char *text = NULL;
        if (!get_utf8(env, value, "a string argument", 0, &text))
            return 0;
        status = ef_error_info_add_string(arguments, text, &details);
        free(text);
        break;
    }
    case ARGUMENT_INT64: {
        int64_t number = 0;
        if (!get_int64(env, value, "an int64 argument", &number))
            return 0;
        status = ef_error_info_add_int64(arguments, number, &details);
        break;
    }
    case ARGUMENT_UINT64: {
        uint64_t number = 0;
        if (!get_uint64(env, value, "a uint64 argument", &number))
            return 0;
        status = ef_error_info_add_uint64(arguments, number, &details);
        break;
    }
    case ARGUMENT_DOUBLE: {
        double number = 0;
        napi_valuetype type = napi_undefined;
        if (napi_typeof(env, value, &type) != napi_ok || type != napi_number) {
            throw_type(env, "a double argument", "a number");
            return 0;
        }
        if (napi_get_value_double(env, value, &number) != napi_ok) {
            throw_napi_failure(env);
            return 0;
        }
        status = ef_error_info_add_double(arguments, number, &details);
        break;
    }
    default:
        throw_type(env, "an argument's kind", "0 (string), 1 (int64), 2 (uint64) or 3 (double)");
        return 0;
    }
    if (status != EF_OK) {
        throw_details(env, status, details);
        return 0;
    }
    return 1;
}

/* The arguments [kind, value, kind, value...] as an ef_error_info (*out NULL for none).
 * 1 on success, 0 thrown. */
static int get_arguments_info(napi_env env, napi_value list, ef_error_info **out) {
    bool is_array = false;
    uint32_t length = 0;
    ef_error_details *details = NULL;
    ef_status status;
    *out = NULL;
    if (napi_is_array(env, list, &is_array) != napi_ok || !is_array) {
        throw_type(env, "arguments", "an array");
        return 0;
    }
    if (napi_get_array_length(env, list, &length) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (length == 0)
        return 1;
    if (length % 2 != 0) {
        throw_type(env, "arguments", "an array of kinds and values");
        return 0;
    }
    status = ef_error_info_new(out, "", 0, &details);
    if (status != EF_OK) {
        throw_details(env, status, details);
        return 0;
    }
    for (uint32_t i = 0; i < length; i += 2) {
        napi_value kind_value = NULL;
        napi_value value = NULL;
        int32_t kind = -1;
        if (napi_get_element(env, list, i, &kind_value) != napi_ok ||
            napi_get_element(env, list, i + 1, &value) != napi_ok ||
            napi_get_value_int32(env, kind_value, &kind) != napi_ok) {
            kind = -1;
        }
        if (!add_argument(env, *out, kind, value)) {
            ef_error_info_free(*out);
            *out = NULL;
            return 0;
        }
    }
    return 1;
}

/* The NUL-terminated items of a packed output (`length` bytes, the last a NUL) as an array of
 * strings: splitting here costs less than splitting one string in JavaScript. */
static napi_value split_items(napi_env env, const char *output, size_t length) {
    napi_value items = NULL;
    uint32_t count = 0;
    NAPI_CALL(env, napi_create_array(env, &items));
    for (size_t start = 0; start < length; count++) {
        size_t end = start + strlen(output + start); /* the output ends with a NUL */
        napi_value item = NULL;
        NAPI_CALL(env, napi_create_string_utf8(env, output + start, end - start, &item));
        NAPI_CALL(env, napi_set_element(env, items, count, item));
        start = end + 1;
    }
    return items;
}

/* The library call both functions make: fills `buffer` (of `capacity` bytes) with the packed
 * output, as ef_format_packed and ef_catalog_lookup_packed do. */
typedef ef_status (*packed_call)(const void *request, size_t *out_length, char *buffer,
                                 size_t capacity, ef_error_details **err);

/* Runs `call` until its output fits (twice at most: the output is deterministic), and returns
 * its items. `accepted` is a status that still gives an
 * output (EF_E_KEY_NOT_FOUND for a lookup), or EF_OK. */
static napi_value run_packed(napi_env env, packed_call call, const void *request, ef_status accepted) {
    char first[FIRST_CAPACITY];
    char *buffer = first;
    size_t capacity = sizeof first;
    size_t length = 0;
    ef_error_details *details = NULL;
    ef_status status = EF_OK;
    napi_value text = NULL;
    for (int attempt = 0; attempt < 3; attempt++) {
        status = call(request, &length, buffer, capacity, &details);
        if (status != EF_OK && status != accepted)
            break;
        if (status != EF_OK)
            ef_error_details_free(details);
        details = NULL;
        if (length > 0 && length <= capacity)
            break;
        if (buffer != first)
            free(buffer);
        buffer = length > 0 ? malloc(length) : NULL;
        capacity = length;
        if (buffer == NULL)
            return throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
    }
    if (status != EF_OK && status != accepted) {
        if (buffer != first)
            free(buffer);
        return throw_details(env, status, details);
    }
    if (length == 0 || length > capacity) {
        if (buffer != first)
            free(buffer);
        return throw_status(env, EF_E_INTERNAL, "the packed output did not settle", NULL, 0, 0);
    }
    text = split_items(env, buffer, length);
    if (buffer != first)
        free(buffer);
    return text;
}

typedef struct format_request {
    const ef_catalog *catalog;
    const char *domain;
    int64_t code;
    const char *description;
    const char *failure_reason;
    const char *recovery_suggestion;
    const char *table;
    const ef_error_info *arguments;
    const char *const *locales;
    size_t locale_count;
} format_request;

static ef_status call_format(const void *request, size_t *out_length, char *buffer,
                             size_t capacity, ef_error_details **err) {
    const format_request *r = request;
    return ef_format_packed(out_length, buffer, capacity, r->catalog, r->domain, r->code,
                            r->description, r->failure_reason, r->recovery_suggestion, r->table,
                            r->arguments, r->locales, r->locale_count, err);
}

/* formatPacked(handle, domain, code, description, failureReason, recoverySuggestion, table,
 *              arguments, locales) -> the items of ef_format_packed's output */
napi_value format_packed(napi_env env, napi_callback_info info) {
    napi_value arguments[9];
    char *texts[5] = {NULL, NULL, NULL, NULL, NULL}; /* domain and the four optional texts */
    static const char *const text_names[5] = {"domain", "description", "failureReason",
                                              "recoverySuggestion", "table"};
    static const int text_positions[5] = {1, 3, 4, 5, 6};
    char **locales = NULL;
    size_t locale_count = 0;
    ef_error_info *error_arguments = NULL;
    format_request request = {0};
    napi_value result = NULL;
    if (!get_arguments(env, info, 9, arguments) || !get_int64(env, arguments[2], "code", &request.code))
        return NULL;
    for (int i = 0; i < 5; i++) {
        if (!get_utf8(env, arguments[text_positions[i]], text_names[i], i > 0, &texts[i]))
            goto done;
    }
    /* The catalog last: reading an array can run JavaScript (a Proxy's traps), which could
     * close the catalog; from here to the library's call, none runs. */
    if (!get_strings(env, arguments[8], "locales", &locales, &locale_count) ||
        !get_arguments_info(env, arguments[7], &error_arguments) ||
        (request.catalog = unwrap_catalog(env, arguments[0])) == NULL)
        goto done;
    request.domain = texts[0];
    request.description = texts[1];
    request.failure_reason = texts[2];
    request.recovery_suggestion = texts[3];
    request.table = texts[4];
    request.arguments = error_arguments;
    request.locales = (const char *const *)locales;
    request.locale_count = locale_count;
    result = run_packed(env, call_format, &request, EF_OK);
done:
    for (int i = 0; i < 5; i++)
        free(texts[i]);
    free_strings(locales, locale_count);
    ef_error_info_free(error_arguments);
    return result;
}

typedef struct lookup_request {
    const ef_catalog *catalog;
    const char *table;
    const char *key;
    const char *const *locales;
    size_t locale_count;
    const ef_error_info *arguments;
} lookup_request;

static ef_status call_lookup(const void *request, size_t *out_length, char *buffer,
                             size_t capacity, ef_error_details **err) {
    const lookup_request *r = request;
    return ef_catalog_lookup_packed(out_length, buffer, capacity, r->catalog, r->table, r->key,
                                    r->locales, r->locale_count, r->arguments, err);
}

/* lookupPacked(handle, key, table, arguments, locales) -> the items of
 * ef_catalog_lookup_packed's output (a key with no usable value is an answer, not an exception) */
napi_value lookup_packed(napi_env env, napi_callback_info info) {
    napi_value arguments[5];
    char *key = NULL;
    char *table = NULL;
    char **locales = NULL;
    size_t locale_count = 0;
    ef_error_info *error_arguments = NULL;
    lookup_request request = {0};
    napi_value result = NULL;
    if (!get_arguments(env, info, 5, arguments))
        return NULL;
    /* The catalog last, as in format_packed. */
    if (!get_utf8(env, arguments[1], "key", 0, &key) ||
        !get_utf8(env, arguments[2], "table", 1, &table) ||
        !get_strings(env, arguments[4], "locales", &locales, &locale_count) ||
        !get_arguments_info(env, arguments[3], &error_arguments) ||
        (request.catalog = unwrap_catalog(env, arguments[0])) == NULL)
        goto done;
    request.key = key;
    request.table = table;
    request.locales = (const char *const *)locales;
    request.locale_count = locale_count;
    request.arguments = error_arguments;
    result = run_packed(env, call_lookup, &request, EF_E_KEY_NOT_FOUND);
done:
    free(key);
    free(table);
    free_strings(locales, locale_count);
    ef_error_info_free(error_arguments);
    return result;
}
