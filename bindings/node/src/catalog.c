/*
 * catalog.c -- opening, building and closing catalogs, and reading what they hold.
 *
 * A catalog is handed to JavaScript as an object wrapping it (napi_wrap) and tagged as a
 * catalog (napi_type_tag_object), so that nothing else can be passed where a catalog goes. It
 * is freed by close() or, at the latest, by the wrapper's finalizer when the garbage collector
 * takes the object (or its environment ends). JavaScript runs one call at a time per
 * environment and the object cannot cross to a worker, so no synchronous call is in flight on
 * it then. An asynchronous call (catalog_async.c) is: its work thread uses the catalog while
 * JavaScript goes on, and may call close() or drop the object. Such a call holds the catalog
 * (hold_catalog) until its completion, and close() or the finalizer leave the freeing to the
 * last hold's release. Holds are taken and released on the JavaScript thread only, as close()
 * and the finalizer run there, so the counting needs no lock.
 */
#include "addon.h"

#include <stdlib.h>
#include <string.h>

struct catalog_box {
    ef_catalog *catalog; /* NULL once freed */
    int closed;          /* close() was called or the handle finalized: no new call may use it */
    int handle_gone;     /* the finalizer ran: the box itself goes with the last hold */
    size_t holds;        /* asynchronous calls whose work may still use the catalog */
};

/* The tag of catalog handles: two random 64-bit numbers. */
static const napi_type_tag catalog_tag = {0x6a1f3c5e9b2d4781ULL, 0xc47e2a90d5b13f68ULL};

/* Frees what close() or the finalizer gave up, once no asynchronous call holds it. */
static void free_unheld(catalog_box *box) {
    if (box->holds > 0)
        return;
    if (box->closed) {
        ef_catalog_free(box->catalog);
        box->catalog = NULL;
    }
    if (box->handle_gone)
        free(box);
}

static void finalize_catalog(napi_env env, void *data, void *hint) {
    catalog_box *box = data;
    (void)env;
    (void)hint;
    box->closed = 1;
    box->handle_gone = 1;
    free_unheld(box);
}

/* Wraps `catalog` in a new handle object; frees it if that fails. */
napi_value wrap_catalog(napi_env env, ef_catalog *catalog) {
    napi_value handle = NULL;
    catalog_box *box = malloc(sizeof *box);
    if (box == NULL) {
        ef_catalog_free(catalog);
        return throw_status(env, EF_E_INTERNAL, "out of memory", NULL, 0, 0);
    }
    box->catalog = catalog;
    box->closed = 0;
    box->handle_gone = 0;
    box->holds = 0;
    if (napi_create_object(env, &handle) != napi_ok ||
        napi_wrap(env, handle, box, finalize_catalog, NULL, NULL) != napi_ok) {
        finalize_catalog(env, box, NULL);
        return throw_napi_failure(env);
    }
    /* From here the finalizer owns the box. */
    NAPI_CALL(env, napi_type_tag_object(env, handle, &catalog_tag));
    return handle;
}

static catalog_box *unwrap_box(napi_env env, napi_value handle) {
    bool is_catalog = false;
    napi_valuetype type = napi_undefined;
    void *box = NULL;
    if (napi_typeof(env, handle, &type) != napi_ok || type != napi_object ||
        napi_check_object_type_tag(env, handle, &catalog_tag, &is_catalog) != napi_ok ||
        !is_catalog || napi_unwrap(env, handle, &box) != napi_ok || box == NULL) {
        throw_type(env, "the catalog handle", "a handle made by this addon");
        return NULL;
    }
    return box;
}

/* The box of a catalog that is not closed; throws (and returns NULL) otherwise. */
static catalog_box *unwrap_open_box(napi_env env, napi_value handle) {
    catalog_box *box = unwrap_box(env, handle);
    if (box == NULL)
        return NULL;
    if (box->closed) {
        throw_status(env, EF_E_INVALID_ARGUMENT, "the catalog is closed", NULL, 0, 0);
        return NULL;
    }
    return box;
}

const ef_catalog *unwrap_catalog(napi_env env, napi_value handle) {
    catalog_box *box = unwrap_open_box(env, handle);
    return box == NULL ? NULL : box->catalog;
}

catalog_box *hold_catalog(napi_env env, napi_value handle, const ef_catalog **catalog) {
    catalog_box *box = unwrap_open_box(env, handle);
    if (box == NULL)
        return NULL;
    box->holds++;
    *catalog = box->catalog;
    return box;
}

void release_catalog(catalog_box *box) {
    box->holds--;
    free_unheld(box);
}

/* A boolean that callers predating it leave out (undefined: false); 0 if thrown. */
static int get_optional_bool(napi_env env, napi_value value, const char *name, int *out) {
    napi_valuetype type = napi_undefined;
    if (napi_typeof(env, value, &type) != napi_ok) {
        throw_napi_failure(env);
        return 0;
    }
    return type == napi_undefined || get_bool(env, value, name, out);
}

int get_open_flags(napi_env env, napi_value strict, napi_value on_demand, napi_value mapped, uint32_t *out) {
    int is_strict = 0;
    int is_on_demand = 0;
    int is_mapped = 0;
    if (!get_bool(env, strict, "strict", &is_strict) ||
        !get_optional_bool(env, on_demand, "onDemand", &is_on_demand) ||
        !get_optional_bool(env, mapped, "mapped", &is_mapped))
        return 0;
    *out = (is_strict ? EF_CATALOG_STRICT : EF_CATALOG_LENIENT) | (is_on_demand ? EF_CATALOG_ON_DEMAND : 0u) |
           (is_mapped ? EF_CATALOG_MAPPED : 0u);
    return 1;
}

/* catalogOpen(path, developmentLocale, strict, onDemand, mapped) -> handle */
napi_value catalog_open(napi_env env, napi_callback_info info) {
    napi_value arguments[5];
    char *path = NULL;
    char *development_locale = NULL;
    uint32_t flags = 0;
    ef_catalog *catalog = NULL;
    ef_error_details *details = NULL;
    ef_status status;
    if (!get_arguments(env, info, 5, arguments) ||
        !get_open_flags(env, arguments[2], arguments[3], arguments[4], &flags) ||
        !get_path(env, arguments[0], "path", &path))
        return NULL;
    if (!get_utf8(env, arguments[1], "developmentLocale", 1, &development_locale)) {
        free(path);
        return NULL;
    }
    status = ef_catalog_open(&catalog, path, development_locale, flags, &details);
    free(path);
    free(development_locale);
    if (status != EF_OK)
        return throw_details(env, status, details);
    return wrap_catalog(env, catalog);
}

/* Adds table [locale, fileName, data] to `builder`; data is a Uint8Array/Buffer or a string
 * (its UTF-8). 1 on success, 0 thrown. */
static int add_table(napi_env env, ef_catalog_builder *builder, napi_value table) {
    napi_value parts[3];
    char *locale = NULL;
    char *file_name = NULL;
    char *text = NULL;
    void *bytes = NULL;
    size_t length = 0;
    bool is_array = false;
    bool is_typed_array = false;
    napi_typedarray_type type = napi_int8_array;
    ef_error_details *details = NULL;
    ef_status status;
    int ok = 0;
    if (napi_is_array(env, table, &is_array) != napi_ok || !is_array) {
        throw_type(env, "a table", "an array [locale, fileName, data]");
        return 0;
    }
    for (uint32_t i = 0; i < 3; i++) {
        if (napi_get_element(env, table, i, &parts[i]) != napi_ok) {
            throw_napi_failure(env);
            return 0;
        }
    }
    if (!get_utf8(env, parts[0], "a table's locale", 1, &locale) ||
        !get_utf8(env, parts[1], "a table's fileName", 0, &file_name))
        goto done;
    if (napi_is_typedarray(env, parts[2], &is_typed_array) != napi_ok) {
        throw_napi_failure(env);
        goto done;
    }
    if (is_typed_array) {
        if (napi_get_typedarray_info(env, parts[2], &type, &length, &bytes, NULL, NULL) != napi_ok) {
            throw_napi_failure(env);
            goto done;
        }
        if (type != napi_uint8_array) {
            throw_type(env, "a table's data", "a Buffer, a Uint8Array or a string");
            goto done;
        }
    } else {
        if (!get_utf8(env, parts[2], "a table's data", 0, &text))
            goto done;
        bytes = text;
        length = strlen(text);
    }
    status = ef_catalog_builder_add_table(builder, locale, file_name, bytes, length, &details);
    if (status != EF_OK) {
        throw_details(env, status, details);
        goto done;
    }
    ok = 1;
done:
    free(locale);
    free(file_name);
    free(text);
    return ok;
}

/* catalogBuild(tables, developmentLocale, strict) -> handle; tables: [[locale, fileName, data]] */
napi_value catalog_build(napi_env env, napi_callback_info info) {
    napi_value arguments[3];
    char *development_locale = NULL;
    int strict = 0;
    bool is_array = false;
    uint32_t count = 0;
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    ef_error_details *details = NULL;
    ef_status status;
    if (!get_arguments(env, info, 3, arguments) || !get_bool(env, arguments[2], "strict", &strict))
        return NULL;
    NAPI_CALL(env, napi_is_array(env, arguments[0], &is_array));
    if (!is_array)
        return throw_type(env, "tables", "an array");
    NAPI_CALL(env, napi_get_array_length(env, arguments[0], &count));
    status = ef_catalog_builder_new(&builder, strict ? EF_CATALOG_STRICT : EF_CATALOG_LENIENT, &details);
    if (status != EF_OK)
        return throw_details(env, status, details);
    for (uint32_t i = 0; i < count; i++) {
        napi_value table = NULL;
        if (napi_get_element(env, arguments[0], i, &table) != napi_ok) {
            ef_catalog_builder_free(builder);
            return throw_napi_failure(env);
        }
        if (!add_table(env, builder, table)) {
            ef_catalog_builder_free(builder);
            return NULL;
        }
    }
    if (!get_utf8(env, arguments[1], "developmentLocale", 1, &development_locale)) {
        ef_catalog_builder_free(builder);
        return NULL;
    }
    status = ef_catalog_builder_finish(&catalog, builder, development_locale, &details);
    ef_catalog_builder_free(builder);
    free(development_locale);
    if (status != EF_OK)
        return throw_details(env, status, details);
    return wrap_catalog(env, catalog);
}

/* catalogClose(handle): frees the catalog now, or when the last asynchronous call on it ends;
 * every later call refuses it. Closing again does nothing. */
napi_value catalog_close(napi_env env, napi_callback_info info) {
    napi_value handle = NULL;
    catalog_box *box = NULL;
    if (!get_arguments(env, info, 1, &handle) || (box = unwrap_box(env, handle)) == NULL)
        return NULL;
    box->closed = 1;
    free_unheld(box);
    return NULL;
}

/* catalogCompile(handle, path): writes the catalog to `path` as a compiled catalog file. */
napi_value catalog_compile(napi_env env, napi_callback_info info) {
    napi_value arguments[2];
    const ef_catalog *catalog = NULL;
    char *path = NULL;
    ef_error_details *details = NULL;
    ef_status status;
    if (!get_arguments(env, info, 2, arguments) || (catalog = unwrap_catalog(env, arguments[0])) == NULL ||
        !get_path(env, arguments[1], "path", &path))
        return NULL;
    status = ef_catalog_compile(catalog, path, &details);
    free(path);
    if (status != EF_OK)
        return throw_details(env, status, details);
    return NULL;
}

/* catalogDevelopmentLocale(handle) -> the development locale (which, unlike catalogInfo's
 * listings, reads no localization of a catalog opened on demand). */
napi_value catalog_development_locale(napi_env env, napi_callback_info info) {
    napi_value handle = NULL;
    const ef_catalog *catalog = NULL;
    if (!get_arguments(env, info, 1, &handle) || (catalog = unwrap_catalog(env, handle)) == NULL)
        return NULL;
    return make_string(env, ef_catalog_development_locale(catalog));
}

static ef_status call_describe(const void *catalog, size_t *out_length, char *buffer, size_t capacity,
                               ef_error_details **err) {
    return ef_catalog_describe_packed(out_length, buffer, capacity, catalog, err);
}

/* catalogDescribe(handle) -> the items of ef_catalog_describe_packed's output: the development
 * locale, the localizations and the diagnostics */
napi_value catalog_describe(napi_env env, napi_callback_info info) {
    napi_value handle = NULL;
    const ef_catalog *catalog = NULL;
    if (!get_arguments(env, info, 1, &handle) || (catalog = unwrap_catalog(env, handle)) == NULL)
        return NULL;
    return run_packed(env, call_describe, catalog, EF_OK);
}
