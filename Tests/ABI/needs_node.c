/* needs_node.c -- a program built against this header that needs one version node after EF_1.
 *
 * It calls one function of that node, chosen when it is compiled (-DNEEDS_EF_1_1,
 * -DNEEDS_EF_1_2, ...), and otherwise only functions of EF_1, so that the node is the only one
 * it needs beyond EF_1. A library without that node must refuse it when it starts (the dynamic
 * loader names the missing node) instead of letting it die at its first call to the function:
 * the line "started" must then never be printed. A library with the node runs it: it prints
 * "started", then the French title of the example catalog's unknown errors, as the node's
 * function gives it.
 *
 * usage: needs-<node> <catalog directory> <scratch directory>
 *        (the scratch directory receives the files a node's function writes) */
#include <stdio.h>
#include <string.h>

#include "errorformatter.h"

static const char *const locales[] = {"fr"};

#if defined(NEEDS_EF_1_1)
/* ef_catalog_text (1.1): the text of a key, borrowed from the catalog. */
static int show_title(const ef_catalog *catalog, const char *scratch) {
    (void)scratch;
    const char *text = NULL;
    if (ef_catalog_text(&text, catalog, NULL, "errors.title", locales, 1, NULL) != EF_OK)
        return 1;
    printf("%s\n", text);
    return 0;
}
#elif defined(NEEDS_EF_1_2)
/* ef_catalog_compile (1.2): the catalog compiled into a file, which then opens like the
 * directory. */
static int show_title(const ef_catalog *catalog, const char *scratch) {
    char path[4096];
    if (snprintf(path, sizeof path, "%s/needs-EF_1.2.efc", scratch) >= (int)sizeof path)
        return 1;
    if (ef_catalog_compile(catalog, path, NULL) != EF_OK)
        return 1;
    ef_catalog *compiled = NULL;
    if (ef_catalog_open(&compiled, path, "en", EF_CATALOG_LENIENT, NULL) != EF_OK)
        return 1;
    ef_lookup *lookup = NULL;
    ef_status status = ef_catalog_lookup(&lookup, compiled, NULL, "errors.title", locales, 1, NULL, NULL);
    if (status == EF_OK)
        printf("%s\n", ef_lookup_value(lookup));
    ef_lookup_free(lookup);
    ef_catalog_free(compiled);
    return status == EF_OK ? 0 : 1;
}
#elif defined(NEEDS_EF_1_3)
/* ef_format_packed_reusable (1.3): an error of a domain the catalog has no key for, whose
 * title is then errors.title; item 1 of the packed output is the title. */
static int show_title(const ef_catalog *catalog, const char *scratch) {
    (void)scratch;
    static const char request[] = "NoSuchDomain\0" "1";
    char output[4096];
    size_t length = 0;
    if (ef_format_packed_reusable(&length, output, sizeof output, NULL, catalog, request,
                                  sizeof request, locales, 1, NULL) != EF_OK
        || length == 0 || length > sizeof output)
        return 1;
    const char *title = output + strlen(output) + 1;
    if ((size_t)(title - output) >= length)
        return 1;
    printf("%s\n", title);
    return 0;
}
#else
#error "no function chosen for this version node: add one to needs_node.c"
#endif

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s <catalog directory> <scratch directory>\n", argv[0]);
        return 2;
    }
    printf("started\n");
    fflush(stdout);
    ef_catalog *catalog = NULL;
    if (ef_catalog_open(&catalog, argv[1], "en", EF_CATALOG_LENIENT, NULL) != EF_OK)
        return 1;
    int failed = show_title(catalog, argv[2]);
    ef_catalog_free(catalog);
    return failed;
}
