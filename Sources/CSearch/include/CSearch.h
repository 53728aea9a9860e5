// What the search index (TextArena.swift) scans with: a pair of bytes, which glibc's memmem(3)
// walks one byte at a time (Docs/ARCHITECTURE.md, "Search").
#ifndef CSEARCH_H
#define CSEARCH_H

#include <stddef.h>

/// The first position in `haystack` (`length` bytes) holding `first` followed by `second`,
/// or NULL: 32 positions at a time with AVX2, 16 with SSE2 (the "packed pair" of Rust's
/// memchr crate), memchr to each `first` elsewhere.
const unsigned char *csearch_find_pair(const unsigned char *haystack, size_t length, unsigned char first, unsigned char second);

#endif
