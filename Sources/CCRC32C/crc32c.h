/*
 * crc32c.h -- CRC-32C with the processor's own instruction where it has one.
 *
 * SSE4.2's `crc32` computes CRC-32C (the checksum of every part of a compiled catalog) eight
 * bytes an instruction, several times faster than any table. Swift cannot name the instruction,
 * so these static-inline functions, compiled by Clang for the module that imports them, do: the
 * function using it is compiled for SSE4.2 alone (`target` attribute), and a caller asks
 * `efcrc_hardware_available()` (cpuid) before calling it, so the library still runs on a
 * processor without it. Elsewhere (not x86) the hardware road reports itself unavailable and
 * the Swift table code (CRC32C.swift) does the work.
 *
 * Deliberately not `__builtin_cpu_supports`: it needs a runtime symbol (`__cpu_model`) that the
 * shared library's link (`-z defs`) may not find.
 */
#ifndef ERRORFORMATTER_CRC32C_H
#define ERRORFORMATTER_CRC32C_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* 1 when the processor has SSE4.2's `crc32` (cpuid leaf 1, ECX bit 20), 0 otherwise. */
static inline int efcrc_hardware_available(void) {
    unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_SSE4_2) != 0;
}

/* Continues the CRC-32C register `crc` (not inverted here: the caller does the initial value and
 * the final XOR) over `count` bytes at `bytes`. Call only when efcrc_hardware_available(). */
__attribute__((target("sse4.2")))
static inline uint32_t efcrc_hardware_update(uint32_t crc, const uint8_t *bytes, size_t count) {
#if defined(__x86_64__)
    uint64_t wide = crc;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8); /* unaligned, and no aliasing assumption */
        wide = __builtin_ia32_crc32di(wide, word);
        bytes += 8;
        count -= 8;
    }
    crc = (uint32_t)wide;
#endif
    while (count >= 4) {
        uint32_t word;
        memcpy(&word, bytes, 4);
        crc = __builtin_ia32_crc32si(crc, word);
        bytes += 4;
        count -= 4;
    }
    while (count > 0) {
        crc = __builtin_ia32_crc32qi(crc, *bytes);
        bytes += 1;
        count -= 1;
    }
    return crc;
}

#else

static inline int efcrc_hardware_available(void) { return 0; }

/* Never called where efcrc_hardware_available() is 0; returns `crc` unchanged. */
static inline uint32_t efcrc_hardware_update(uint32_t crc, const uint8_t *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}

#endif

#endif /* ERRORFORMATTER_CRC32C_H */
