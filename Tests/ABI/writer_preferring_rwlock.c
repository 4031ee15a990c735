/* writer_preferring_rwlock.c -- preloaded into the shipped releases' C suites when the ABI gate
 * runs them under valgrind (mk/abi.mk): a read-write lock initialised with default attributes
 * prefers its writers.
 *
 * Why: glibc's default lock prefers readers, and valgrind runs one thread at a time. The 1.1.0
 * suite's catalog swap (test_lifetimes.c) has four threads take the read lock in a tight loop
 * around each format while the main thread waits to write; a reader preempted inside the lock
 * lets the next one in, so the writer waits until all four happen to be outside it at once,
 * which can take minutes. Preferring the writer changes only who goes first: the suite takes
 * no read lock twice in one thread, and the library under test takes no read-write lock. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>

int pthread_rwlock_init(pthread_rwlock_t *lock, const pthread_rwlockattr_t *attributes) {
    static int (*initialise)(pthread_rwlock_t *, const pthread_rwlockattr_t *);
    if (initialise == NULL) {
        initialise = (int (*)(pthread_rwlock_t *, const pthread_rwlockattr_t *))dlsym(RTLD_NEXT, "pthread_rwlock_init");
        if (initialise == NULL)
            return ENOSYS;
    }
    if (attributes != NULL)
        return initialise(lock, attributes);
    pthread_rwlockattr_t writer_first;
    pthread_rwlockattr_init(&writer_first);
    pthread_rwlockattr_setkind_np(&writer_first, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    int status = initialise(lock, &writer_first);
    pthread_rwlockattr_destroy(&writer_first);
    return status;
}
