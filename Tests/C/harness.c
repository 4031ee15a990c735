/* harness.c -- counters, checks, forked groups and small file helpers for the C tests. */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

char test_sentinel_storage;

static int passed_in_process;
static int failed_in_process;
static int passed_total;
static int failed_total;

static void record(int ok, const char *file, int line, const char *what) {
    if (ok) {
        passed_in_process++;
    } else {
        failed_in_process++;
        fprintf(stderr, "FAIL %s:%d: %s\n", file, line, what);
    }
}

void check_true(int condition, const char *expression, const char *file, int line) {
    record(condition, file, line, expression);
}

void check_status(ef_status actual, ef_status expected, const char *expression, const char *file,
                  int line) {
    char what[512];
    snprintf(what, sizeof what, "%s returned %s (%d), expected %s", expression,
             ef_status_name(actual), (int)actual, ef_status_name(expected));
    record(actual == expected, file, line, what);
}

void check_string(const char *actual, const char *expected, const char *expression,
                  const char *file, int line) {
    int ok = (actual == NULL || expected == NULL) ? actual == expected : strcmp(actual, expected) == 0;
    char what[1024];
    snprintf(what, sizeof what, "%s is %s%s%s, expected %s%s%s", expression,
             actual ? "\"" : "", actual ? actual : "NULL", actual ? "\"" : "",
             expected ? "\"" : "", expected ? expected : "NULL", expected ? "\"" : "");
    record(ok, file, line, what);
}

void check_int(long long actual, long long expected, const char *expression, const char *file,
               int line) {
    char what[512];
    snprintf(what, sizeof what, "%s is %lld, expected %lld", expression, actual, expected);
    record(actual == expected, file, line, what);
}

void check_details(ef_error_details **err, ef_status expected, const char *file, int line) {
    char what[512];
    ef_error_details *details = *err;
    if (details == NULL) {
        record(0, file, line, "no error details on failure");
        return;
    }
    snprintf(what, sizeof what, "details status %s, expected %s",
             ef_status_name(ef_error_details_status(details)), ef_status_name(expected));
    record(ef_error_details_status(details) == expected, file, line, what);
    const char *message = ef_error_details_message(details);
    record(message != NULL && message[0] != '\0', file, line, "details carry a message");
    ef_error_details_free(details);
    *err = NULL;
}

void run_group(const char *name, test_group group, const struct test_context *context) {
    /* EF_TEST_ONLY=<part of a group name> runs just the matching groups (while debugging one). */
    const char *only = getenv("EF_TEST_ONLY");
    if (only != NULL && strstr(name, only) == NULL)
        return;
    int channel[2];
    fflush(stdout);
    fflush(stderr);
    if (pipe(channel) != 0) {
        perror("pipe");
        exit(2);
    }
    pid_t child = fork();
    if (child < 0) {
        perror("fork");
        exit(2);
    }
    if (child == 0) {
        close(channel[0]);
        passed_in_process = failed_in_process = 0;
        group(context);
        int counts[2] = {passed_in_process, failed_in_process};
        ssize_t written = write(channel[1], counts, sizeof counts);
        _exit(written == (ssize_t)sizeof counts ? 0 : 3);
    }
    close(channel[1]);
    int counts[2] = {0, 0};
    ssize_t got = read(channel[0], counts, sizeof counts);
    close(channel[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (got != (ssize_t)sizeof counts || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        /* The group did not finish: whatever it checked before dying is lost, and it counts as
         * one failure, named so that the crash is not mistaken for a failed assertion. */
        if (WIFSIGNALED(status))
            fprintf(stderr, "FAIL %s: crashed with signal %d\n", name, WTERMSIG(status));
        else
            fprintf(stderr, "FAIL %s: did not finish (exit status %d)\n", name,
                    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        failed_total++;
        return;
    }
    printf("%-24s %d passed, %d failed\n", name, counts[0], counts[1]);
    passed_total += counts[0];
    failed_total += counts[1];
}

int test_summary(void) {
    printf("%d passed, %d failed\n", passed_total, failed_total);
    return failed_total == 0 && passed_total > 0 ? 0 : 1;
}

int ends_with(const char *string, const char *suffix) {
    if (string == NULL || suffix == NULL)
        return 0;
    size_t length = strlen(string), suffix_length = strlen(suffix);
    return length >= suffix_length && strcmp(string + length - suffix_length, suffix) == 0;
}

int write_file(const char *directory, const char *relative, const char *text) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", directory, relative);
    /* Create the parent (one level: <loc>.lproj) if the relative path has one. */
    char *slash = strrchr(path, '/');
    if (slash != NULL && slash > path + strlen(directory)) {
        *slash = '\0';
        if (mkdir(path, 0755) != 0 && errno != EEXIST)
            return -1;
        *slash = '/';
    }
    FILE *file = fopen(path, "wb");
    if (file == NULL)
        return -1;
    size_t length = strlen(text);
    int ok = fwrite(text, 1, length, file) == length;
    return fclose(file) == 0 && ok ? 0 : -1;
}

const char *make_directory(const struct test_context *context, const char *name, char *buffer,
                           size_t size) {
    snprintf(buffer, size, "%s/%s", context->scratch, name);
    if (mkdir(buffer, 0755) != 0 && errno != EEXIST) {
        perror(buffer);
        exit(2);
    }
    return buffer;
}

ef_catalog *open_example(const struct test_context *context) {
    ef_catalog *catalog = NULL;
    ef_error_details *err = NULL;
    ef_status status = ef_catalog_open(&catalog, context->example_catalog, NULL,
                                       EF_CATALOG_LENIENT, &err);
    CHECK_STATUS(status, EF_OK);
    if (status != EF_OK) {
        fprintf(stderr, "  %s\n", ef_error_details_message(err));
        ef_error_details_free(err);
    }
    return catalog;
}

ef_result *format_error(const ef_catalog *catalog, const char *domain, int64_t code,
                        const char *const *locales, size_t locale_count) {
    ef_error_info *info = NULL;
    ef_result *result = NULL;
    CHECK_STATUS(ef_error_info_new(&info, domain, code, NULL), EF_OK);
    if (info == NULL)
        return NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, locales, locale_count, NULL), EF_OK);
    ef_error_info_free(info);
    return result;
}

long resident_kib(void) {
    FILE *statm = fopen("/proc/self/statm", "r");
    long pages_total = 0, pages_resident = -1;
    if (statm == NULL)
        return -1;
    if (fscanf(statm, "%ld %ld", &pages_total, &pages_resident) != 2)
        pages_resident = -1;
    fclose(statm);
    return pages_resident < 0 ? -1 : pages_resident * (sysconf(_SC_PAGESIZE) / 1024);
}
