/*
 * convert.c -- JavaScript values to what the C ABI takes, and C strings back.
 *
 * Strings are read as UTF-16 and encoded here, because N-API's own UTF-8 conversion replaces a
 * lone surrogate with U+FFFD: the C ABI reports invalid text (EF_E_INVALID_UTF8) rather than
 * repairing it, and so does this binding.
 */
#include "addon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest integer a double holds exactly, and its negation (Number.MAX_SAFE_INTEGER). */
#define MAX_SAFE_INTEGER 9007199254740991.0

int get_arguments(napi_env env, napi_callback_info info, size_t count, napi_value *out) {
    size_t given = count;
    if (napi_get_cb_info(env, info, &given, out, NULL, NULL) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    return 1;
}

static int is_nullish(napi_env env, napi_value value) {
    napi_valuetype type = napi_undefined;
    return napi_typeof(env, value, &type) == napi_ok && (type == napi_undefined || type == napi_null);
}

/* Encodes `length` UTF-16 units as UTF-8 into a new string; throws for a lone surrogate or U+0000. */
static char *utf16_to_utf8(napi_env env, const char16_t *units, size_t length, const char *what) {
    char message[160];
    /* At most 3 bytes per unit (a pair of units is 4 bytes), and the terminator. */
    char *out = malloc(length * 3 + 1);
    size_t used = 0;
    if (out == NULL) {
        throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
        return NULL;
    }
    for (size_t i = 0; i < length; i++) {
        uint32_t unit = units[i];
        uint32_t scalar = unit;
        if (unit == 0) {
            snprintf(message, sizeof message, "%s contains U+0000 at index %zu", what, i);
            free(out);
            throw_status(env, EF_E_INVALID_ARGUMENT, message, NULL, 0, 0);
            return NULL;
        }
        if (unit >= 0xD800 && unit <= 0xDFFF) {
            uint32_t next = i + 1 < length ? units[i + 1] : 0;
            if (unit > 0xDBFF || next < 0xDC00 || next > 0xDFFF) {
                snprintf(message, sizeof message,
                         "%s is not valid Unicode: a lone surrogate (U+%04X) at index %zu",
                         what, (unsigned)unit, i);
                free(out);
                throw_status(env, EF_E_INVALID_UTF8, message, NULL, 0, 0);
                return NULL;
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00);
            i++;
        }
        if (scalar < 0x80) {
            out[used++] = (char)scalar;
        } else if (scalar < 0x800) {
            out[used++] = (char)(0xC0 | (scalar >> 6));
            out[used++] = (char)(0x80 | (scalar & 0x3F));
        } else if (scalar < 0x10000) {
            out[used++] = (char)(0xE0 | (scalar >> 12));
            out[used++] = (char)(0x80 | ((scalar >> 6) & 0x3F));
            out[used++] = (char)(0x80 | (scalar & 0x3F));
        } else {
            out[used++] = (char)(0xF0 | (scalar >> 18));
            out[used++] = (char)(0x80 | ((scalar >> 12) & 0x3F));
            out[used++] = (char)(0x80 | ((scalar >> 6) & 0x3F));
            out[used++] = (char)(0x80 | (scalar & 0x3F));
        }
    }
    out[used] = '\0';
    return out;
}

int get_string_argument(napi_env env, napi_callback_info info, const char *what, char **out) {
    napi_value argument = NULL;
    *out = NULL;
    return get_arguments(env, info, 1, &argument) && get_utf8(env, argument, what, 0, out);
}

int get_utf8(napi_env env, napi_value value, const char *what, int optional, char **out) {
    napi_valuetype type = napi_undefined;
    size_t length = 0;
    char16_t *units = NULL;
    *out = NULL;
    if (napi_typeof(env, value, &type) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (optional && (type == napi_undefined || type == napi_null))
        return 1;
    if (type != napi_string) {
        throw_type(env, what, optional ? "a string, null or undefined" : "a string");
        return 0;
    }
    if (napi_get_value_string_utf16(env, value, NULL, 0, &length) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    units = malloc((length + 1) * sizeof *units);
    if (units == NULL) {
        throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
        return 0;
    }
    if (napi_get_value_string_utf16(env, value, units, length + 1, &length) != napi_ok) {
        free(units);
        throw_napi_failure(env);
        return 0;
    }
    *out = utf16_to_utf8(env, units, length, what);
    free(units);
    return *out != NULL;
}

int get_path(napi_env env, napi_value value, const char *what, char **out) {
    bool is_typed_array = false;
    napi_typedarray_type type = napi_int8_array;
    size_t length = 0;
    void *data = NULL;
    *out = NULL;
    if (napi_is_typedarray(env, value, &is_typed_array) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (!is_typed_array)
        return get_utf8(env, value, what, 0, out);
    if (napi_get_typedarray_info(env, value, &type, &length, &data, NULL, NULL) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (type != napi_uint8_array) {
        throw_type(env, what, "a string, a Buffer or a Uint8Array");
        return 0;
    }
    if (length > 0 && memchr(data, 0, length) != NULL) {
        char message[160];
        snprintf(message, sizeof message, "%s contains a NUL byte", what);
        throw_status(env, EF_E_INVALID_ARGUMENT, message, NULL, 0, 0);
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

void free_strings(char **strings, size_t count) {
    if (strings == NULL)
        return;
    for (size_t i = 0; i < count; i++)
        free(strings[i]);
    free(strings);
}

int get_strings(napi_env env, napi_value value, const char *what, char ***out, size_t *count) {
    bool is_array = false;
    uint32_t length = 0;
    char **strings = NULL;
    *out = NULL;
    *count = 0;
    if (is_nullish(env, value))
        return 1;
    if (napi_is_array(env, value, &is_array) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (!is_array) {
        throw_type(env, what, "an array of strings");
        return 0;
    }
    if (napi_get_array_length(env, value, &length) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (length == 0)
        return 1;
    strings = calloc(length, sizeof *strings);
    if (strings == NULL) {
        throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
        return 0;
    }
    for (uint32_t i = 0; i < length; i++) {
        napi_value element = NULL;
        if (napi_get_element(env, value, i, &element) != napi_ok) {
            free_strings(strings, i);
            throw_napi_failure(env);
            return 0;
        }
        if (!get_utf8(env, element, what, 0, &strings[i])) {
            free_strings(strings, i);
            return 0;
        }
    }
    *out = strings;
    *count = length;
    return 1;
}

/* A number that is an integer within +-(2^53 - 1): 1 with *out set; 0 if it is not one. */
static int safe_integer(napi_env env, napi_value value, double *out) {
    double number = 0;
    if (napi_get_value_double(env, value, &number) != napi_ok)
        return 0;
    if (!(number >= -MAX_SAFE_INTEGER && number <= MAX_SAFE_INTEGER) || number != (double)(int64_t)number)
        return 0;
    *out = number;
    return 1;
}

static int integer_out_of_range(napi_env env, const char *what, const char *range) {
    char message[160];
    snprintf(message, sizeof message, "%s does not fit in %s", what, range);
    throw_status(env, EF_E_INVALID_ARGUMENT, message, NULL, 0, 0);
    return 0;
}

/* A BigInt or a safe-integer number as an int64 (`is_unsigned` 0) or a uint64 (1). 1 / 0 thrown. */
static int get_integer(napi_env env, napi_value value, const char *what, int is_unsigned,
                       int64_t *as_signed, uint64_t *as_unsigned) {
    napi_valuetype type = napi_undefined;
    bool lossless = false;
    double number = 0;
    if (napi_typeof(env, value, &type) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (type == napi_bigint) {
        /* A BigInt out of range comes back cut to 64 bits (a negative one as its two's
         * complement for uint64), with lossless false. */
        napi_status status = is_unsigned ? napi_get_value_bigint_uint64(env, value, as_unsigned, &lossless)
                                         : napi_get_value_bigint_int64(env, value, as_signed, &lossless);
        if (status != napi_ok) {
            throw_napi_failure(env);
            return 0;
        }
        return lossless ? 1 : integer_out_of_range(env, what, is_unsigned ? "uint64" : "int64");
    }
    if (type != napi_number) {
        throw_type(env, what, "a bigint or an integer number");
        return 0;
    }
    if (!safe_integer(env, value, &number) || (is_unsigned && number < 0)) {
        return integer_out_of_range(env, what, is_unsigned ? "uint64 as a safe integer (pass a bigint)"
                                                           : "int64 as a safe integer (pass a bigint)");
    }
    if (is_unsigned)
        *as_unsigned = (uint64_t)number;
    else
        *as_signed = (int64_t)number;
    return 1;
}

int get_int64(napi_env env, napi_value value, const char *what, int64_t *out) {
    *out = 0;
    return get_integer(env, value, what, 0, out, NULL);
}

int get_uint64(napi_env env, napi_value value, const char *what, uint64_t *out) {
    *out = 0;
    return get_integer(env, value, what, 1, NULL, out);
}

int get_bool(napi_env env, napi_value value, const char *what, int *out) {
    bool flag = false;
    napi_valuetype type = napi_undefined;
    if (napi_typeof(env, value, &type) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    if (type != napi_boolean) {
        throw_type(env, what, "a boolean");
        return 0;
    }
    if (napi_get_value_bool(env, value, &flag) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    *out = flag ? 1 : 0;
    return 1;
}

napi_value make_string(napi_env env, const char *text) {
    napi_value value = NULL;
    napi_status status = text == NULL ? napi_get_null(env, &value)
                                      : napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &value);
    return status == napi_ok ? value : throw_napi_failure(env);
}

napi_value make_int(napi_env env, int64_t number) {
    napi_value value = NULL;
    return napi_create_int64(env, number, &value) == napi_ok ? value : throw_napi_failure(env);
}
