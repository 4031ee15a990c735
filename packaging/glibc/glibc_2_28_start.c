/*
 * glibc_2_28_start.c -- an executable's entry into glibc, at a version glibc 2.28 has.
 *
 * The start-up code an executable is linked with (Scrt1.o, from this machine's glibc) calls
 * __libc_start_main@GLIBC_2.34, which leaves running the executable's constructors to the
 * dynamic loader. The old __libc_start_main@GLIBC_2.2.5, which every glibc keeps, takes an
 * `init` function instead, and runs the constructors only through it. So this definition --
 * which the start-up code's call resolves to, and which glibc_2_28.c's link keeps local --
 * calls the old version with an `init` that runs the executable's pre-init and init arrays,
 * as the old start-up code did. Destructors (the fini array) are run by the dynamic loader
 * at exit in every glibc, so `fini` is passed on as given. Linked into errfmt only.
 */
#include <stddef.h>

#if !defined(__x86_64__)
#error "glibc_2_28_start.c names the x86_64 base version (GLIBC_2.2.5); add the architecture's own"
#endif

typedef void (*ef_array_function)(int, char **, char **);

/* Defined by the linker around the executable's arrays. */
extern ef_array_function __preinit_array_start[] __attribute__((visibility("hidden")));
extern ef_array_function __preinit_array_end[] __attribute__((visibility("hidden")));
extern ef_array_function __init_array_start[] __attribute__((visibility("hidden")));
extern ef_array_function __init_array_end[] __attribute__((visibility("hidden")));

__asm__(".symver ef_glibc___libc_start_main, __libc_start_main@GLIBC_2.2.5");
int ef_glibc___libc_start_main(int (*main)(int, char **, char **), int argc, char **argv,
                               void (*init)(int, char **, char **), void (*fini)(void),
                               void (*loader_fini)(void), void *stack_end);

static void ef_run_constructors(int argc, char **argv, char **environment) {
    for (ef_array_function *function = __preinit_array_start; function < __preinit_array_end; function++) {
        (*function)(argc, argv, environment);
    }
    for (ef_array_function *function = __init_array_start; function < __init_array_end; function++) {
        (*function)(argc, argv, environment);
    }
}

/* Hidden, like glibc_2_28.c's definitions: never exported to answer the lookup above. */
__attribute__((visibility("hidden")))
int __libc_start_main(int (*main)(int, char **, char **), int argc, char **argv,
                      void (*init)(int, char **, char **), void (*fini)(void),
                      void (*loader_fini)(void), void *stack_end) {
    (void)init; /* NULL from the new start-up code */
    return ef_glibc___libc_start_main(main, argc, argv, ef_run_constructors, fini, loader_fini, stack_end);
}
