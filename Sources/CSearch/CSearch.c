#define _GNU_SOURCE
#include <string.h>

#include "CSearch.h"

const void *csearch_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}
