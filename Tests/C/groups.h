/* groups.h -- the C test groups, one per file (test_<group>.c). */
#ifndef EF_TEST_GROUPS_H
#define EF_TEST_GROUPS_H

#include "harness.h"

/* A French table whose line 3 lacks '=' (column 15 is the offending string); test_builder.c. */
extern const char broken_table[];

void test_version(const struct test_context *context);
void test_status(const struct test_context *context);
void test_example_catalog(const struct test_context *context);
void test_rules(const struct test_context *context);
void test_builder(const struct test_context *context);
void test_files(const struct test_context *context);
void test_locales(const struct test_context *context);
void test_preferences(const struct test_context *context);
void test_arguments(const struct test_context *context);
void test_null_arguments(const struct test_context *context);
void test_invalid_utf8(const struct test_context *context);
void test_packed(const struct test_context *context);
void test_packed_handles(const struct test_context *context);
void test_threads(const struct test_context *context);
void test_text(const struct test_context *context);
void test_hostile_files(const struct test_context *context);
void test_hostile_calls(const struct test_context *context);
void test_hostile_stack(const struct test_context *context);
void test_lint(const struct test_context *context);
void test_lifetimes(const struct test_context *context);
void test_compiled(const struct test_context *context);
void test_on_demand(const struct test_context *context);
void test_numbers(const struct test_context *context);
void test_rejections(const struct test_context *context);
void test_live(const struct test_context *context);
void test_problem(const struct test_context *context);

#endif /* EF_TEST_GROUPS_H */
