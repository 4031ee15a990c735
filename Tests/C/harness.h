/*
 * harness.h -- the smallest test harness that does what the C tests need.
 *
 * Each test group is a `void group(const struct test_context *)` run by run_group() in a forked
 * child, so that a crash inside the library (which the header promises never happens) is
 * reported as a failure of that group instead of ending the run. The children send their counts
 * back through a pipe; test_summary() prints the final line, read by CI, exactly as
 * "N passed, N failed".
 */
#ifndef EF_TEST_HARNESS_H
#define EF_TEST_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "errorformatter.h"

struct test_context {
    const char *example_catalog; /* Examples/CoreLocation */
    const char *scratch;         /* a private temporary directory, removed at the end */
};

typedef void (*test_group)(const struct test_context *context);

void run_group(const char *name, test_group group, const struct test_context *context);
int test_summary(void);

void check_true(int condition, const char *expression, const char *file, int line);
void check_status(ef_status actual, ef_status expected, const char *expression, const char *file,
                  int line);
void check_string(const char *actual, const char *expected, const char *expression,
                  const char *file, int line);
void check_int(long long actual, long long expected, const char *expression, const char *file,
               int line);

#define CHECK(condition) check_true((condition) != 0, #condition, __FILE__, __LINE__)
#define CHECK_STATUS(call, expected) check_status((call), (expected), #call, __FILE__, __LINE__)
/* Compares strings; NULL equals only NULL. */
#define CHECK_STR(actual, expected) check_string((actual), (expected), #actual, __FILE__, __LINE__)
#define CHECK_INT(actual, expected) check_int((long long)(actual), (long long)(expected), #actual, \
                                              __FILE__, __LINE__)

/*
 * Checks that a failed call filled `*err` consistently (status as returned, a message) and frees
 * it. Use after CHECK_STATUS of a call that must fail.
 */
#define CHECK_DETAILS(err, expected) check_details(&(err), (expected), __FILE__, __LINE__)
void check_details(ef_error_details **err, ef_status expected, const char *file, int line);

/* A non-NULL pointer that no allocation returns: out-parameters are preset to it to prove that
 * the library overwrites them. */
extern char test_sentinel_storage;
#define SENTINEL ((void *)&test_sentinel_storage)

/* Helpers shared by the groups. */
int ends_with(const char *string, const char *suffix);
/* Writes `text` to <directory>/<relative> (creating <locale>.lproj directories). 0 on success. */
int write_file(const char *directory, const char *relative, const char *text);
/* Makes <scratch>/<name>, writing its path into `buffer`, and returns `buffer`. */
const char *make_directory(const struct test_context *context, const char *name, char *buffer,
                           size_t size);
/* The process's resident memory (/proc/self/statm) in KiB; -1 if it cannot be read. */
long resident_kib(void);
/* Opens the example catalog leniently; NULL (and a failed check) if that fails. */
ef_catalog *open_example(const struct test_context *context);
/* Formats domain/code for one locale list; NULL (and a failed check) on failure. */
ef_result *format_error(const ef_catalog *catalog, const char *domain, int64_t code,
                        const char *const *locales, size_t locale_count);

#endif /* EF_TEST_HARNESS_H */
