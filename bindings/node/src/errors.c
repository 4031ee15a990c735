/*
 * errors.c -- how the addon reports failures: the library's as ErrorFormatterError (the class
 * index.js registers), wrong JavaScript types as TypeError, as Node's own APIs do.
 */
#include "addon.h"

#include <stddef.h>
#include <stdio.h>

static napi_value set_property(napi_env env, napi_value object, const char *name, napi_value value) {
    if (value == NULL || napi_set_named_property(env, object, name, value) != napi_ok)
        return NULL;
    return object;
}

napi_value make_error(napi_env env, ef_status status, const char *message, const char *file,
                      int32_t line, int32_t column) {
    addon_state *state = NULL;
    napi_value class_value = NULL;
    napi_value arguments[2];
    napi_value error = NULL;
    napi_value status_value = NULL;
    /* The class is registered when index.js loads; without it (the addon loaded on its own),
     * a plain Error with the same code says the same. */
    if (napi_get_instance_data(env, (void **)&state) != napi_ok || state == NULL ||
        state->error_class == NULL ||
        napi_get_reference_value(env, state->error_class, &class_value) != napi_ok ||
        class_value == NULL) {
        napi_value code = make_string(env, ef_status_name(status));
        if (code == NULL || napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &arguments[0]) != napi_ok ||
            napi_create_error(env, code, arguments[0], &error) != napi_ok)
            return NULL;
        return error;
    }
    if (napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &arguments[0]) != napi_ok ||
        napi_create_object(env, &arguments[1]) != napi_ok ||
        napi_create_int32(env, status, &status_value) != napi_ok ||
        set_property(env, arguments[1], "status", status_value) == NULL ||
        set_property(env, arguments[1], "file", make_string(env, file)) == NULL ||
        set_property(env, arguments[1], "line", make_int(env, line)) == NULL ||
        set_property(env, arguments[1], "column", make_int(env, column)) == NULL ||
        napi_new_instance(env, class_value, 2, arguments, &error) != napi_ok) {
        return NULL;
    }
    return error;
}

napi_value make_error_from_details(napi_env env, ef_status status, ef_error_details *details) {
    napi_value error = NULL;
    if (details == NULL) {
        /* The header promises details on failure; the status's own text if they are absent. */
        return make_error(env, status, ef_status_string(status), NULL, 0, 0);
    }
    error = make_error(env, status, ef_error_details_message(details), ef_error_details_file(details),
                       ef_error_details_line(details), ef_error_details_column(details));
    ef_error_details_free(details);
    return error;
}

/* Throws `error`, made by one of the makers above (NULL: making it failed). */
static napi_value throw_made(napi_env env, napi_value error) {
    if (error == NULL)
        return throw_napi_failure(env);
    napi_throw(env, error);
    return NULL;
}

napi_value throw_status(napi_env env, ef_status status, const char *message, const char *file,
                        int32_t line, int32_t column) {
    bool pending = false;
    if (napi_is_exception_pending(env, &pending) != napi_ok || pending)
        return NULL;
    return throw_made(env, make_error(env, status, message, file, line, column));
}

napi_value throw_details(napi_env env, ef_status status, ef_error_details *details) {
    bool pending = false;
    if (napi_is_exception_pending(env, &pending) != napi_ok || pending) {
        ef_error_details_free(details);
        return NULL;
    }
    return throw_made(env, make_error_from_details(env, status, details));
}

napi_value throw_type(napi_env env, const char *what, const char *expected) {
    char message[256];
    bool pending = false;
    if (napi_is_exception_pending(env, &pending) != napi_ok || pending)
        return NULL;
    snprintf(message, sizeof message, "%s must be %s", what, expected);
    napi_throw_type_error(env, "ERR_INVALID_ARG_TYPE", message);
    return NULL;
}

napi_value throw_napi_failure(napi_env env) {
    bool pending = false;
    const napi_extended_error_info *info = NULL;
    if (napi_is_exception_pending(env, &pending) == napi_ok && pending)
        return NULL;
    napi_get_last_error_info(env, &info);
    napi_throw_error(env, "EF_E_INTERNAL",
                     info != NULL && info->error_message != NULL ? info->error_message
                                                                 : "a Node-API call failed");
    return NULL;
}

napi_value register_error_class(napi_env env, napi_callback_info info) {
    napi_value argument = NULL;
    napi_valuetype type = napi_undefined;
    addon_state *state = NULL;
    if (!get_arguments(env, info, 1, &argument))
        return NULL;
    NAPI_CALL(env, napi_typeof(env, argument, &type));
    if (type != napi_function)
        return throw_type(env, "the error class", "a function");
    NAPI_CALL(env, napi_get_instance_data(env, (void **)&state));
    if (state == NULL)
        return throw_napi_failure(env);
    if (state->error_class != NULL) {
        napi_delete_reference(env, state->error_class);
        state->error_class = NULL;
    }
    NAPI_CALL(env, napi_create_reference(env, argument, 1, &state->error_class));
    return NULL;
}
