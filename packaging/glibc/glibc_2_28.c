/*
 * glibc_2_28.c -- binds the library's glibc references to versions that glibc 2.28 has.
 *
 * The static Swift runtime, libstdc++ and ICU were compiled against this machine's glibc, so
 * their calls name the newest version of a few functions: dlopen and friends, sem_open,
 * pthread_create/join/detach/once, the pthread_key functions and pthread_attr_getstack moved
 * into libc in 2.34,
 * pthread_getattr_np and pthread_sigmask got new versions in 2.32, pthread_attr_setstacksize and
 * pthread_setname_np (the live catalog's thread) moved into libc in 2.34, hypotf in 2.35,
 * exp/log/exp2/log2/pow in 2.29 (new implementations), and stat/fstat/fstatat became real
 * functions in 2.33. Each of them also exists
 * under its original version (GLIBC_2.2.5 on x86_64, GLIBC_2.12 for pthread_setname_np; for
 * stat, fstat and fstatat, __xstat, __fxstat and __fxstatat), which every glibc since keeps for
 * old programs. This file defines each function
 * itself, so that every call in the library's link resolves here and not to libc (the version
 * script keeps these definitions local: nothing outside the library sees them), and each
 * definition calls the old version, named through `.symver`. (Not ld's --wrap: it rewrites the
 * versioned references below as well, and the wrappers would call themselves.)
 *
 * Two have no old version: libstdc++ reads __libc_single_threaded (2.32) to skip atomic
 * operations in a process without threads, and calls arc4random (2.36) for std::random_device.
 * The first becomes a constant "maybe threaded" (always correct, atomics always used); the
 * second is written here over getrandom (2.25), failing as glibc's does when no randomness can
 * be had.
 *
 * On a glibc older than 2.34 the dl* and pthread functions live in libdl and libpthread: the
 * link names both as needed libraries so that they are loaded wherever the library is.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <semaphore.h>
#include <pthread.h>
#include <signal.h>
#include <math.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/random.h>

#if !defined(__x86_64__)
#error "glibc_2_28.c names the x86_64 base version (GLIBC_2.2.5); add the architecture's own"
#endif

#define EF_GLIBC_BASE "GLIBC_2.2.5"

/* Declares ef_glibc_NAME as NAME@GLIBC_2.2.5. */
#define EF_OLD_VERSION(name) __asm__(".symver ef_glibc_" #name ", " #name "@" EF_GLIBC_BASE)

EF_OLD_VERSION(dlopen);
EF_OLD_VERSION(dlsym);
EF_OLD_VERSION(dlerror);
EF_OLD_VERSION(dladdr);
EF_OLD_VERSION(dlclose);
EF_OLD_VERSION(sem_open);
EF_OLD_VERSION(pthread_create);
EF_OLD_VERSION(pthread_join);
EF_OLD_VERSION(pthread_detach);
EF_OLD_VERSION(pthread_once);
EF_OLD_VERSION(pthread_key_create);
EF_OLD_VERSION(pthread_key_delete);
EF_OLD_VERSION(pthread_getspecific);
EF_OLD_VERSION(pthread_setspecific);
EF_OLD_VERSION(pthread_attr_getstack);
EF_OLD_VERSION(pthread_getattr_np);
EF_OLD_VERSION(hypotf);
EF_OLD_VERSION(exp);
EF_OLD_VERSION(log);
EF_OLD_VERSION(exp2);
EF_OLD_VERSION(log2);
EF_OLD_VERSION(pow);
EF_OLD_VERSION(__xstat);
EF_OLD_VERSION(__fxstat);
EF_OLD_VERSION(pthread_sigmask);
EF_OLD_VERSION(pthread_attr_setstacksize);
__asm__(".symver ef_glibc_pthread_setname_np, pthread_setname_np@GLIBC_2.12");
__asm__(".symver ef_glibc___fxstatat, __fxstatat@GLIBC_2.4");

void *ef_glibc_dlopen(const char *file, int mode);
void *ef_glibc_dlsym(void *handle, const char *name);
char *ef_glibc_dlerror(void);
int ef_glibc_dladdr(const void *address, Dl_info *info);
int ef_glibc_dlclose(void *handle);
sem_t *ef_glibc_sem_open(const char *name, int flags, ...);
int ef_glibc_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                            void *argument);
int ef_glibc_pthread_join(pthread_t thread, void **result);
int ef_glibc_pthread_detach(pthread_t thread);
int ef_glibc_pthread_once(pthread_once_t *once, void (*run)(void));
int ef_glibc_pthread_key_create(pthread_key_t *key, void (*destroy)(void *));
int ef_glibc_pthread_key_delete(pthread_key_t key);
void *ef_glibc_pthread_getspecific(pthread_key_t key);
int ef_glibc_pthread_setspecific(pthread_key_t key, void *value); /* not read through: no const */
int ef_glibc_pthread_attr_getstack(const pthread_attr_t *attr, void **stack, size_t *size);
int ef_glibc_pthread_getattr_np(pthread_t thread, pthread_attr_t *attr);
float ef_glibc_hypotf(float x, float y);
double ef_glibc_exp(double x);
double ef_glibc_log(double x);
double ef_glibc_exp2(double x);
double ef_glibc_log2(double x);
double ef_glibc_pow(double x, double y);
int ef_glibc___xstat(int layout, const char *path, struct stat *buffer);
int ef_glibc___fxstat(int layout, int descriptor, struct stat *buffer);
int ef_glibc_pthread_sigmask(int how, const sigset_t *set, sigset_t *old);
int ef_glibc_pthread_attr_setstacksize(pthread_attr_t *attr, size_t size);
int ef_glibc_pthread_setname_np(pthread_t thread, const char *name);
int ef_glibc___fxstatat(int layout, int directory, const char *path, struct stat *buffer, int flags);

/* The definitions below are hidden: never exported, not even from an executable linked with
 * -export-dynamic (errfmt), where an exported pthread_once would also answer the old-version
 * lookups above -- the loader accepts an unversioned definition for a versioned reference -- and
 * call itself. The references above stay default: libc must answer them. */
#pragma GCC visibility push(hidden)

/* The struct stat layout the old entry points are asked for: _STAT_VER_LINUX on x86_64. */
#define EF_STAT_LAYOUT 1

void *dlopen(const char *file, int mode) { return ef_glibc_dlopen(file, mode); }
void *dlsym(void *handle, const char *name) { return ef_glibc_dlsym(handle, name); }
char *dlerror(void) { return ef_glibc_dlerror(); }
int dladdr(const void *address, Dl_info *info) { return ef_glibc_dladdr(address, info); }
int dlclose(void *handle) { return ef_glibc_dlclose(handle); }

/* sem_open takes a mode and a value only with O_CREAT. */
sem_t *sem_open(const char *name, int flags, ...) {
    if ((flags & O_CREAT) == 0) return ef_glibc_sem_open(name, flags);
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = va_arg(arguments, mode_t);
    unsigned int value = va_arg(arguments, unsigned int);
    va_end(arguments);
    return ef_glibc_sem_open(name, flags, mode, value);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                          void *argument) {
    return ef_glibc_pthread_create(thread, attr, start, argument);
}
int pthread_join(pthread_t thread, void **result) { return ef_glibc_pthread_join(thread, result); }
int pthread_detach(pthread_t thread) { return ef_glibc_pthread_detach(thread); }
int pthread_once(pthread_once_t *once, void (*run)(void)) { return ef_glibc_pthread_once(once, run); }
int pthread_key_create(pthread_key_t *key, void (*destroy)(void *)) {
    return ef_glibc_pthread_key_create(key, destroy);
}
int pthread_key_delete(pthread_key_t key) { return ef_glibc_pthread_key_delete(key); }
void *pthread_getspecific(pthread_key_t key) { return ef_glibc_pthread_getspecific(key); }
int pthread_setspecific(pthread_key_t key, const void *value) { return ef_glibc_pthread_setspecific(key, (void *)value); }
int pthread_attr_getstack(const pthread_attr_t *attr, void **stack, size_t *size) {
    return ef_glibc_pthread_attr_getstack(attr, stack, size);
}
int pthread_getattr_np(pthread_t thread, pthread_attr_t *attr) {
    return ef_glibc_pthread_getattr_np(thread, attr);
}

float hypotf(float x, float y) { return ef_glibc_hypotf(x, y); }
double exp(double x) { return ef_glibc_exp(x); }
double log(double x) { return ef_glibc_log(x); }
double exp2(double x) { return ef_glibc_exp2(x); }
double log2(double x) { return ef_glibc_log2(x); }
double pow(double x, double y) { return ef_glibc_pow(x, y); }

int stat(const char *path, struct stat *buffer) {
    return ef_glibc___xstat(EF_STAT_LAYOUT, path, buffer);
}
int fstat(int descriptor, struct stat *buffer) {
    return ef_glibc___fxstat(EF_STAT_LAYOUT, descriptor, buffer);
}
int fstatat(int directory, const char *path, struct stat *buffer, int flags) {
    return ef_glibc___fxstatat(EF_STAT_LAYOUT, directory, path, buffer, flags);
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *old) { return ef_glibc_pthread_sigmask(how, set, old); }
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size) {
    return ef_glibc_pthread_attr_setstacksize(attr, size);
}
int pthread_setname_np(pthread_t thread, const char *name) { return ef_glibc_pthread_setname_np(thread, name); }

/* Nonzero would let libstdc++ drop atomic reference counting; zero is right in every process. */
char __libc_single_threaded = 0;

/* glibc's arc4random: 32 random bits from the kernel, or the process ends (it cannot fail). */
uint32_t arc4random(void) {
    uint32_t value = 0;
    unsigned char *bytes = (unsigned char *)&value;
    size_t filled = 0;
    while (filled < sizeof value) {
        ssize_t got = getrandom(bytes + filled, sizeof value - filled, 0);
        if (got > 0) {
            filled += (size_t)got;
        } else if (got < 0 && errno != EINTR) {
            abort();
        }
    }
    return value;
}

#pragma GCC visibility pop
