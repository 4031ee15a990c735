/*
 * packed_call.h -- the grow-and-retry call of the library's packed functions, shared by the
 * C glue of the bindings that have one: the JNI glue (bindings/java) and the Node.js addon
 * (bindings/node).
 *
 * A packed function (ef_format_packed_reusable(), ef_catalog_lookup_packed_v2(),
 * ef_catalog_describe_packed(), ef_locale_chain_packed(), ef_locale_list_packed(),
 * ef_lint_report_packed()) writes its output into the caller's buffer when it fits and always
 * says how long the output is. So the glue tries a buffer of its own first (most outputs fit a
 * few KiB on the stack), and when the output is longer calls again with a buffer of that
 * length. The same call gives the same output (the header says so of each), so the second call
 * fits: a library that asks for a third has broken that promise, and is reported rather than
 * followed (docs/packed-format.md, "Calling: grow and retry").
 *
 * Header-only (static inline): each glue compiles it in, nothing is exported.
 */
#ifndef ERRORFORMATTER_BINDINGS_PACKED_CALL_H
#define ERRORFORMATTER_BINDINGS_PACKED_CALL_H

#include <stddef.h>
#include <stdlib.h>

#include "errorformatter.h"

/* One call of a packed function, its other arguments in `context`. */
typedef ef_status (*packed_function)(const void *context, size_t *out_length, char *buffer,
                                     size_t capacity, ef_error_details **err);

/* What packed_call() got. */
typedef struct packed_output {
    /* The output: `length` bytes, the last a NUL. Set only when packed_call() returns 1. */
    const char *items;
    size_t length;
    /* EF_OK or the accepted status when packed_call() returns 1; else why it failed. */
    ef_status status;
    /* A failure the library reported: its details (the caller's, to free). */
    ef_error_details *details;
    /* A failure of the call itself (status EF_E_INTERNAL, no details): what went wrong. */
    const char *problem;
    /* The buffer packed_call() allocated, if any (packed_output_free() frees it). */
    char *allocated;
} packed_output;

/* Calls at most this many times: the first buffer, then the length asked for. */
enum { PACKED_CALL_TRIES = 2 };

/* Frees what packed_call() allocated (not the details, which the caller takes). */
static inline void packed_output_free(packed_output *out) {
    free(out->allocated);
    out->allocated = NULL;
    out->items = NULL;
    out->length = 0;
}

/*
 * Calls `function` with `first` (`first_capacity` bytes, may be 0 with `first` NULL), then with
 * a buffer of the length the output asked for, until it fits. Returns 1 when the output is in
 * out->items: the call returned EF_OK or `accepted` (a status that still comes with an output,
 * EF_E_KEY_NOT_FOUND for a lookup; pass EF_OK when there is none), whose details are freed.
 * Returns 0 otherwise: with out->status and out->details as the library returned them, or with
 * EF_E_INTERNAL and out->problem when memory ran out, the output did not settle, or the
 * output is not a run of items (empty, or not ending with a NUL). Call packed_output_free() in
 * both cases.
 */
static inline int packed_call(packed_function function, const void *context, ef_status accepted,
                              char *first, size_t first_capacity, packed_output *out) {
    char *buffer = first;
    size_t capacity = first_capacity;
    out->items = NULL;
    out->length = 0;
    out->status = EF_OK;
    out->details = NULL;
    out->problem = NULL;
    out->allocated = NULL;
    for (int attempt = 0; attempt < PACKED_CALL_TRIES; attempt++) {
        size_t length = 0;
        ef_error_details *details = NULL;
        ef_status status = function(context, &length, buffer, capacity, &details);
        if (status != EF_OK && status != accepted) {
            out->status = status;
            out->details = details;
            return 0;
        }
        ef_error_details_free(details);
        if (length <= capacity && buffer != NULL) {
            if (length == 0 || buffer[length - 1] != '\0') {
                out->status = EF_E_INTERNAL;
                out->problem = "the library's packed output is not a run of NUL-terminated items";
                return 0;
            }
            out->items = buffer;
            out->length = length;
            out->status = status;
            return 1;
        }
        free(out->allocated);
        out->allocated = length > 0 ? malloc(length) : NULL;
        if (out->allocated == NULL) {
            out->status = EF_E_INTERNAL;
            out->problem = length > 0 ? "out of memory" : "the library's packed output is empty";
            return 0;
        }
        buffer = out->allocated;
        capacity = length;
    }
    out->status = EF_E_INTERNAL;
    out->problem = "the library's packed output grew between two identical calls";
    return 0;
}

#endif
