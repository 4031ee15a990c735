/*
 * live.h -- what the live catalog (Sources/ErrorFormatter/Live) needs that Swift's Glibc module
 * does not declare.
 *
 * - The Swift runtime's counted retain and release, `swift_retain_n` and `swift_release_n`:
 *   exported entry points of every Swift runtime (the runtime's own documentation lists them),
 *   in the static runtime the shared library links too. A live catalog lends each version's
 *   references from a bank of them (VersionSlot.swift): one call adds or returns thousands,
 *   where `Unmanaged.retain()` would take one call each.
 * - `eventfd`, which <sys/eventfd.h> declares and the Glibc module leaves out: the reload
 *   thread's wake-up (ChangeNotifier.swift), made close-on-exec in the same call, so that a
 *   program forking and executing on another thread at that moment never inherits it.
 * - `pthread_setname_np`, a GNU extension the Glibc module does not declare: the reload thread
 *   names itself, so that `ps -L`, `top -H` and debuggers say whose thread it is.
 */
#ifndef ERRORFORMATTER_LIVE_H
#define ERRORFORMATTER_LIVE_H

#include <pthread.h>
#include <stdint.h>
#include <sys/eventfd.h>

/* Both take the object's address (a Swift class instance) and a count. */
extern void *swift_retain_n(void *object, uint32_t count);
extern void swift_release_n(void *object, uint32_t count);

/* A non-blocking, close-on-exec eventfd starting at 0; -1 (errno set) when the system has none. */
static inline int eflive_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

/* glibc's declaration, visible to C only with _GNU_SOURCE. */
extern int pthread_setname_np(pthread_t thread, const char *name);

#endif /* ERRORFORMATTER_LIVE_H */
