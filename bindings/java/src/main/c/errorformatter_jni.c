/*
 * errorformatter_jni.c -- the JNI glue between org.errorformatter.Native and the C API.
 *
 * Strings cross as byte arrays of real UTF-8 (JNI's own string functions speak modified UTF-8),
 * copied here into NUL-terminated buffers; a byte array holding a NUL is refused, as the C API
 * cannot see past it. Results with several strings come back as one byte array: the output of
 * the library's packed call (packed_call.h), whole, which org.errorformatter.Packed reads, so
 * that a call crosses JNI once and the format is the library's alone. A failure becomes an
 * org.errorformatter.ErrorFormatterException, made from the library's error details; an
 * allocation that fails here becomes an OutOfMemoryError. Every function returns at once after
 * throwing: nothing here aborts the JVM.
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "errorformatter.h"
#include "org_errorformatter_Native.h"
#include "org_errorformatter_Packed.h"
#include "packed_call.h"

/* org.errorformatter.Packed reads the packed outputs with constants named after the header's
 * macros; javac -h writes them into org_errorformatter_Packed.h, and each must be the macro. */
#define SAME_AS_HEADER(name) \
    _Static_assert(org_errorformatter_Packed_##name == name, "Packed." #name " differs from the header")
SAME_AS_HEADER(EF_PACKED_HEADER);
SAME_AS_HEADER(EF_PACKED_TITLE);
SAME_AS_HEADER(EF_PACKED_MESSAGE);
SAME_AS_HEADER(EF_PACKED_BUTTON);
SAME_AS_HEADER(EF_PACKED_PROVENANCE);
SAME_AS_HEADER(EF_PACKED_PROVENANCE_ITEMS);
SAME_AS_HEADER(EF_PACKED_STACK);
SAME_AS_HEADER(EF_PACKED_REJECTION_ITEMS);
SAME_AS_HEADER(EF_PACKED_FORMAT_HEADER_NUMBERS);
SAME_AS_HEADER(EF_PACKED_LOOKUP_VALUE);
SAME_AS_HEADER(EF_PACKED_LOOKUP_LOCALE);
SAME_AS_HEADER(EF_PACKED_LOOKUP_TABLE);
SAME_AS_HEADER(EF_PACKED_LOOKUP_REJECTIONS);
SAME_AS_HEADER(EF_PACKED_LOOKUP_HEADER_NUMBERS);
SAME_AS_HEADER(EF_PACKED_DIAGNOSTIC_ITEMS);
SAME_AS_HEADER(EF_PACKED_DIAGNOSTIC_NUMBERS);
SAME_AS_HEADER(EF_PACKED_DIAGNOSTIC_CODE);
SAME_AS_HEADER(EF_PACKED_DIAGNOSTIC_MESSAGE);
SAME_AS_HEADER(EF_PACKED_DIAGNOSTIC_FILE);
SAME_AS_HEADER(EF_PACKED_DIAGNOSTIC_KEY);
SAME_AS_HEADER(EF_PACKED_DIAGNOSTIC_NULL_FILE);
SAME_AS_HEADER(EF_PACKED_DIAGNOSTIC_NULL_KEY);
SAME_AS_HEADER(EF_PACKED_DESCRIBE_HEADER_NUMBERS);
SAME_AS_HEADER(EF_PACKED_DESCRIBE_DEVELOPMENT_LOCALE);
SAME_AS_HEADER(EF_PACKED_DESCRIBE_LOCALIZATIONS);
SAME_AS_HEADER(EF_PACKED_LINT_HEADER_NUMBERS);
SAME_AS_HEADER(EF_PACKED_LINT_DIAGNOSTICS);
SAME_AS_HEADER(EF_PACKED_CHAIN_HEADER_NUMBERS);
SAME_AS_HEADER(EF_PACKED_CHAIN_NORMALIZED);
SAME_AS_HEADER(EF_PACKED_CHAIN_ENTRIES);
SAME_AS_HEADER(EF_PACKED_CHAIN_ENTRY_ITEMS);
SAME_AS_HEADER(EF_PACKED_LIST_HEADER_NUMBERS);
SAME_AS_HEADER(EF_PACKED_LIST_ENTRIES);
SAME_AS_HEADER(EF_SEVERITY_ERROR);
SAME_AS_HEADER(EF_SEVERITY_WARNING);
SAME_AS_HEADER(EF_SEVERITY_NOTE);
SAME_AS_HEADER(EF_CHAIN_ABSTRACT);
SAME_AS_HEADER(EF_CHAIN_BUNDLE);
SAME_AS_HEADER(EF_CHAIN_ALIAS);

/* ------------------------------------------------------------------------------ exceptions */

static jbyteArray new_bytes(JNIEnv *env, const char *data, size_t length) {
    if (length > INT32_MAX) {
        (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/OutOfMemoryError"),
                         "a result larger than a Java array");
        return NULL;
    }
    jbyteArray array = (*env)->NewByteArray(env, (jsize)length);
    if (array != NULL && length > 0)
        (*env)->SetByteArrayRegion(env, array, 0, (jsize)length, (const jbyte *)data);
    return array;
}

static jbyteArray new_string_bytes(JNIEnv *env, const char *text) {
    return text == NULL ? NULL : new_bytes(env, text, strlen(text));
}

/* Throws ErrorFormatterException (made by its factory, fromNative, from UTF-8 bytes). If that
 * fails, the Java exception that made it fail (out of memory) is pending instead. */
static void throw_exception(JNIEnv *env, ef_status status, const char *message, const char *file,
                            int32_t line, int32_t column) {
    jclass class = (*env)->FindClass(env, "org/errorformatter/ErrorFormatterException");
    jmethodID make = class == NULL ? NULL
        : (*env)->GetStaticMethodID(env, class, "fromNative",
                                    "(I[B[B[BII)Lorg/errorformatter/ErrorFormatterException;");
    jbyteArray name = make == NULL ? NULL : new_string_bytes(env, ef_status_name(status));
    jbyteArray text = name == NULL ? NULL : new_string_bytes(env, message);
    jbyteArray where = text == NULL || file == NULL ? NULL : new_string_bytes(env, file);
    if (text == NULL || (file != NULL && where == NULL))
        return;
    jobject error = (*env)->CallStaticObjectMethod(env, class, make, (jint)status, name, text, where,
                                                   (jint)line, (jint)column);
    if (!(*env)->ExceptionCheck(env) && error != NULL)
        (*env)->Throw(env, (jthrowable)error);
}

/* Throws the failure `status` described by `details` (which may be NULL), and frees them. */
static void throw_status(JNIEnv *env, ef_status status, ef_error_details *details) {
    throw_exception(env, status, details != NULL ? ef_error_details_message(details) : ef_status_string(status),
                    ef_error_details_file(details), ef_error_details_line(details),
                    ef_error_details_column(details));
    ef_error_details_free(details);
}

/* Throws EF_E_INVALID_ARGUMENT for what the glue itself refuses (a NUL inside a string). */
static void throw_invalid(JNIEnv *env, const char *message) {
    throw_exception(env, EF_E_INVALID_ARGUMENT, message, NULL, 0, 0);
}

static void throw_out_of_memory(JNIEnv *env) {
    jclass class = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
    if (class != NULL)
        (*env)->ThrowNew(env, class, "liberrorformatter-jni: out of memory");
}

/* ---------------------------------------------------------------------------- strings in */

/* A NUL-terminated copy of `array` in *out (NULL for a null array); 0 with an exception pending
 * when it holds a NUL or memory runs out. Free with free(). */
static int copy_string(JNIEnv *env, jbyteArray array, char **out) {
    *out = NULL;
    if (array == NULL)
        return 1;
    jsize length = (*env)->GetArrayLength(env, array);
    char *copy = malloc((size_t)length + 1);
    if (copy == NULL) {
        throw_out_of_memory(env);
        return 0;
    }
    (*env)->GetByteArrayRegion(env, array, 0, length, (jbyte *)copy);
    copy[length] = '\0';
    if (memchr(copy, '\0', (size_t)length) != NULL) {
        free(copy);
        throw_invalid(env, "a string holds U+0000, which a C string cannot hold");
        return 0;
    }
    *out = copy;
    return 1;
}

/* An array of NUL-terminated copies of the byte arrays of `arrays` (entries may be null only
 * when `nullable`); *count receives their number. Free with free_strings(). */
struct strings {
    char **entries;
    size_t count;
};

static void free_strings(struct strings *strings) {
    for (size_t i = 0; i < strings->count; i++)
        free(strings->entries[i]);
    free(strings->entries);
    strings->entries = NULL;
    strings->count = 0;
}

static int copy_strings(JNIEnv *env, jobjectArray arrays, int nullable, struct strings *out) {
    out->entries = NULL;
    out->count = 0;
    if (arrays == NULL)
        return 1;
    jsize length = (*env)->GetArrayLength(env, arrays);
    out->entries = calloc((size_t)length + 1, sizeof(char *));
    if (out->entries == NULL) {
        throw_out_of_memory(env);
        return 0;
    }
    for (jsize i = 0; i < length; i++) {
        jbyteArray entry = (jbyteArray)(*env)->GetObjectArrayElement(env, arrays, i);
        if (entry == NULL && !nullable) {
            free_strings(out);
            throw_invalid(env, "a list holds a null entry");
            return 0;
        }
        out->count = (size_t)i + 1;
        int copied = copy_string(env, entry, &out->entries[i]);
        (*env)->DeleteLocalRef(env, entry);
        if (!copied) {
            free_strings(out);
            return 0;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------------ packed outputs */

/* The first try's buffer: room for any result without a long stack or many rejections. */
enum { INITIAL_CAPACITY = 4096 };

/* Runs a packed call (packed_call.h) and returns its whole output as a byte array; throws when
 * the call fails. `accept` is a status that still comes with an output, or EF_OK. */
static jbyteArray run_packed(JNIEnv *env, packed_function function, const void *context, ef_status accept) {
    char first[INITIAL_CAPACITY];
    packed_output output;
    jbyteArray result = NULL;
    if (packed_call(function, context, accept, first, sizeof first, &output))
        result = new_bytes(env, output.items, output.length);
    else if (output.problem != NULL)
        throw_exception(env, output.status, output.problem, NULL, 0, 0);
    else
        throw_status(env, output.status, output.details);
    packed_output_free(&output);
    return result;
}

/* ------------------------------------------------------------------------------- version */

/* The JNI version the glue needs (the VM would assume 1.1 without this). */
JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    (void)vm;
    (void)reserved;
    return JNI_VERSION_1_8;
}

JNIEXPORT jint JNICALL Java_org_errorformatter_Native_versionNumber(JNIEnv *env, jclass class) {
    (void)env;
    (void)class;
    return (jint)ef_version_number();
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_versionString(JNIEnv *env, jclass class) {
    (void)class;
    return new_string_bytes(env, ef_version_string());
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_statusName(JNIEnv *env, jclass class,
                                                                       jint status) {
    (void)class;
    return new_string_bytes(env, ef_status_name((ef_status)status));
}

/* ------------------------------------------------------------------------------- catalogs */

JNIEXPORT jlong JNICALL Java_org_errorformatter_Native_open(JNIEnv *env, jclass class, jbyteArray path,
                                                            jbyteArray development_locale, jint flags) {
    (void)class;
    char *path_text = NULL, *locale_text = NULL;
    ef_catalog *catalog = NULL;
    if (copy_string(env, path, &path_text) && copy_string(env, development_locale, &locale_text)) {
        ef_error_details *details = NULL;
        ef_status status = ef_catalog_open(&catalog, path_text, locale_text, (uint32_t)flags, &details);
        if (status != EF_OK)
            throw_status(env, status, details);
    }
    free(path_text);
    free(locale_text);
    return (jlong)(intptr_t)catalog;
}

JNIEXPORT jlong JNICALL Java_org_errorformatter_Native_build(JNIEnv *env, jclass class,
                                                             jobjectArray locales,
                                                             jobjectArray file_names,
                                                             jobjectArray contents,
                                                             jbyteArray development_locale,
                                                             jint flags) {
    (void)class;
    struct strings locale_texts, name_texts;
    char *development = NULL;
    ef_catalog *catalog = NULL;
    ef_catalog_builder *builder = NULL;
    ef_error_details *details = NULL;
    if (!copy_strings(env, locales, 1, &locale_texts))
        return 0;
    if (!copy_strings(env, file_names, 0, &name_texts)) {
        free_strings(&locale_texts);
        return 0;
    }
    if (!copy_string(env, development_locale, &development))
        goto done;
    ef_status status = ef_catalog_builder_new(&builder, (uint32_t)flags, &details);
    if (status != EF_OK) {
        throw_status(env, status, details);
        goto done;
    }
    jsize count = contents == NULL ? 0 : (*env)->GetArrayLength(env, contents);
    if ((size_t)count != name_texts.count || (size_t)count != locale_texts.count) {
        throw_invalid(env, "the tables' locales, names and contents differ in number");
        goto done;
    }
    for (jsize i = 0; i < count; i++) {
        jbyteArray data = (jbyteArray)(*env)->GetObjectArrayElement(env, contents, i);
        if (data == NULL) {
            throw_invalid(env, "a table's contents are null");
            goto done;
        }
        jsize length = (*env)->GetArrayLength(env, data);
        /* An empty table passes NULL, as the C API allows for a length of 0. */
        jbyte *bytes = length > 0 ? (*env)->GetByteArrayElements(env, data, NULL) : NULL;
        if (length > 0 && bytes == NULL) {
            (*env)->DeleteLocalRef(env, data);
            goto done; /* OutOfMemoryError pending */
        }
        status = ef_catalog_builder_add_table(builder, locale_texts.entries[i], name_texts.entries[i], bytes,
                                              (size_t)length, &details);
        if (bytes != NULL)
            (*env)->ReleaseByteArrayElements(env, data, bytes, JNI_ABORT);
        (*env)->DeleteLocalRef(env, data);
        if (status != EF_OK) {
            throw_status(env, status, details);
            goto done;
        }
    }
    status = ef_catalog_builder_finish(&catalog, builder, development, &details);
    if (status != EF_OK)
        throw_status(env, status, details);
done:
    ef_catalog_builder_free(builder);
    free(development);
    free_strings(&locale_texts);
    free_strings(&name_texts);
    return (jlong)(intptr_t)catalog;
}

JNIEXPORT void JNICALL Java_org_errorformatter_Native_free(JNIEnv *env, jclass class, jlong catalog) {
    (void)env;
    (void)class;
    ef_catalog_free((ef_catalog *)(intptr_t)catalog);
}

JNIEXPORT void JNICALL Java_org_errorformatter_Native_compile(JNIEnv *env, jclass class, jlong handle,
                                                              jbyteArray path) {
    (void)class;
    char *path_text = NULL;
    if (copy_string(env, path, &path_text)) {
        ef_error_details *details = NULL;
        ef_status status = ef_catalog_compile((const ef_catalog *)(intptr_t)handle, path_text, &details);
        if (status != EF_OK)
            throw_status(env, status, details);
    }
    free(path_text);
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_developmentLocale(JNIEnv *env, jclass class,
                                                                              jlong handle) {
    (void)class;
    return new_string_bytes(env, ef_catalog_development_locale((const ef_catalog *)(intptr_t)handle));
}

/* The packed calls that describe a handle the library made: the handle in `context`. */
static ef_status call_describe(const void *context, size_t *out_length, char *buffer, size_t capacity,
                               ef_error_details **err) {
    return ef_catalog_describe_packed(out_length, buffer, capacity, context, err);
}

static ef_status call_chain(const void *context, size_t *out_length, char *buffer, size_t capacity,
                            ef_error_details **err) {
    return ef_locale_chain_packed(out_length, buffer, capacity, context, err);
}

static ef_status call_list(const void *context, size_t *out_length, char *buffer, size_t capacity,
                           ef_error_details **err) {
    return ef_locale_list_packed(out_length, buffer, capacity, context, err);
}

static ef_status call_report(const void *context, size_t *out_length, char *buffer, size_t capacity,
                             ef_error_details **err) {
    return ef_lint_report_packed(out_length, buffer, capacity, context, err);
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_describe(JNIEnv *env, jclass class,
                                                                     jlong handle) {
    (void)class;
    return run_packed(env, call_describe, (const ef_catalog *)(intptr_t)handle, EF_OK);
}

/* ------------------------------------------------------------------- format and lookup */

/* An ef_error_info holding the arguments (NULL when there are none); 0 with an exception
 * pending on failure. kinds[i] is 's' (strings[i]), 'i', 'u' or 'd' (values[i]'s bits). */
static int make_arguments(JNIEnv *env, jbyteArray kinds, jlongArray values, jobjectArray strings,
                          ef_error_info **out) {
    *out = NULL;
    jsize count = kinds == NULL ? 0 : (*env)->GetArrayLength(env, kinds);
    if (count == 0)
        return 1;
    if (values == NULL || strings == NULL || (*env)->GetArrayLength(env, values) != count
        || (*env)->GetArrayLength(env, strings) != count) {
        throw_invalid(env, "the arguments' kinds, values and strings differ in number");
        return 0;
    }
    ef_error_details *details = NULL;
    ef_status status = ef_error_info_new(out, "", 0, &details);
    if (status != EF_OK) {
        throw_status(env, status, details);
        return 0;
    }
    for (jsize i = 0; i < count; i++) {
        jbyte kind = 0;
        jlong value = 0;
        (*env)->GetByteArrayRegion(env, kinds, i, 1, &kind);
        (*env)->GetLongArrayRegion(env, values, i, 1, &value);
        switch (kind) {
        case 's': {
            jbyteArray text = (jbyteArray)(*env)->GetObjectArrayElement(env, strings, i);
            char *copy = NULL;
            if (text == NULL) {
                throw_invalid(env, "a string argument is null");
                goto failed;
            }
            int copied = copy_string(env, text, &copy);
            (*env)->DeleteLocalRef(env, text);
            if (!copied)
                goto failed;
            status = ef_error_info_add_string(*out, copy, &details);
            free(copy);
            break;
        }
        case 'i': status = ef_error_info_add_int64(*out, (int64_t)value, &details); break;
        case 'u': status = ef_error_info_add_uint64(*out, (uint64_t)value, &details); break;
        case 'd': {
            double real;
            memcpy(&real, &value, sizeof real);
            status = ef_error_info_add_double(*out, real, &details);
            break;
        }
        default:
            throw_invalid(env, "an argument of unknown kind");
            goto failed;
        }
        if (status != EF_OK) {
            throw_status(env, status, details);
            goto failed;
        }
    }
    return 1;
failed:
    ef_error_info_free(*out);
    *out = NULL;
    return 0;
}

struct format_call {
    const ef_catalog *catalog;
    const char *request;
    size_t request_length;
    struct strings locales;
};

static ef_status call_format(const void *context, size_t *out_length, char *buffer, size_t capacity,
                             ef_error_details **err) {
    const struct format_call *c = context;
    return ef_format_packed_reusable(out_length, buffer, capacity, NULL, c->catalog, c->request, c->request_length,
                                     (const char *const *)c->locales.entries, c->locales.count, err);
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_format(JNIEnv *env, jclass class, jlong catalog,
                                                                    jbyteArray request, jobjectArray locales) {
    (void)class;
    struct format_call call = {.catalog = (const ef_catalog *)(intptr_t)catalog};
    jbyteArray result = NULL;
    if (request == NULL) {
        throw_invalid(env, "the request is null");
        return NULL;
    }
    /* The request is a run of items and numbers, NULs included: copied as it is. */
    jsize length = (*env)->GetArrayLength(env, request);
    char *bytes = malloc(length > 0 ? (size_t)length : 1);
    if (bytes == NULL) {
        throw_out_of_memory(env);
        return NULL;
    }
    (*env)->GetByteArrayRegion(env, request, 0, length, (jbyte *)bytes);
    if (copy_strings(env, locales, 0, &call.locales)) {
        call.request = bytes;
        call.request_length = (size_t)length;
        result = run_packed(env, call_format, &call, EF_OK);
    }
    free(bytes);
    free_strings(&call.locales);
    return result;
}

struct lookup_call {
    const ef_catalog *catalog;
    const char *table, *key;
    const ef_error_info *arguments;
    struct strings locales;
};

static ef_status call_lookup(const void *context, size_t *out_length, char *buffer, size_t capacity,
                             ef_error_details **err) {
    const struct lookup_call *c = context;
    return ef_catalog_lookup_packed_v2(out_length, buffer, capacity, c->catalog, c->table, c->key,
                                       (const char *const *)c->locales.entries, c->locales.count,
                                       c->arguments, err);
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_lookup(
    JNIEnv *env, jclass class, jlong catalog, jbyteArray table, jbyteArray key, jbyteArray kinds,
    jlongArray values, jobjectArray strings, jobjectArray locales) {
    (void)class;
    char *table_text = NULL, *key_text = NULL;
    struct lookup_call call = {.catalog = (const ef_catalog *)(intptr_t)catalog};
    ef_error_info *arguments = NULL;
    jbyteArray result = NULL;
    if (copy_string(env, table, &table_text) && copy_string(env, key, &key_text)
        && copy_strings(env, locales, 0, &call.locales) && make_arguments(env, kinds, values, strings, &arguments)) {
        call.table = table_text;
        call.key = key_text;
        call.arguments = arguments;
        /* A key with no usable value is an answer, not a failure. */
        result = run_packed(env, call_lookup, &call, EF_E_KEY_NOT_FOUND);
    }
    free(table_text);
    free(key_text);
    free_strings(&call.locales);
    ef_error_info_free(arguments);
    return result;
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_text(JNIEnv *env, jclass class, jlong catalog,
                                                                  jbyteArray table, jbyteArray key,
                                                                  jobjectArray locales) {
    (void)class;
    char *table_text = NULL, *key_text = NULL;
    struct strings preferences = {NULL, 0};
    jbyteArray result = NULL;
    if (copy_string(env, table, &table_text) && copy_string(env, key, &key_text)
        && copy_strings(env, locales, 0, &preferences)) {
        const char *text = NULL; /* borrowed from the catalog, which the caller keeps open */
        ef_error_details *details = NULL;
        ef_status status = ef_catalog_text(&text, (const ef_catalog *)(intptr_t)catalog, table_text, key_text,
                                           (const char *const *)preferences.entries, preferences.count, &details);
        if (status == EF_OK)
            result = new_string_bytes(env, text);
        else if (status == EF_E_KEY_NOT_FOUND)
            ef_error_details_free(details); /* no text: null, not an exception */
        else
            throw_status(env, status, details);
    }
    free(table_text);
    free(key_text);
    free_strings(&preferences);
    return result;
}

/* -------------------------------------------------------------------------------- locales */

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_normalizeLocale(JNIEnv *env, jclass class,
                                                                            jbyteArray locale) {
    (void)class;
    char *text = NULL, *normalized = NULL;
    jbyteArray result = NULL;
    if (!copy_string(env, locale, &text))
        return NULL;
    ef_error_details *details = NULL;
    ef_status status = ef_locale_normalize(&normalized, NULL, text, &details);
    if (status != EF_OK)
        throw_status(env, status, details);
    else
        result = new_string_bytes(env, normalized);
    ef_string_free(normalized);
    free(text);
    return result;
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_localeChain(JNIEnv *env, jclass class,
                                                                        jbyteArray locale) {
    (void)class;
    char *text = NULL;
    if (!copy_string(env, locale, &text))
        return NULL;
    ef_locale_chain *chain = NULL;
    ef_error_details *details = NULL;
    ef_status status = ef_locale_chain_new(&chain, text, &details);
    free(text);
    if (status != EF_OK) {
        throw_status(env, status, details);
        return NULL;
    }
    jbyteArray result = run_packed(env, call_chain, chain, EF_OK);
    ef_locale_chain_free(chain);
    return result;
}

/* The packed output of a list the library made, then frees it. */
static jbyteArray list_items(JNIEnv *env, ef_locale_list *list) {
    jbyteArray result = run_packed(env, call_list, list, EF_OK);
    ef_locale_list_free(list);
    return result;
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_preferencesFromEnvironment(JNIEnv *env,
                                                                                       jclass class) {
    (void)class;
    ef_locale_list *list = NULL;
    ef_error_details *details = NULL;
    ef_status status = ef_locale_list_from_environment(&list, &details);
    if (status != EF_OK) {
        throw_status(env, status, details);
        return NULL;
    }
    return list_items(env, list);
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_preferencesFromAcceptLanguage(
    JNIEnv *env, jclass class, jbyteArray header) {
    (void)class;
    char *text = NULL;
    if (!copy_string(env, header, &text))
        return NULL;
    ef_locale_list *list = NULL;
    ef_error_details *details = NULL;
    ef_status status = ef_locale_list_from_accept_language(&list, text, &details);
    free(text);
    if (status != EF_OK) {
        throw_status(env, status, details);
        return NULL;
    }
    return list_items(env, list);
}

/* ----------------------------------------------------------------------------------- lint */

/* The packed output of a report the library made, then frees it. */
static jbyteArray report_items(JNIEnv *env, ef_lint_report *report) {
    jbyteArray result = run_packed(env, call_report, report, EF_OK);
    ef_lint_report_free(report);
    return result;
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_lintPaths(JNIEnv *env, jclass class,
                                                                      jobjectArray paths,
                                                                      jbyteArray development_locale) {
    (void)class;
    struct strings path_texts;
    char *development = NULL;
    jbyteArray result = NULL;
    if (!copy_strings(env, paths, 0, &path_texts))
        return NULL;
    if (copy_string(env, development_locale, &development)) {
        ef_lint_report *report = NULL;
        ef_error_details *details = NULL;
        /* A non-NULL array even for no paths: the library reports that as EF_E_INVALID_ARGUMENT. */
        char *none[1] = {NULL};
        ef_status status = ef_lint_paths(&report, path_texts.entries != NULL
                                                      ? (const char *const *)path_texts.entries
                                                      : (const char *const *)none,
                                         path_texts.count, development, &details);
        if (status != EF_OK)
            throw_status(env, status, details);
        else
            result = report_items(env, report);
    }
    free(development);
    free_strings(&path_texts);
    return result;
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_lintCatalog(JNIEnv *env, jclass class,
                                                                        jlong catalog) {
    (void)class;
    ef_lint_report *report = NULL;
    ef_error_details *details = NULL;
    ef_status status = ef_lint_catalog(&report, (const ef_catalog *)(intptr_t)catalog, &details);
    if (status != EF_OK) {
        throw_status(env, status, details);
        return NULL;
    }
    return report_items(env, report);
}

/* ---------------------------------------------------------------------------- live catalog */

/* org.errorformatter.LiveCatalog checks both intervals (0 ... 2^32-1) before the call. */
JNIEXPORT jlong JNICALL Java_org_errorformatter_Native_liveOpen(JNIEnv *env, jclass class, jbyteArray path,
                                                                jbyteArray development_locale, jint flags,
                                                                jlong check_interval_ms, jlong debounce_ms) {
    (void)class;
    char *path_text = NULL, *locale_text = NULL;
    ef_live_catalog *live = NULL;
    if (check_interval_ms < 0 || check_interval_ms > UINT32_MAX || debounce_ms > UINT32_MAX) {
        throw_invalid(env, "an interval out of 0 ... 4294967295 ms");
        return 0;
    }
    if (copy_string(env, path, &path_text) && copy_string(env, development_locale, &locale_text)) {
        ef_error_details *details = NULL;
        ef_status status = debounce_ms < 0
            ? ef_live_catalog_open(&live, path_text, locale_text, (uint32_t)flags, (uint32_t)check_interval_ms,
                                   &details)
            : ef_live_catalog_open_with_debounce(&live, path_text, locale_text, (uint32_t)flags,
                                                 (uint32_t)check_interval_ms, (uint32_t)debounce_ms, &details);
        if (status != EF_OK)
            throw_status(env, status, details);
    }
    free(path_text);
    free(locale_text);
    return (jlong)(intptr_t)live;
}

JNIEXPORT jlong JNICALL Java_org_errorformatter_Native_liveCurrent(JNIEnv *env, jclass class, jlong live) {
    (void)env;
    (void)class;
    return (jlong)(intptr_t)ef_live_catalog_current((const ef_live_catalog *)(intptr_t)live);
}

JNIEXPORT void JNICALL Java_org_errorformatter_Native_liveReload(JNIEnv *env, jclass class, jlong live) {
    (void)class;
    ef_error_details *details = NULL;
    ef_status status = ef_live_catalog_reload((ef_live_catalog *)(intptr_t)live, &details);
    if (status != EF_OK)
        throw_status(env, status, details);
}

JNIEXPORT jlong JNICALL Java_org_errorformatter_Native_liveGeneration(JNIEnv *env, jclass class, jlong live) {
    (void)env;
    (void)class;
    uint64_t generation = ef_live_catalog_generation((const ef_live_catalog *)(intptr_t)live);
    return generation > INT64_MAX ? INT64_MAX : (jlong)generation;
}

JNIEXPORT void JNICALL Java_org_errorformatter_Native_liveLastError(JNIEnv *env, jclass class, jlong live) {
    (void)class;
    ef_error_details *details = NULL;
    ef_status status = ef_live_catalog_last_error((const ef_live_catalog *)(intptr_t)live, &details);
    if (status != EF_OK)
        throw_status(env, status, details);
}

JNIEXPORT void JNICALL Java_org_errorformatter_Native_liveFree(JNIEnv *env, jclass class, jlong live) {
    (void)env;
    (void)class;
    ef_live_catalog_free((ef_live_catalog *)(intptr_t)live);
}

/* ------------------------------------------------------------------------ problem responses */

/* Appends the arguments (as make_arguments reads them) to `info`. 1 on success, 0 thrown. */
static int add_problem_arguments(JNIEnv *env, ef_error_info *info, jbyteArray kinds, jlongArray values,
                                 jobjectArray strings) {
    jsize count = kinds == NULL ? 0 : (*env)->GetArrayLength(env, kinds);
    if (count == 0)
        return 1;
    if (values == NULL || strings == NULL || (*env)->GetArrayLength(env, values) != count
        || (*env)->GetArrayLength(env, strings) != count) {
        throw_invalid(env, "the arguments' kinds, values and strings differ in number");
        return 0;
    }
    for (jsize i = 0; i < count; i++) {
        jbyte kind = 0;
        jlong value = 0;
        ef_error_details *details = NULL;
        ef_status status = EF_OK;
        (*env)->GetByteArrayRegion(env, kinds, i, 1, &kind);
        (*env)->GetLongArrayRegion(env, values, i, 1, &value);
        if (kind == 's') {
            jbyteArray text = (jbyteArray)(*env)->GetObjectArrayElement(env, strings, i);
            char *copy = NULL;
            int copied = text != NULL && copy_string(env, text, &copy);
            if (text != NULL)
                (*env)->DeleteLocalRef(env, text);
            if (!copied) {
                if (text == NULL)
                    throw_invalid(env, "a string argument is null");
                return 0;
            }
            status = ef_error_info_add_string(info, copy, &details);
            free(copy);
        } else if (kind == 'i') {
            status = ef_error_info_add_int64(info, (int64_t)value, &details);
        } else if (kind == 'u') {
            status = ef_error_info_add_uint64(info, (uint64_t)value, &details);
        } else if (kind == 'd') {
            double real;
            memcpy(&real, &value, sizeof real);
            status = ef_error_info_add_double(info, real, &details);
        } else {
            throw_invalid(env, "an argument of unknown kind");
            return 0;
        }
        if (status != EF_OK) {
            throw_status(env, status, details);
            return 0;
        }
    }
    return 1;
}

struct problem_call {
    const ef_catalog *catalog;
    const ef_error_info *error;
    const char *accept_language, *type_template, *instance;
    struct strings locales;
    int32_t status;
    uint32_t flags;
};

static ef_status call_problem(const void *context, size_t *out_length, char *buffer, size_t capacity,
                              ef_error_details **err) {
    const struct problem_call *c = context;
    return ef_format_problem(out_length, buffer, capacity, c->catalog, c->error, c->accept_language,
                             (const char *const *)c->locales.entries, c->locales.count, c->status,
                             c->type_template, c->instance, c->flags, err);
}

JNIEXPORT jbyteArray JNICALL Java_org_errorformatter_Native_problem(
    JNIEnv *env, jclass class, jlong catalog, jbyteArray domain, jlong code, jbyteArray description,
    jbyteArray failure_reason, jbyteArray recovery_suggestion, jbyteArray table, jbyteArray kinds,
    jlongArray values, jobjectArray strings, jbyteArray accept_language, jobjectArray locales, jint status,
    jbyteArray type_template, jbyteArray instance, jint flags) {
    (void)class;
    enum { TEXTS = 8 };
    char *texts[TEXTS] = {NULL};
    jbyteArray sources[TEXTS] = {domain, description, failure_reason, recovery_suggestion, table,
                                 accept_language, type_template, instance};
    struct problem_call call = {.catalog = (const ef_catalog *)(intptr_t)catalog, .status = (int32_t)status,
                                .flags = (uint32_t)flags};
    ef_error_info *error = NULL;
    ef_error_details *details = NULL;
    jbyteArray result = NULL;
    for (int i = 0; i < TEXTS; i++)
        if (!copy_string(env, sources[i], &texts[i]))
            goto done;
    if (!copy_strings(env, locales, 0, &call.locales))
        goto done;
    ef_status made = ef_error_info_new(&error, texts[0], (int64_t)code, &details);
    if (made == EF_OK && texts[1] != NULL)
        made = ef_error_info_set_description(error, texts[1], &details);
    if (made == EF_OK && texts[2] != NULL)
        made = ef_error_info_set_failure_reason(error, texts[2], &details);
    if (made == EF_OK && texts[3] != NULL)
        made = ef_error_info_set_recovery_suggestion(error, texts[3], &details);
    if (made == EF_OK && texts[4] != NULL)
        made = ef_error_info_set_table(error, texts[4], &details);
    if (made != EF_OK) {
        throw_status(env, made, details);
        goto done;
    }
    if (!add_problem_arguments(env, error, kinds, values, strings))
        goto done;
    call.error = error;
    call.accept_language = texts[5];
    call.type_template = texts[6];
    call.instance = texts[7];
    result = run_packed(env, call_problem, &call, EF_OK);
done:
    for (int i = 0; i < TEXTS; i++)
        free(texts[i]);
    free_strings(&call.locales);
    ef_error_info_free(error);
    return result;
}
