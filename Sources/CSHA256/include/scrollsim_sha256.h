#ifndef SCROLLSIM_SHA256_H
#define SCROLLSIM_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256's compression function (FIPS 180-4, 6.2.2) over `blocks` whole 64-byte blocks at
/// `data`, updating the eight words of `state`. Uses the CPU's SHA extensions where it has them
/// (x86-64 SHA-NI, checked once with CPUID), else portable C; both give the same words.
void scrollsim_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

/// The same, always in portable C (for the tests that compare the two).
void scrollsim_sha256_blocks_portable(uint32_t state[8], const uint8_t *data, size_t blocks);

/// Whether `scrollsim_sha256_blocks` uses the CPU's SHA extensions on this machine.
int scrollsim_sha256_accelerated(void);

#endif
