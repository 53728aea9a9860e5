#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "CSearch.h"

#if defined(__x86_64__)
// 32 positions at a time: the bytes equal to `first` at i and to `second` at i + 1. Built for
// AVX2 whatever the compiler's target, and called only where the processor has it.
__attribute__((target("avx2"))) static size_t find_pair_avx2(
    const unsigned char *haystack, size_t length, unsigned char first, unsigned char second, int *found) {
    const __m256i firsts = _mm256_set1_epi8((char)first);
    const __m256i seconds = _mm256_set1_epi8((char)second);
    size_t position = 0;
    for (; position + 33 <= length; position += 32) {
        const __m256i here = _mm256_loadu_si256((const __m256i *)(haystack + position));
        const __m256i next = _mm256_loadu_si256((const __m256i *)(haystack + position + 1));
        const unsigned hits = (unsigned)_mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(here, firsts), _mm256_cmpeq_epi8(next, seconds)));
        if (hits != 0) {
            *found = 1;
            return position + (size_t)__builtin_ctz(hits);
        }
    }
    *found = 0;
    return position;
}
#endif

const unsigned char *csearch_find_pair(const unsigned char *haystack, size_t length, unsigned char first, unsigned char second) {
    if (length < 2) return NULL;
    size_t position = 0;
#if defined(__x86_64__)
    // The processor's features, read once at start-up by the compiler's runtime.
    if (length >= 33 && __builtin_cpu_supports("avx2")) {
        int found = 0;
        position = find_pair_avx2(haystack, length, first, second, &found);
        if (found) return haystack + position;
    }
    // SSE2 is part of x86-64: 16 positions at a time.
    const __m128i firsts = _mm_set1_epi8((char)first);
    const __m128i seconds = _mm_set1_epi8((char)second);
    for (; position + 17 <= length; position += 16) {
        const __m128i here = _mm_loadu_si128((const __m128i *)(haystack + position));
        const __m128i next = _mm_loadu_si128((const __m128i *)(haystack + position + 1));
        const unsigned hits = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(here, firsts), _mm_cmpeq_epi8(next, seconds)));
        if (hits != 0) return haystack + position + __builtin_ctz(hits);
    }
#endif
    // The rest (and everything on other processors): memchr to each `first`.
    while (position + 1 < length) {
        const unsigned char *found = memchr(haystack + position, first, length - 1 - position);
        if (found == NULL) return NULL;
        if (found[1] == second) return found;
        position = (size_t)(found - haystack) + 1;
    }
    return NULL;
}
