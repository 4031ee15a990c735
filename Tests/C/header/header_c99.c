/*
 * header_c99.c -- errorformatter.h must compile as strict C99 (gcc -std=c99 -pedantic -Wall
 * -Wextra -Werror): no C11 features, no extensions, and it may be included twice.
 */
#include "errorformatter.h"
#include "errorformatter.h"

/* The version macros are integer constant expressions that agree with each other. */
typedef char version_number_is_consistent[(EF_VERSION_NUMBER == EF_VERSION_MAJOR * 10000 +
                                                                      EF_VERSION_MINOR * 100 +
                                                                      EF_VERSION_PATCH)
                                              ? 1
                                              : -1];
typedef char version_at_least_works[EF_VERSION_AT_LEAST(1, 0, 0) ? 1 : -1];
/* ef_status is a fixed 32-bit integer, not a C enum. */
typedef char status_is_32_bits[sizeof(ef_status) == 4 ? 1 : -1];

/* Every declaration is usable as a function pointer of the declared type. */
static ef_status (*const open_catalog)(ef_catalog **, const char *, const char *, uint32_t,
                                       ef_error_details **) = ef_catalog_open;
static ef_status (*const format)(ef_result **, const ef_catalog *, const ef_error_info *,
                                 const char *const *, size_t, ef_error_details **) = ef_format;

int header_c99_uses(void);
int header_c99_uses(void) {
    return open_catalog != 0 && format != 0;
}
