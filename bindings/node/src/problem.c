/*
 * problem.c -- an error's problem response (RFC 9457) in one call to the library
 * (ef_format_problem), its items handed to problem.js as an array of strings. The library
 * decides and writes everything: this file only builds the error and passes the request's
 * Accept-Language header through as the bytes that arrived.
 */
#include "addon.h"

#include <stdlib.h>
#include <string.h>

/* The kinds of typed arguments, as index.js numbers them. */
enum { ARGUMENT_STRING = 0, ARGUMENT_INT64 = 1, ARGUMENT_UINT64 = 2, ARGUMENT_DOUBLE = 3 };

/* Sets text `value` (null: none) with `set`. 1 on success, 0 thrown. */
static int set_text(napi_env env, ef_error_info *info, napi_value value, const char *what,
                    ef_status (*set)(ef_error_info *, const char *, ef_error_details **)) {
    char *text = NULL;
    ef_error_details *details = NULL;
    if (!get_utf8(env, value, what, 1, &text))
        return 0;
    if (text == NULL)
        return 1;
    ef_status status = set(info, text, &details);
    free(text);
    if (status != EF_OK) {
        throw_details(env, status, details);
        return 0;
    }
    return 1;
}

/* Appends [kind, value, kind, value...] to `info`. 1 on success, 0 thrown. */
static int add_arguments(napi_env env, ef_error_info *info, napi_value list) {
    bool is_array = false;
    uint32_t length = 0;
    if (napi_is_array(env, list, &is_array) != napi_ok || !is_array ||
        napi_get_array_length(env, list, &length) != napi_ok || length % 2 != 0) {
        throw_type(env, "arguments", "an array of kinds and values");
        return 0;
    }
    for (uint32_t i = 0; i < length; i += 2) {
        napi_value kind_value = NULL, value = NULL;
        int32_t kind = -1;
        ef_error_details *details = NULL;
        ef_status status = EF_OK;
        if (napi_get_element(env, list, i, &kind_value) != napi_ok ||
            napi_get_element(env, list, i + 1, &value) != napi_ok ||
            napi_get_value_int32(env, kind_value, &kind) != napi_ok)
            kind = -1;
        if (kind == ARGUMENT_STRING) {
            char *text = NULL;
            if (!get_utf8(env, value, "a string argument", 0, &text))
                return 0;
            status = ef_error_info_add_string(info, text, &details);
            free(text);
        } else if (kind == ARGUMENT_INT64) {
            int64_t number = 0;
            if (!get_int64(env, value, "an int64 argument", &number))
                return 0;
            status = ef_error_info_add_int64(info, number, &details);
        } else if (kind == ARGUMENT_UINT64) {
            uint64_t number = 0;
            if (!get_uint64(env, value, "a uint64 argument", &number))
                return 0;
            status = ef_error_info_add_uint64(info, number, &details);
        } else if (kind == ARGUMENT_DOUBLE) {
            double number = 0;
            if (napi_get_value_double(env, value, &number) != napi_ok) {
                throw_type(env, "a double argument", "a number");
                return 0;
            }
            status = ef_error_info_add_double(info, number, &details);
        } else {
            throw_type(env, "an argument's kind", "0 (string), 1 (int64), 2 (uint64) or 3 (double)");
            return 0;
        }
        if (status != EF_OK) {
            throw_details(env, status, details);
            return 0;
        }
    }
    return 1;
}

/* A header's bytes from a Buffer (null/undefined: *out NULL), copied with a NUL: a NUL inside
 * ends the header there, as it would end a C string. 1 on success, 0 thrown. */
static int get_header(napi_env env, napi_value value, char **out) {
    napi_valuetype type = napi_undefined;
    bool is_buffer = false;
    void *data = NULL;
    size_t length = 0;
    *out = NULL;
    if (napi_typeof(env, value, &type) != napi_ok)
        return throw_napi_failure(env), 0;
    if (type == napi_null || type == napi_undefined)
        return 1;
    if (napi_is_buffer(env, value, &is_buffer) != napi_ok || !is_buffer ||
        napi_get_buffer_info(env, value, &data, &length) != napi_ok) {
        throw_type(env, "acceptLanguage", "a Buffer");
        return 0;
    }
    *out = malloc(length + 1);
    if (*out == NULL) {
        throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
        return 0;
    }
    if (length > 0)
        memcpy(*out, data, length);
    (*out)[length] = '\0';
    return 1;
}

/* formatProblem(handle, domain, code, description, failureReason, recoverySuggestion, table,
 * arguments, acceptLanguage, locales, status, typeTemplate, instance, flags) -> items */
napi_value format_problem(napi_env env, napi_callback_info info) {
    napi_value argv[14];
    const ef_catalog *catalog = NULL;
    ef_error_info *error = NULL;
    char *domain = NULL, *header = NULL, *type_template = NULL, *instance = NULL;
    char **locales = NULL;
    size_t locale_count = 0;
    int64_t code = 0;
    int32_t status = 0;
    uint32_t flags = 0;
    ef_error_details *details = NULL;
    napi_value items = NULL;
    char first[2048], *buffer = first;
    size_t capacity = sizeof first, length = 0;
    ef_status result = EF_OK;

    if (!get_arguments(env, info, 14, argv) || (catalog = unwrap_catalog(env, argv[0])) == NULL ||
        !get_utf8(env, argv[1], "domain", 0, &domain) || !get_int64(env, argv[2], "code", &code))
        goto done;
    result = ef_error_info_new(&error, domain, code, &details);
    if (result != EF_OK) {
        throw_details(env, result, details);
        goto done;
    }
    if (!set_text(env, error, argv[3], "description", ef_error_info_set_description) ||
        !set_text(env, error, argv[4], "failureReason", ef_error_info_set_failure_reason) ||
        !set_text(env, error, argv[5], "recoverySuggestion", ef_error_info_set_recovery_suggestion) ||
        !set_text(env, error, argv[6], "table", ef_error_info_set_table) ||
        !add_arguments(env, error, argv[7]) || !get_header(env, argv[8], &header) ||
        !get_strings(env, argv[9], "locales", &locales, &locale_count) ||
        !get_utf8(env, argv[11], "typeTemplate", 1, &type_template) ||
        !get_utf8(env, argv[12], "instance", 1, &instance))
        goto done;
    if (napi_get_value_int32(env, argv[10], &status) != napi_ok ||
        napi_get_value_uint32(env, argv[13], &flags) != napi_ok) {
        throw_type(env, "status and flags", "numbers");
        goto done;
    }
    /* Grow and retry: twice at most, the output is deterministic. */
    for (int attempt = 0; attempt < 2; attempt++) {
        result = ef_format_problem(&length, buffer, capacity, catalog, error, header,
                                   (const char *const *)locales, locale_count, status, type_template,
                                   instance, flags, &details);
        if (result != EF_OK || length <= capacity)
            break;
        buffer = malloc(length);
        capacity = length;
        if (buffer == NULL) {
            throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
            goto done;
        }
    }
    if (result != EF_OK) {
        throw_details(env, result, details);
        goto done;
    }
    if (length == 0 || length > capacity || buffer[length - 1] != '\0') {
        throw_status(env, EF_E_INTERNAL, "ef_format_problem's output did not settle", NULL, 0, 0);
        goto done;
    }
    if (napi_create_array(env, &items) != napi_ok) {
        throw_napi_failure(env);
        goto done;
    }
    for (size_t start = 0, count = 0; start < length; count++) {
        size_t end = start + strlen(buffer + start);
        napi_value item = NULL;
        if (napi_create_string_utf8(env, buffer + start, end - start, &item) != napi_ok ||
            napi_set_element(env, items, (uint32_t)count, item) != napi_ok) {
            throw_napi_failure(env);
            items = NULL;
            goto done;
        }
        start = end + 1;
    }
done:
    if (buffer != first)
        free(buffer);
    ef_error_info_free(error);
    free(domain);
    free(header);
    free(type_template);
    free(instance);
    free_strings(locales, locale_count);
    return items;
}
