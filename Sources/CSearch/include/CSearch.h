// What the search index scans its packed logins and notes with
// (Sources/GHUsersKit/Search/LoginArena.swift): a search for a pair of bytes, which glibc's
// memmem(3) walks one byte at a time (Docs/ARCHITECTURE.md, "Search").
#ifndef CSEARCH_H
#define CSEARCH_H

#include <stddef.h>

/// The first position in `haystack` (`length` bytes) holding `first` followed by `second`,
/// or NULL: 32 positions at a time with AVX2, 16 with SSE2 (the "packed pair" of Rust's
/// memchr crate), memchr to each `first` elsewhere.
const unsigned char *csearch_find_pair(const unsigned char *haystack, size_t length, unsigned char first, unsigned char second);

/// Gives the memory the scans and packed matches freed back to the system: glibc's
/// malloc_trim(3), which Swift's Glibc module does not export; 1 if some was given back.
/// Nothing elsewhere (0).
int csearch_return_freed_memory(void);

#endif
