/* test_version_status.c -- version functions against the header's macros; status names. */
#include <string.h>

#include "groups.h"

void test_version(const struct test_context *context) {
    (void)context;
    CHECK_INT(ef_version_number(), EF_VERSION_NUMBER);
    CHECK_INT(EF_VERSION_NUMBER,
              EF_VERSION_MAJOR * 10000 + EF_VERSION_MINOR * 100 + EF_VERSION_PATCH);
    CHECK_INT(ef_version_number() / 10000, EF_VERSION_MAJOR);
    CHECK_STR(ef_version_string(), EF_VERSION_STRING);
    /* A static string: the same pointer every time. */
    CHECK(ef_version_string() == ef_version_string());
    CHECK(EF_VERSION_AT_LEAST(1, 0, 0));
    CHECK(EF_VERSION_AT_LEAST(EF_VERSION_MAJOR, EF_VERSION_MINOR, EF_VERSION_PATCH));
    CHECK(!EF_VERSION_AT_LEAST(EF_VERSION_MAJOR, EF_VERSION_MINOR, EF_VERSION_PATCH + 1));
    CHECK(!EF_VERSION_AT_LEAST(EF_VERSION_MAJOR + 1, 0, 0));
}

void test_status(const struct test_context *context) {
    (void)context;
    static const struct {
        ef_status status;
        const char *name;
    } known[] = {
        {EF_OK, "EF_OK"},
        {EF_E_INVALID_ARGUMENT, "EF_E_INVALID_ARGUMENT"},
        {EF_E_INVALID_UTF8, "EF_E_INVALID_UTF8"},
        {EF_E_NOT_FOUND, "EF_E_NOT_FOUND"},
        {EF_E_IO, "EF_E_IO"},
        {EF_E_PARSE, "EF_E_PARSE"},
        {EF_E_INVALID_LOCALE, "EF_E_INVALID_LOCALE"},
        {EF_E_INTERNAL, "EF_E_INTERNAL"},
        {EF_E_KEY_NOT_FOUND, "EF_E_KEY_NOT_FOUND"},
        {EF_E_REJECTED, "EF_E_REJECTED"},
    };
    size_t count = sizeof known / sizeof known[0];
    for (size_t i = 0; i < count; i++) {
        CHECK_STR(ef_status_name(known[i].status), known[i].name);
        const char *text = ef_status_string(known[i].status);
        CHECK(text != NULL && text[0] != '\0' && strchr(text, '\n') == NULL);
        /* Each code has its own description. */
        for (size_t j = 0; j < i; j++)
            CHECK(text != NULL && strcmp(text, ef_status_string(known[j].status)) != 0);
    }
    static const ef_status unknown[] = {10, 100, -1, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK_STR(ef_status_name(unknown[i]), "EF_E_UNKNOWN");
        const char *text = ef_status_string(unknown[i]);
        CHECK(text != NULL && text[0] != '\0');
    }
}
