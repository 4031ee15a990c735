/*
 * bench_timing.h -- what the C benchmarks share: a monotonic clock, the number of rounds and a
 * sink the compiler cannot optimize away.
 */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <stddef.h>
#include <time.h>

static inline double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Best of several rounds: the machine is shared, the minimum is the least disturbed. */
#define ROUNDS 7

static volatile size_t sink;

#endif
