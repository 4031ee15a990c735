/*
 * format.c -- formatting an error and looking up a key, each in one call to the library
 * (ef_format_packed_reusable, ef_catalog_lookup_packed_v2) whose whole output is handed to
 * index.js as its items (packed.c).
 */
#include "addon.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kinds of typed arguments, as index.js numbers them. */
enum { ARGUMENT_STRING = 0, ARGUMENT_INT64 = 1, ARGUMENT_UINT64 = 2, ARGUMENT_DOUBLE = 3 };

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

/* A request of ef_format_packed_reusable (its layout is the header's), grown as it is written. */
typedef struct request_bytes {
    char *data;
    size_t length;
    size_t capacity;
} request_bytes;

/* Appends `length` bytes. 1 on success, 0 thrown (out of memory). */
static int request_add(napi_env env, request_bytes *request, const void *bytes, size_t length) {
    if (request->capacity - request->length < length) {
        size_t capacity = request->capacity > 0 ? request->capacity : 256;
        while (capacity - request->length < length) {
            if (capacity > SIZE_MAX / 2) {
                throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
                return 0;
            }
            capacity *= 2;
        }
        char *grown = realloc(request->data, capacity);
        if (grown == NULL) {
            throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
            return 0;
        }
        request->data = grown;
        request->capacity = capacity;
    }
    if (length > 0)
        memcpy(request->data + request->length, bytes, length);
    request->length += length;
    return 1;
}

/* Appends a kind byte (none when 0), `text` and its NUL. */
static int request_add_text(napi_env env, request_bytes *request, char kind, const char *text) {
    return (kind == 0 || request_add(env, request, &kind, 1)) && request_add(env, request, text, strlen(text) + 1);
}

/* Appends a kind byte and eight bytes, least significant first. */
static int request_add_number(napi_env env, request_bytes *request, char kind, uint64_t bits) {
    unsigned char bytes[9] = {(unsigned char)kind};
    for (int i = 0; i < 8; i++)
        bytes[1 + i] = (unsigned char)(bits >> (8 * i));
    return request_add(env, request, bytes, sizeof bytes);
}

/* Appends the argument `value` of kind `kind`. 1 on success, 0 thrown. */
static int request_add_argument(napi_env env, request_bytes *request, int32_t kind, napi_value value) {
    switch (kind) {
    case ARGUMENT_STRING: {
        char *text = NULL;
        if (!get_utf8(env, value, "a string argument", 0, &text))
            return 0;
        int added = request_add_text(env, request, 's', text);
        free(text);
        return added;
    }
    case ARGUMENT_INT64: {
        int64_t number = 0;
        return get_int64(env, value, "an int64 argument", &number) &&
               request_add_number(env, request, 'i', (uint64_t)number);
    }
    case ARGUMENT_UINT64: {
        uint64_t number = 0;
        return get_uint64(env, value, "a uint64 argument", &number) && request_add_number(env, request, 'u', number);
    }
    case ARGUMENT_DOUBLE: {
        double number = 0;
        uint64_t bits = 0;
        napi_valuetype type = napi_undefined;
        if (napi_typeof(env, value, &type) != napi_ok || type != napi_number) {
            throw_type(env, "a double argument", "a number");
            return 0;
        }
        if (napi_get_value_double(env, value, &number) != napi_ok) {
            throw_napi_failure(env);
            return 0;
        }
        memcpy(&bits, &number, sizeof bits);
        return request_add_number(env, request, 'd', bits);
    }
    default:
        throw_type(env, "an argument's kind", "0 (string), 1 (int64), 2 (uint64) or 3 (double)");
        return 0;
    }
}

/* Appends the arguments [kind, value, kind, value...]. 1 on success, 0 thrown. */
static int request_add_arguments(napi_env env, request_bytes *request, napi_value list) {
    bool is_array = false;
    uint32_t length = 0;
    if (napi_is_array(env, list, &is_array) != napi_ok || !is_array) {
        throw_type(env, "arguments", "an array");
        return 0;
    }
    if (napi_get_array_length(env, list, &length) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (length % 2 != 0) {
        throw_type(env, "arguments", "an array of kinds and values");
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
        if (!request_add_argument(env, request, kind, value))
            return 0;
    }
    return 1;
}

typedef struct format_request {
    const ef_catalog *catalog;
    const char *request;
    size_t request_length;
    const char *const *locales;
    size_t locale_count;
} format_request;

static ef_status call_format(const void *context, size_t *out_length, char *buffer, size_t capacity,
                             ef_error_details **err) {
    const format_request *r = context;
    return ef_format_packed_reusable(out_length, buffer, capacity, NULL, r->catalog, r->request, r->request_length,
                                     r->locales, r->locale_count, err);
}

/* formatPacked(handle, domain, code, description, failureReason, recoverySuggestion, table,
 *              arguments, locales) -> the items of ef_format_packed_reusable's output */
napi_value format_packed(napi_env env, napi_callback_info info) {
    napi_value arguments[9];
    /* The optional texts, each after its kind byte in the request, in the request's order. */
    static const char kinds[4] = {'D', 'F', 'R', 'T'};
    static const char *const text_names[4] = {"description", "failureReason", "recoverySuggestion", "table"};
    static const int text_positions[4] = {3, 4, 5, 6};
    char *domain = NULL;
    char code[24];
    int64_t code_value = 0;
    char **locales = NULL;
    size_t locale_count = 0;
    request_bytes request = {NULL, 0, 0};
    format_request call = {0};
    napi_value result = NULL;
    if (!get_arguments(env, info, 9, arguments) || !get_int64(env, arguments[2], "code", &code_value))
        return NULL;
    snprintf(code, sizeof code, "%" PRId64, code_value);
    if (!get_utf8(env, arguments[1], "domain", 0, &domain) || !request_add_text(env, &request, 0, domain) ||
        !request_add_text(env, &request, 0, code))
        goto done;
    for (int i = 0; i < 4; i++) {
        char *text = NULL;
        if (!get_utf8(env, arguments[text_positions[i]], text_names[i], 1, &text))
            goto done;
        int added = text == NULL || request_add_text(env, &request, kinds[i], text);
        free(text);
        if (!added)
            goto done;
    }
    /* The catalog last: reading an array can run JavaScript (a Proxy's traps), which could
     * close the catalog; from here to the library's call, none runs. */
    if (!get_strings(env, arguments[8], "locales", &locales, &locale_count) ||
        !request_add_arguments(env, &request, arguments[7]) ||
        (call.catalog = unwrap_catalog(env, arguments[0])) == NULL)
        goto done;
    call.request = request.data;
    call.request_length = request.length;
    call.locales = (const char *const *)locales;
    call.locale_count = locale_count;
    result = run_packed(env, call_format, &call, EF_OK);
done:
    free(domain);
    free(request.data);
    free_strings(locales, locale_count);
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
    return ef_catalog_lookup_packed_v2(out_length, buffer, capacity, r->catalog, r->table, r->key,
                                       r->locales, r->locale_count, r->arguments, err);
}

/* lookupPacked(handle, key, table, arguments, locales) -> the items of
 * ef_catalog_lookup_packed_v2's output (a key with no usable value is an answer, not an
 * exception) */
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
