/*
 * demo.c -- formats the cross-binding cases through the C API of liberrorformatter.
 *
 * usage: demo <cases file>          (Examples/cases.tsv)
 *
 * Reads the cases (Examples/README.md, "Cases") and prints one record per case in the format of
 * Examples/README.md, identical to the C++, Python, Rust, Swift and errfmt demos', so that they
 * can be diffed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errorformatter.h"

enum { MAX_LINE = 8192, MAX_FIELDS = 64, MAX_LOCALES = 16, MAX_PATH_LENGTH = 4096 };
enum { FIELD_CATALOG, FIELD_LOCALES, FIELD_DOMAIN, FIELD_CODE, FIELD_DESCRIPTION,
       FIELD_FAILURE_REASON, FIELD_RECOVERY_SUGGESTION, FIELD_TABLE, FIXED_FIELDS };

static const char *const field_names[] = {"title", "message", "button"};

/* Writes `text` with \, TAB, LF and CR escaped, so that one record's lines never split. */
static void put_escaped(const char *text) {
    for (const char *c = text; *c != '\0'; c++) {
        switch (*c) {
        case '\\': fputs("\\\\", stdout); break;
        case '\t': fputs("\\t", stdout); break;
        case '\n': fputs("\\n", stdout); break;
        case '\r': fputs("\\r", stdout); break;
        default: putchar(*c);
        }
    }
}

/* Replaces \\, \t, \n and \r in place; 0 for an unknown escape. */
static int unescape(char *field) {
    char *out = field;
    for (const char *in = field; *in != '\0'; in++) {
        if (*in != '\\') {
            *out++ = *in;
            continue;
        }
        in++;
        switch (*in) {
        case '\\': *out++ = '\\'; break;
        case 't': *out++ = '\t'; break;
        case 'n': *out++ = '\n'; break;
        case 'r': *out++ = '\r'; break;
        default: return 0;
        }
    }
    *out = '\0';
    return 1;
}

/* A provenance value: NULL (no key rule) is "-", the unlocalized tables' "" is "(unlocalized)". */
static void put_origin(const char *label, const char *value, int is_locale) {
    printf("\t%s=", label);
    if (value == NULL)
        fputs("-", stdout);
    else if (is_locale && value[0] == '\0')
        fputs("(unlocalized)", stdout);
    else
        put_escaped(value);
}

static void print_record(const char *locales_field, const char *domain, const char *code,
                         const ef_result *result) {
    printf("%s\t", locales_field);
    put_escaped(domain);
    printf("\t%s\ttitle=", code);
    put_escaped(ef_result_title(result));
    fputs("\tmessage=", stdout);
    put_escaped(ef_result_message(result));
    fputs("\tbutton=", stdout);
    put_escaped(ef_result_button(result));
    putchar('\n');
    for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
        printf("\t%s", field_names[field]);
        put_origin("rule", ef_result_rule(result, field), 0);
        put_origin("key", ef_result_key(result, field), 0);
        put_origin("locale", ef_result_locale(result, field), 1);
        put_origin("table", ef_result_table(result, field), 0);
        putchar('\n');
    }
    fputs("\tstack\t", stdout);
    for (size_t i = 0; i < ef_result_stack_count(result); i++) {
        const char *entry = ef_result_stack_entry(result, i);
        printf("%s", i > 0 ? "," : "");
        put_escaped(entry[0] == '\0' ? "(unlocalized)" : entry);
    }
    putchar('\n');
    for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
        for (size_t i = 0; i < ef_result_rejection_count(result, field); i++) {
            printf("\trejected\t%s\t", field_names[field]);
            put_escaped(ef_result_rejection(result, field, i));
            putchar('\n');
        }
    }
}

static void print_diagnostics(const ef_catalog *catalog) {
    static const char *const severities[] = {"error", "warning", "note"};
    for (size_t i = 0; i < ef_catalog_diagnostic_count(catalog); i++) {
        int32_t severity = ef_catalog_diagnostic_severity(catalog, i);
        const char *file = ef_catalog_diagnostic_file(catalog, i);
        fprintf(stderr, "%s:%d:%d: %s: %s [%s]\n", file != NULL ? file : "(catalog)",
                (int)ef_catalog_diagnostic_line(catalog, i),
                (int)ef_catalog_diagnostic_column(catalog, i),
                severity >= 0 && severity <= 2 ? severities[severity] : "unknown",
                ef_catalog_diagnostic_message(catalog, i), ef_catalog_diagnostic_code(catalog, i));
    }
}

/* Prints a failure from its details (or its status alone) and frees the details. */
static int report_failure(const char *what, ef_status status, ef_error_details *details) {
    const char *file = ef_error_details_file(details);
    fprintf(stderr, "demo: %s: %s%s%s (%s)\n", what, file != NULL ? file : "",
            file != NULL ? ": " : "",
            details != NULL ? ef_error_details_message(details) : ef_status_string(status),
            ef_status_name(status));
    ef_error_details_free(details);
    return 1;
}

/* Parses a whole decimal integer; 0 if `text` is not one or is out of range. */
static int parse_int64(const char *text, int64_t *out) {
    char *end = NULL;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0')
        return 0;
    *out = (int64_t)value;
    return 1;
}

static int parse_uint64(const char *text, uint64_t *out) {
    char *end = NULL;
    errno = 0;
    if (text[0] == '-')
        return 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0')
        return 0;
    *out = (uint64_t)value;
    return 1;
}

static int parse_double(const char *text, double *out) {
    char *end = NULL;
    errno = 0;
    double value = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0')
        return 0;
    *out = value;
    return 1;
}

/* A text field: "-" is absent (NULL). */
static const char *optional(const char *field) { return strcmp(field, "-") == 0 ? NULL : field; }

/* Adds one typed argument ("s:text", "i:-1", "u:1", "d:2.5"); 0 with a message if malformed. */
static int add_argument(ef_error_info *info, const char *field, ef_status *status,
                        ef_error_details **details) {
    const char *text = field + 2;
    int64_t signed_value = 0;
    uint64_t unsigned_value = 0;
    double double_value = 0;
    if (strlen(field) < 2 || field[1] != ':') {
        fprintf(stderr, "demo: argument \"%s\" has no type (s:, i:, u: or d:)\n", field);
        return 0;
    }
    switch (field[0]) {
    case 's': *status = ef_error_info_add_string(info, text, details); return 1;
    case 'i':
        if (!parse_int64(text, &signed_value))
            break;
        *status = ef_error_info_add_int64(info, signed_value, details);
        return 1;
    case 'u':
        if (!parse_uint64(text, &unsigned_value))
            break;
        *status = ef_error_info_add_uint64(info, unsigned_value, details);
        return 1;
    case 'd':
        if (!parse_double(text, &double_value))
            break;
        *status = ef_error_info_add_double(info, double_value, details);
        return 1;
    default: break;
    }
    fprintf(stderr, "demo: malformed argument \"%s\"\n", field);
    return 0;
}

/* Splits `line` at TABs in place; returns the number of fields, or 0 if there are too many. */
static size_t split(char *line, char sep, char **fields, size_t capacity) {
    size_t count = 0;
    for (char *start = line;;) {
        if (count == capacity)
            return 0;
        fields[count++] = start;
        char *end = strchr(start, sep);
        if (end == NULL)
            return count;
        *end = '\0';
        start = end + 1;
    }
}

/* The catalogs opened so far: each is opened once, when a case first names it (as the other
 * demos do, so that their diagnostics on standard error match too). */
enum { MAX_CATALOGS = 16 };
struct open_catalog {
    char name[MAX_PATH_LENGTH];
    ef_catalog *catalog;
};
struct catalogs {
    struct open_catalog entries[MAX_CATALOGS];
    size_t count;
};

/* The catalog `name` (beside the cases file), opened on first use; NULL on failure. */
static const ef_catalog *use_catalog(struct catalogs *open, const char *directory, const char *name) {
    for (size_t i = 0; i < open->count; i++)
        if (strcmp(open->entries[i].name, name) == 0)
            return open->entries[i].catalog;
    if (open->count == MAX_CATALOGS) {
        fprintf(stderr, "demo: more than %d catalogs\n", MAX_CATALOGS);
        return NULL;
    }
    char path[MAX_PATH_LENGTH];
    int length = snprintf(path, sizeof path, "%s%s", directory, name);
    if (length < 0 || (size_t)length >= sizeof path || strlen(name) >= sizeof open->entries[0].name) {
        fprintf(stderr, "demo: catalog path too long: %s\n", name);
        return NULL;
    }
    struct open_catalog *entry = &open->entries[open->count];
    ef_error_details *details = NULL;
    ef_status status = ef_catalog_open(&entry->catalog, path, "en", EF_CATALOG_LENIENT, &details);
    if (status != EF_OK) {
        report_failure("cannot open the catalog", status, details);
        return NULL;
    }
    memcpy(entry->name, name, strlen(name) + 1);
    open->count++;
    print_diagnostics(entry->catalog);
    return entry->catalog;
}

/* Formats one case (its fields unescaped) and prints its record; 0 on failure. */
static int run_case(const ef_catalog *catalog, char **fields, size_t field_count,
                    const char *locales_field) {
    char locales_copy[MAX_LINE];
    char *locales[MAX_LOCALES];
    size_t locale_count = 0;
    if (strcmp(locales_field, "-") != 0) {
        memcpy(locales_copy, locales_field, strlen(locales_field) + 1);
        locale_count = split(locales_copy, ',', locales, MAX_LOCALES);
        if (locale_count == 0) {
            fprintf(stderr, "demo: too many locales: %s\n", locales_field);
            return 0;
        }
    }
    int64_t code = 0;
    if (!parse_int64(fields[FIELD_CODE], &code)) {
        fprintf(stderr, "demo: code \"%s\" is not a 64-bit integer\n", fields[FIELD_CODE]);
        return 0;
    }
    ef_error_info *info = NULL;
    ef_result *result = NULL;
    ef_error_details *details = NULL;
    ef_status status = ef_error_info_new(&info, fields[FIELD_DOMAIN], code, &details);
    if (status == EF_OK)
        status = ef_error_info_set_description(info, optional(fields[FIELD_DESCRIPTION]), &details);
    if (status == EF_OK)
        status = ef_error_info_set_failure_reason(info, optional(fields[FIELD_FAILURE_REASON]),
                                                  &details);
    if (status == EF_OK)
        status = ef_error_info_set_recovery_suggestion(
            info, optional(fields[FIELD_RECOVERY_SUGGESTION]), &details);
    if (status == EF_OK)
        status = ef_error_info_set_table(info, optional(fields[FIELD_TABLE]), &details);
    int ok = 1;
    for (size_t i = FIXED_FIELDS; i < field_count && ok && status == EF_OK; i++)
        ok = add_argument(info, fields[i], &status, &details);
    if (ok && status == EF_OK)
        status = ef_format(&result, catalog, info, (const char *const *)locales, locale_count,
                           &details);
    if (ok && status == EF_OK)
        print_record(locales_field, fields[FIELD_DOMAIN], fields[FIELD_CODE], result);
    else if (ok)
        ok = !report_failure("cannot format", status, details);
    ef_result_free(result);
    ef_error_info_free(info);
    return ok;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <cases file>\n", argv[0]);
        return 2;
    }
    if (ef_version_number() / 10000 != EF_VERSION_MAJOR) {
        fprintf(stderr, "demo: built for ABI %d, loaded liberrorformatter %s\n", EF_VERSION_MAJOR,
                ef_version_string());
        return 1;
    }
    FILE *cases = fopen(argv[1], "r");
    if (cases == NULL) {
        fprintf(stderr, "demo: cannot read %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    /* Catalogs are named relative to the cases file's directory. */
    char directory[MAX_PATH_LENGTH] = "";
    const char *slash = strrchr(argv[1], '/');
    if (slash != NULL) {
        size_t length = (size_t)(slash - argv[1]) + 1;
        if (length >= sizeof directory) {
            fprintf(stderr, "demo: path too long: %s\n", argv[1]);
            fclose(cases);
            return 1;
        }
        memcpy(directory, argv[1], length);
        directory[length] = '\0';
    }

    static struct catalogs open; /* static: 64 KiB of names is too much for the stack */
    char line[MAX_LINE];
    int ok = 1;
    while (ok && fgets(line, sizeof line, cases) != NULL) {
        size_t length = strlen(line);
        if (length > 0 && line[length - 1] == '\n')
            line[--length] = '\0';
        else if (!feof(cases)) {
            fprintf(stderr, "demo: a line longer than %d bytes\n", MAX_LINE - 2);
            ok = 0;
            break;
        }
        if (length == 0 || line[0] == '#')
            continue;
        char *fields[MAX_FIELDS];
        size_t field_count = split(line, '\t', fields, MAX_FIELDS);
        if (field_count < FIXED_FIELDS) {
            fprintf(stderr, "demo: a case with %zu fields, at least %d expected\n", field_count,
                    (int)FIXED_FIELDS);
            ok = 0;
            break;
        }
        /* The record repeats the locales as written; every other field is used unescaped. */
        char locales_field[MAX_LINE];
        memcpy(locales_field, fields[FIELD_LOCALES], strlen(fields[FIELD_LOCALES]) + 1);
        for (size_t i = 0; i < field_count && ok; i++)
            if (i != FIELD_LOCALES && !unescape(fields[i])) {
                fprintf(stderr, "demo: unknown escape in \"%s\"\n", fields[i]);
                ok = 0;
            }
        const ef_catalog *catalog = ok ? use_catalog(&open, directory, fields[FIELD_CATALOG]) : NULL;
        ok = catalog != NULL && run_case(catalog, fields, field_count, locales_field);
    }
    for (size_t i = 0; i < open.count; i++)
        ef_catalog_free(open.entries[i].catalog);
    fclose(cases);
    return ok ? 0 : 1;
}
