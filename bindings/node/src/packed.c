/*
 * packed.c -- the library's packed outputs handed to index.js: a call runs one packed function
 * through the grow-and-retry call shared with the JNI glue (bindings/common/packed_call.h) and
 * returns the output's items as an array of strings, which packed.js reads at the positions of
 * the header's EF_PACKED_* macros (docs/packed-format.md). The items are copied out before the
 * call returns, so a result outlives the handle it came from.
 */
#include "addon.h"
#include "packed_call.h"

#include <string.h>

/* The packed output of a first try fits in this many bytes for most calls. */
enum { FIRST_CAPACITY = 4096 };

/* Whether `length` bytes are UTF-8: no overlong form, no surrogate, nothing past U+10FFFF. */
static int is_utf8(const unsigned char *bytes, size_t length) {
    size_t i = 0;
    while (i < length) {
        unsigned char first = bytes[i];
        size_t more;
        uint32_t scalar;
        uint32_t least;
        if (first < 0x80) {
            i++;
            continue;
        } else if (first >= 0xC2 && first <= 0xDF) {
            more = 1, scalar = first & 0x1F, least = 0x80;
        } else if (first >= 0xE0 && first <= 0xEF) {
            more = 2, scalar = first & 0x0F, least = 0x800;
        } else if (first >= 0xF0 && first <= 0xF4) {
            more = 3, scalar = first & 0x07, least = 0x10000;
        } else {
            return 0;
        }
        if (length - i - 1 < more)
            return 0;
        for (size_t k = 1; k <= more; k++) {
            if ((bytes[i + k] & 0xC0) != 0x80)
                return 0;
            scalar = (scalar << 6) | (bytes[i + k] & 0x3F);
        }
        if (scalar < least || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF))
            return 0;
        i += more + 1;
    }
    return 1;
}

/* The items of `length` bytes, the last a NUL, as an array of strings: splitting here costs
 * less than splitting one string in JavaScript. An item that is not UTF-8 throws EF_E_INTERNAL
 * (N-API would replace what is not UTF-8: a decoder never repairs an output). */
static napi_value items_array(napi_env env, const char *output, size_t length) {
    napi_value items = NULL;
    uint32_t count = 0;
    NAPI_CALL(env, napi_create_array(env, &items));
    for (size_t start = 0; start < length; count++) {
        const char *end = memchr(output + start, '\0', length - start);
        size_t item = end != NULL ? (size_t)(end - (output + start)) : length - start;
        napi_value text = NULL;
        if (!is_utf8((const unsigned char *)output + start, item))
            return throw_status(env, EF_E_INTERNAL, "malformed packed output: an item is not UTF-8", NULL, 0, 0);
        NAPI_CALL(env, napi_create_string_utf8(env, output + start, item, &text));
        NAPI_CALL(env, napi_set_element(env, items, count, text));
        start += item + 1;
    }
    return items;
}

napi_value run_packed(napi_env env, packed_function function, const void *context, ef_status accepted) {
    char first[FIRST_CAPACITY];
    packed_output output;
    napi_value items = NULL;
    if (packed_call(function, context, accepted, first, sizeof first, &output))
        items = items_array(env, output.items, output.length);
    else if (output.problem != NULL)
        throw_status(env, output.status, output.problem, NULL, 0, 0);
    else
        throw_details(env, output.status, output.details);
    packed_output_free(&output);
    return items;
}

/* splitItems(bytes) -> the items of a packed output held in a Buffer or Uint8Array, as the
 * calls return them (packed.js reads outputs given as bytes, the golden vectors' among them);
 * bytes that are not a run of NUL-terminated items throw EF_E_INTERNAL. */
napi_value split_items(napi_env env, napi_callback_info info) {
    napi_value value = NULL;
    bool is_typed_array = false;
    napi_typedarray_type type = napi_int8_array;
    size_t length = 0;
    void *data = NULL;
    if (!get_arguments(env, info, 1, &value))
        return NULL;
    NAPI_CALL(env, napi_is_typedarray(env, value, &is_typed_array));
    if (is_typed_array)
        NAPI_CALL(env, napi_get_typedarray_info(env, value, &type, &length, &data, NULL, NULL));
    if (!is_typed_array || type != napi_uint8_array)
        return throw_type(env, "a packed output", "a Buffer or a Uint8Array");
    if (length == 0 || ((const char *)data)[length - 1] != '\0')
        return throw_status(env, EF_E_INTERNAL, "malformed packed output: it does not end with a NUL", NULL, 0, 0);
    return items_array(env, data, length);
}
