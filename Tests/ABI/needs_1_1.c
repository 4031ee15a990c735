/* needs_1_1.c -- a program built against the 1.1 header that calls a 1.1 function.
 *
 * Run against a 1.0 library it must be refused when it starts (the dynamic loader reports the
 * missing EF_1.1 version node) instead of dying at its first call to the new function: the
 * line "started" below must never be printed then. Run against this release it formats one key.
 *
 * usage: needs_1_1 <catalog directory> */
#include <stdio.h>

#include "errorformatter.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <catalog directory>\n", argv[0]);
        return 2;
    }
    printf("started\n");
    fflush(stdout);
    ef_catalog *catalog = NULL;
    if (ef_catalog_open(&catalog, argv[1], "en", EF_CATALOG_LENIENT, NULL) != EF_OK)
        return 1;
    const char *locales[] = {"fr"};
    const char *text = NULL;
    ef_status status = ef_catalog_text(&text, catalog, NULL, "errors.title", locales, 1, NULL);
    if (status == EF_OK)
        printf("%s\n", text);
    ef_catalog_free(catalog);
    return status == EF_OK ? 0 : 1;
}
