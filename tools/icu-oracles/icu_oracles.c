/*
 * icu_oracles -- writes what the ICU this program is linked with says about locale fallback,
 * as the locale tests' expectations for that ICU (any major from 72 on).
 *
 *   icu_oracles chains              every available locale, legacy aliases included: its bundle
 *                                   chain as ICU's resource lookup walks it (TSV on stdout)
 *   icu_oracles version             "<ICU version> <CLDR version>"
 *
 * Only ICU's public C API is used, and none of the library's code: the tests compare the
 * library's chains with what ICU itself does.
 *
 * How a chain is read. ICU has no call that lists the bundles `ures_open` chains together, so:
 *  1. the first bundle is ICU's own answer: `ures_open(id)` then `ULOC_ACTUAL_LOCALE`; this is
 *     where ICU applies its parent rules for IDs without a bundle (parentLocales, default
 *     scripts, truncation), the part most likely to change between majors;
 *  2. the rest follows each bundle's `%%ParentIsRoot` / `%%Parent`, else truncation at the last
 *     `_`, skipping names ICU has no bundle for (what ICU's loader does);
 *  3. every row is then checked against ICU's lookups themselves: for each bundle B of the chain
 *     and each top-level key K of B, `ures_getByKey(ures_open(id), K)` must report as its actual
 *     locale the first bundle of the chain (root last) that has K. The `itemcheck` column says
 *     how many keys agreed out of how many; a chain that disagrees with ICU's own lookups is
 *     not an expectation the tests should trust, and they refuse such a row.
 *
 * The default locale is set to root, so that IDs ICU has no data for end at root rather than at
 * the machine's $LANG (ICU's `ures_open` falls back to the default locale).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/uenum.h>
#include <unicode/uversion.h>
#include <unicode/ulocdata.h>

enum { ID_CAP = 160, MAX_CHAIN = 24, MAX_KEYS = 256 };

typedef struct {
    char ids[MAX_CHAIN][ID_CAP];
    int count;
} Chain;

static int chain_contains(const Chain *chain, const char *id) {
    for (int i = 0; i < chain->count; i++)
        if (strcmp(chain->ids[i], id) == 0) return 1;
    return 0;
}

static void chain_push(Chain *chain, const char *id) {
    if (chain->count < MAX_CHAIN && !chain_contains(chain, id))
        snprintf(chain->ids[chain->count++], ID_CAP, "%s", id);
}

/* The bundle ICU serves for exactly `name` (alias-resolved), or 0 when it has none. */
static int direct_bundle(const char *name, char *actual) {
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(NULL, name, &status);
    int found = 0;
    if (U_SUCCESS(status) && bundle != NULL) {
        UErrorCode localeStatus = U_ZERO_ERROR;
        const char *locale = ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &localeStatus);
        if (U_SUCCESS(localeStatus) && locale != NULL) {
            snprintf(actual, ID_CAP, "%s", locale);
            found = 1;
        }
    }
    ures_close(bundle);
    return found;
}

/* A bundle's explicit parent: 1 with `parent` set for %%Parent, 2 for %%ParentIsRoot, else 0. */
static int explicit_parent(const char *bundleName, char *parent) {
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(NULL, bundleName, &status);
    int result = 0;
    if (U_SUCCESS(status)) {
        UErrorCode rootStatus = U_ZERO_ERROR;
        UResourceBundle *marker = ures_getByKey(bundle, "%%ParentIsRoot", NULL, &rootStatus);
        if (U_SUCCESS(rootStatus)) result = 2;
        ures_close(marker);
        if (result == 0) {
            UErrorCode parentStatus = U_ZERO_ERROR;
            int32_t length = ID_CAP - 1;
            ures_getUTF8StringByKey(bundle, "%%Parent", parent, &length, 1, &parentStatus);
            if (U_SUCCESS(parentStatus) && length > 0) result = 1;
        }
    }
    ures_close(bundle);
    return result;
}

/* Steps 1 and 2 above. Returns 0 when ICU has no data for the ID (chain: root only). */
static int read_chain(const char *id, Chain *chain, char *status_name) {
    chain->count = 0;
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_open(NULL, id, &status);
    snprintf(status_name, ID_CAP, "%s", u_errorName(status));
    char name[ID_CAP] = "";
    if (U_SUCCESS(status) && status != U_USING_DEFAULT_WARNING) {
        UErrorCode localeStatus = U_ZERO_ERROR;
        const char *actual = ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &localeStatus);
        if (U_SUCCESS(localeStatus) && actual != NULL) snprintf(name, sizeof name, "%s", actual);
    }
    ures_close(bundle);
    if (name[0] == '\0' || strcmp(name, "root") == 0) {
        chain_push(chain, "root");
        return name[0] != '\0';
    }
    chain_push(chain, name);
    for (int step = 0; step < MAX_CHAIN; step++) {
        char next[ID_CAP];
        int kind = explicit_parent(name, next);
        if (kind == 2) break;
        if (kind == 0) {
            char *underscore = strrchr(name, '_');
            if (underscore == NULL) break;
            *underscore = '\0';
            snprintf(next, sizeof next, "%s", name);
        }
        if (next[0] == '\0' || strcmp(next, "root") == 0) break;
        char actual[ID_CAP];
        if (direct_bundle(next, actual)) {
            if (strcmp(actual, "root") == 0) break;
            chain_push(chain, actual);
            snprintf(name, sizeof name, "%s", actual);
        } else {
            snprintf(name, sizeof name, "%s", next);  /* no bundle: ICU passes over it */
        }
    }
    chain_push(chain, "root");
    return 1;
}

/* Whether the bundle (exactly this one, no fallback) has a top-level `key`. */
static int bundle_has_key(const char *bundleName, const char *key) {
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(NULL, bundleName, &status);
    UResourceBundle *item = ures_getByKey(bundle, key, NULL, &status);
    int has = U_SUCCESS(status) && status != U_USING_FALLBACK_WARNING;
    ures_close(item);
    ures_close(bundle);
    return has;
}

/* Step 3: how many top-level keys of the chain's bundles ICU serves from the bundle the chain
 * says it should (`ok`), out of `total`. */
static void item_check(const char *id, const Chain *chain, int *ok, int *total) {
    *ok = 0;
    *total = 0;
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *opened = ures_open(NULL, id, &status);
    if (U_FAILURE(status)) return;
    for (int b = 0; b < chain->count; b++) {
        UErrorCode directStatus = U_ZERO_ERROR;
        UResourceBundle *bundle = ures_openDirect(NULL, chain->ids[b], &directStatus);
        if (U_FAILURE(directStatus)) { ures_close(bundle); continue; }
        ures_resetIterator(bundle);
        while (ures_hasNext(bundle)) {
            UErrorCode nextStatus = U_ZERO_ERROR;
            UResourceBundle *item = ures_getNextResource(bundle, NULL, &nextStatus);
            const char *key = U_SUCCESS(nextStatus) ? ures_getKey(item) : NULL;
            if (key != NULL && strncmp(key, "%%", 2) != 0) {
                const char *expected = NULL;
                for (int e = 0; e < chain->count && expected == NULL; e++)
                    if (bundle_has_key(chain->ids[e], key)) expected = chain->ids[e];
                UErrorCode lookupStatus = U_ZERO_ERROR;
                UResourceBundle *found = ures_getByKey(opened, key, NULL, &lookupStatus);
                UErrorCode localeStatus = U_ZERO_ERROR;
                const char *actual = U_SUCCESS(lookupStatus)
                    ? ures_getLocaleByType(found, ULOC_ACTUAL_LOCALE, &localeStatus) : NULL;
                (*total)++;
                if (expected != NULL && actual != NULL && U_SUCCESS(localeStatus) && strcmp(actual, expected) == 0)
                    (*ok)++;
                else
                    fprintf(stderr, "icu_oracles: %s: key %s served by %s, chain says %s\n", id, key,
                            actual ? actual : "(nothing)", expected ? expected : "(none)");
                ures_close(found);
            }
            ures_close(item);
        }
        ures_close(bundle);
    }
    ures_close(opened);
}

static int in_plain_list(const char *id) {
    for (int32_t i = 0; i < uloc_countAvailable(); i++)
        if (strcmp(uloc_getAvailable(i), id) == 0) return 1;
    return 0;
}

static int write_chains(void) {
    char version[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, version);
    printf("# ICU %s -- every ULOC_AVAILABLE_WITH_LEGACY_ALIASES locale; default locale root\n", version);
    printf("# chain: ICU's resource-bundle chain (real bundles, ending in root); itemcheck: keys served as the chain says / keys\n");
    printf("locale\tlisted\tures_status\tchain\titemcheck\n");
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *all = uloc_openAvailableByType(ULOC_AVAILABLE_WITH_LEGACY_ALIASES, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "icu_oracles: uloc_openAvailableByType: %s\n", u_errorName(status));
        return 1;
    }
    int failures = 0;
    const char *id;
    while ((id = uenum_next(all, NULL, &status)) != NULL && U_SUCCESS(status)) {
        Chain chain;
        char status_name[ID_CAP];
        read_chain(id, &chain, status_name);
        int ok, total;
        item_check(id, &chain, &ok, &total);
        if (ok != total) failures++;
        printf("%s\t%s\t%s\t", id, in_plain_list(id) ? "available" : "legacy-alias", status_name);
        for (int i = 0; i < chain.count; i++) printf("%s%s", i ? " > " : "", chain.ids[i]);
        printf("\t%d/%d\n", ok, total);
    }
    uenum_close(all);
    if (failures) fprintf(stderr, "icu_oracles: %d chains disagree with ICU's own lookups\n", failures);
    return failures ? 1 : 0;
}

int main(int argc, char **argv) {
    UErrorCode status = U_ZERO_ERROR;
    uloc_setDefault("root", &status);
    if (argc == 2 && strcmp(argv[1], "chains") == 0) return write_chains();
    if (argc == 2 && strcmp(argv[1], "version") == 0) {
        UVersionInfo icu, cldr;
        char icuText[U_MAX_VERSION_STRING_LENGTH], cldrText[U_MAX_VERSION_STRING_LENGTH];
        u_getVersion(icu);
        ulocdata_getCLDRVersion(cldr, &status);
        u_versionToString(icu, icuText);
        u_versionToString(cldr, cldrText);
        printf("%s %s\n", icuText, cldrText);
        return U_FAILURE(status);
    }
    fprintf(stderr, "usage: icu_oracles chains | version\n");
    return 2;
}
