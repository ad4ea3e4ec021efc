// SHA-256's compression function: portable C, and x86-64's SHA extensions where the CPU has
// them (Intel SHA-NI: every Intel core since Ice Lake and Goldmont, every AMD Zen). The
// digest is provenance for imported traces (what `sha256sum` prints for the file), computed
// while the file is parsed: at about 200 MB/s in portable code it cost as much CPU as the
// parse itself; with the extensions it is a few per cent of it. No crypto library is linked
// for one checksum (see Install.md).
#include "scrollsim_sha256.h"

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t rotr(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

void scrollsim_sha256_blocks_portable(uint32_t state[8], const uint8_t *data, size_t blocks) {
    uint32_t w[64];
    while (blocks--) {
        for (int t = 0; t < 16; t++) {
            const uint8_t *p = data + 4 * t;
            w[t] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
        }
        for (int t = 16; t < 64; t++) {
            uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
            uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int t = 0; t < 64; t++) {
            uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t];
            uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
        data += 64;
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

// The Intel SHA extensions' usual shape (Intel, "New Instructions Supporting the Secure Hash
// Algorithm on Intel Architecture Processors", 2013): the state held as ABEF and CDGH, four
// rounds a step (two sha256rnds2), the message schedule by sha256msg1/sha256msg2.
__attribute__((target("sha,sse4.1,ssse3")))
static void blocks_shani(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byteswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);      // DCBA
    __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]);   // HGFE
    tmp = _mm_shuffle_epi32(tmp, 0xB1);                               // CDAB
    state1 = _mm_shuffle_epi32(state1, 0x1B);                         // EFGH
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);                 // ABEF
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);                      // CDGH
    while (blocks--) {
        const __m128i abef = state0, cdgh = state1;
        __m128i w[4];
        for (int i = 0; i < 16; i++) {
            __m128i *current = &w[i & 3];
            if (i < 4) {
                *current = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), byteswap);
            } else {
                // W[t..t+3] from W[t-16..t-1]: σ0 terms (msg1), W[t-7..t-4], then σ1 (msg2).
                __m128i next = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
                next = _mm_add_epi32(next, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
                *current = _mm_sha256msg2_epu32(next, w[(i + 3) & 3]);
            }
            __m128i message = _mm_add_epi32(*current, _mm_loadu_si128((const __m128i *)&K[4 * i]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, message);
            state0 = _mm_sha256rnds2_epu32(state0, state1, _mm_shuffle_epi32(message, 0x0E));
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
        data += 64;
    }
    tmp = _mm_shuffle_epi32(state0, 0x1B);                            // FEBA
    state1 = _mm_shuffle_epi32(state1, 0xB1);                         // DCHG
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);                      // DCBA
    state1 = _mm_alignr_epi8(state1, tmp, 8);                         // HGFE
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}

static int detect(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const int sse41 = (c >> 19) & 1, ssse3 = (c >> 9) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return sse41 && ssse3 && ((b >> 29) & 1);
}

// Asked on every call rather than kept in a global: CPUID costs a few hundred cycles, and a
// call hashes a whole read buffer.
int scrollsim_sha256_accelerated(void) { return detect(); }

void scrollsim_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    if (scrollsim_sha256_accelerated()) {
        blocks_shani(state, data, blocks);
    } else {
        scrollsim_sha256_blocks_portable(state, data, blocks);
    }
}
#else
int scrollsim_sha256_accelerated(void) { return 0; }

void scrollsim_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    scrollsim_sha256_blocks_portable(state, data, blocks);
}
#endif
