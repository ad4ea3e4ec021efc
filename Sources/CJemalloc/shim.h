// Thin wrappers over jemalloc's mallctl, so Swift calls one function per counter.
//
// jemalloc.h maps `mallctl` to the prefixed symbol when the library was built with a prefix
// (Homebrew's `je_`), and leaves it alone on Debian, whose build has no prefix. Calling it from
// these inline functions, not from Swift, keeps that mapping in the C preprocessor where it works.
#ifndef SCROLLSIM_JEMALLOC_SHIM_H
#define SCROLLSIM_JEMALLOC_SHIM_H

#include <jemalloc/jemalloc.h>
#include <stddef.h>
#include <stdint.h>

static inline int scrollsim_je_read_u64(const char *name, uint64_t *out) {
    size_t length = sizeof(uint64_t);
    return mallctl(name, out, &length, NULL, 0);
}

static inline int scrollsim_je_read_size(const char *name, size_t *out) {
    size_t length = sizeof(size_t);
    return mallctl(name, out, &length, NULL, 0);
}

static inline int scrollsim_je_read_u64_pointer(const char *name, uint64_t **out) {
    size_t length = sizeof(uint64_t *);
    return mallctl(name, out, &length, NULL, 0);
}

static inline int scrollsim_je_read_string(const char *name, const char **out) {
    size_t length = sizeof(const char *);
    return mallctl(name, out, &length, NULL, 0);
}

/// Refreshes the statistics snapshot that `stats.*` reads return.
static inline int scrollsim_je_advance_epoch(void) {
    uint64_t epoch = 1;
    size_t length = sizeof(epoch);
    return mallctl("epoch", &epoch, &length, &epoch, length);
}

/// Merges this thread's cache counters into the arena statistics.
static inline int scrollsim_je_flush_thread_cache(void) {
    return mallctl("thread.tcache.flush", NULL, NULL, NULL, 0);
}

/// Creates a new arena and returns its index (`arenas.create`).
static inline int scrollsim_je_create_arena(unsigned *out) {
    size_t length = sizeof(unsigned);
    return mallctl("arenas.create", out, &length, NULL, 0);
}

/// Makes this thread allocate from arena `arena` from now on (`thread.arena`); its thread
/// cache moves with it.
static inline int scrollsim_je_bind_thread_arena(unsigned arena) {
    return mallctl("thread.arena", NULL, NULL, &arena, sizeof(arena));
}

/// The usable size of an allocation; passing the pointer to the allocator also keeps the
/// compiler from eliding a probe allocation.
static inline size_t scrollsim_je_usable_size(void *pointer) {
    return malloc_usable_size(pointer);
}

#endif
